package vm

// Guards as Go functions. Most guards are an expression over variables
// and constants, then jzfail; guardok: fork[first] == 0, turn == _pid,
// x > 0. The search and the runner test such a guard in every state,
// for every process at it, far more often than they take a transition;
// compiled to a tree of Go closures, a guard costs a few calls instead of
// a dispatch of the interpreter per instruction. The closures compute
// exactly what the instructions compute; where the instructions would
// raise a run-time error (an index out of range, a division by zero, a
// channel that does not exist) a closure says it cannot tell, before
// anything records an error, and Guard runs the instructions, which raise
// the error as before. Statement and condition marks are not in
// the closures: Guard calls them only when no hook watches.

// exprFn computes an expression in the machine's current context (state
// buffer buf, process vm.pid); ok is false when the instructions would
// raise a run-time error.
type exprFn func(vm *Machine, buf []byte) (v int64, ok bool)

// gnode is an expression the instructions of a guard compute, read off
// them by following their stack.
type gnode struct {
	// op is an instruction's Op; OpIndex is an element's address, OpJz
	// and OpJnz a chain of && or ||, OpJmp c -> x : y (see sym).
	op   Op
	a    int64
	sc   Scalar
	x, y *gnode
	// OpIndex: the element size and the array's length
	stride, n int64
	// OpJz, OpJnz: the chain's operands and its two values; OpJmp: the
	// condition, then x and y; OpPollMatch: the channel, then the values
	// matched (evaluated in the order the instructions evaluate them:
	// recvOpen's checks first)
	args   []*gnode
	c1, c2 int64
	pat    *RecvPattern // OpPollMatch
	test   bool         // OpPollMatch: a test c?[..], not a receive's
}

// pollFilter decides a receive or poll of pattern pat on channel c
// (test: a poll c?[..]) where its values do not matter (done), as the
// instructions would: STDIN, a channel that does not exist or the poll
// of a rendezvous channel (an error: not ok, the instructions raise it);
// then match's usual answers, without its call and its second look-up
// of the channel: a receive on another channel than a rendezvous
// offer's, and an empty channel (a rendezvous channel outside an offer),
// fail. Most receives tried fail so: a handshake tries every process at
// a receive.
func (vm *Machine) pollFilter(buf []byte, c int64, pat *RecvPattern, test bool) (v int64, ok, done bool) {
	if pat.Stdin && c == 0 && vm.Input != nil {
		return b2i(vm.Pending == 0), true, true // (as the instructions)
	}
	if c < 1 || c > int64(len(vm.s.Chans)) {
		return 0, false, true
	}
	if (test || pat.Copy) && vm.M.hasRendezvous && !vm.Simulator &&
		(vm.M.rendezvous(vm.s, c) || pat.Copy && !vm.M.hasBuffered) {
		return 0, false, true // a poll of a rendezvous channel: an error the instructions count (pollRendezvous)
	}
	if (test || pat.Copy) && vm.Simulator && vm.M.hasRendezvous && vm.M.rendezvous(vm.s, c) {
		return 0, true, true // (see Machine.recvOpen)
	}
	if vm.Pending != 0 && c != int64(vm.Pending) {
		return 0, true, true
	}
	// (c??[..] has no length test, in pan: its values are evaluated
	// anyway, as recvOpen does)
	if off := vm.s.Chans[c-1]; chanLen(buf, off, vm.M.Chans[buf[off]]) == 0 && !(test && pat.Random && !vm.Simulator) {
		return 0, true, true
	}
	return 0, false, false
}

// recvTest is a guard that is only a receive (not a poll, not STDIN's,
// its values plain) from a channel variable, or an element of a global
// array of them indexed by a constant or a variable: where a pass tries
// it, it often fails on its channel alone, which blocked finds out from
// the state without a call of Guard and its closures (most transitions a
// pass tries are such receives when the model's channels are
// rendezvous: every process at a receive tries its own channel against
// each offer, and finds it empty outside one).
type recvTest struct {
	off   int64  // the variable, or the array's base
	local bool   // off is in the process's locals
	sc    Scalar // the variable's, or the array element's
	// An array's element: stride and length, and the index: a constant
	// (idx.op OpConst, its value in idx.a) or a variable (OpLoadG,
	// OpLoadL).
	array     bool
	idx       gnode
	stride, n int64
	// fixed: the variables the channel is read from are written by no
	// statement, so the channel is the same in every state, for a
	// process (offers.go)
	fixed bool
}

// recvTest returns the test of the guard n, nil when n is not such a
// receive.
func (n *gnode) recvTest() *recvTest {
	if n.op != OpPollMatch || n.test || n.pat.Copy || n.pat.Stdin {
		return nil
	}
	for _, a := range n.args[1:] {
		if !a.plain() {
			return nil
		}
	}
	switch ch := n.args[0]; ch.op {
	case OpLoadG, OpLoadL:
		return &recvTest{off: ch.a, local: ch.op == OpLoadL, sc: ch.sc}
	case OpLoadA:
		x := ch.x
		if x.op != OpIndex || x.x.op != OpAddrG {
			return nil
		}
		switch x.y.op {
		case OpConst, OpLoadG, OpLoadL:
			return &recvTest{off: x.x.a, sc: ch.sc, array: true, idx: *x.y, stride: x.stride, n: x.n}
		}
	}
	return nil
}

// blocked reports that the receive is not executable in s for process
// pid (whose locals start at pbase) as its guard would find without an
// error: another channel than the rendezvous offer's (vm.Pending), or an
// empty channel. False when it cannot tell (Guard must).
func (r *recvTest) blocked(vm *Machine, s *State, pbase int) bool {
	buf := s.Buf
	var c int64
	if !r.array {
		off := int(r.off)
		if r.local {
			off += pbase
		}
		c, _ = loadFast(buf, off, r.sc)
	} else {
		k := r.idx.a
		switch r.idx.op {
		case OpLoadG:
			k, _ = loadFast(buf, int(r.idx.a), r.idx.sc)
		case OpLoadL:
			k, _ = loadFast(buf, pbase+int(r.idx.a), r.idx.sc)
		}
		if k < 0 || k >= r.n {
			return false // (an error the instructions raise)
		}
		c, _ = loadFast(buf, int(r.off+k*r.stride), r.sc)
	}
	if c < 1 || c > int64(len(s.Chans)) {
		return false
	}
	if vm.Pending != 0 && c != int64(vm.Pending) {
		return true
	}
	off := s.Chans[c-1]
	return chanLen(buf, off, vm.M.Chans[buf[off]]) == 0
}

// plain reports whether n is a value that cannot fail and reads no
// more than a variable: computing it later or not at all changes
// nothing.
func (n *gnode) plain() bool {
	switch n.op {
	case OpConst, OpAddrG, OpAddrL, OpPid, OpNrPr, OpTimeout, OpLoadG, OpLoadL:
		return true
	}
	return false
}

// maxMatched is the most values a poll the closures compute matches.
const maxMatched = 8

// compileGuard returns the closure that computes the guard of c, and the
// pc after its guardok, when the guard (from c.start) is an expression
// the closures cover followed by jzfail; guardok; nil otherwise. It sets
// c.recv when the guard is a receive a pass can rule out without it
// (recvTest).
func compileGuard(c *Code) (exprFn, int32) {
	ins := c.Instrs
	for end := int(c.start); end+1 < len(ins); end++ {
		switch ins[end].Op {
		case OpJzFail:
			if ins[end+1].Op != OpGuardOK {
				return nil, 0
			}
			st, ok := sym(c, int(c.start), end, nil)
			if !ok || len(st) != 1 {
				return nil, 0
			}
			c.recv = st[0].recvTest()
			return st[0].fn(), int32(end + 2)
		case OpGuardOK:
			return nil, 0
		}
	}
	return nil, 0
}

// sym follows instructions lo..hi-1 on a stack of expressions, and
// returns the stack at hi. It fails (false) on an instruction the
// closures do not cover, and on control that would leave lo..hi other
// than by reaching hi. Jumps are followed in the shapes the compiler
// emits (gen.go) for && and || (shortCircuit: operands each followed by
// the same jump to T; then const c1, jmp T+1, T: const c2), for the
// options of an if or do as a guard (the same, with jnz), and for
// c -> x : y (jz T; x; jmp E; T: y; E:); each shape is checked whole,
// so the closures follow the control the instructions follow.
func sym(c *Code, lo, hi int, st []*gnode) ([]*gnode, bool) {
	ins := c.Instrs
	pop := func() *gnode {
		n := st[len(st)-1]
		st = st[:len(st)-1]
		return n
	}
	pc := lo
	for pc < hi {
		in := ins[pc]
		switch in.Op {
		case OpNop, OpStmt, OpCond:
		case OpConst, OpAddrG, OpAddrL, OpPid, OpNrPr, OpTimeout:
			st = append(st, &gnode{op: in.Op, a: int64(in.A)})
		case OpLoadG, OpLoadL:
			if Scalar(in.B) > ScalarInt {
				return nil, false
			}
			st = append(st, &gnode{op: in.Op, a: int64(in.A), sc: Scalar(in.B)})
		case OpLoadA:
			if Scalar(in.B) > ScalarInt || len(st) < 1 {
				return nil, false
			}
			st = append(st, &gnode{op: OpLoadA, sc: Scalar(in.B), x: pop()})
		case OpIndex:
			if len(st) < 2 {
				return nil, false
			}
			i := pop()
			st = append(st, &gnode{op: OpIndex, x: pop(), y: i, stride: int64(in.A), n: int64(in.B)})
		case OpField:
			if len(st) < 1 {
				return nil, false
			}
			st = append(st, &gnode{op: OpAdd, x: pop(), y: &gnode{op: OpConst, a: int64(in.A)}})
		case OpAdd, OpSub, OpMul, OpDiv, OpMod, OpBitAnd, OpBitOr, OpBitXor, OpShl, OpShr,
			OpEq, OpNe, OpLt, OpGt, OpLe, OpGe:
			if len(st) < 2 {
				return nil, false
			}
			y := pop()
			st = append(st, &gnode{op: in.Op, x: pop(), y: y})
		case OpNot, OpNeg, OpCompl, OpSendOK, OpChanLen, OpChanEmpty, OpChanNEmpty, OpChanFull, OpChanNFull:
			if len(st) < 1 {
				return nil, false
			}
			st = append(st, &gnode{op: in.Op, x: pop()})
		case OpPollMatch:
			n := int(in.B)
			if n > maxMatched || len(st) < n+1 {
				return nil, false
			}
			args := append([]*gnode(nil), st[len(st)-n-1:]...)
			st = append(st[:len(st)-n-1], &gnode{op: OpPollMatch, args: args, pat: c.Patterns[in.A], test: in.C == 0})
		case OpRecvOpen:
			// a lazy pattern: the channel, then each value followed by
			// its OpRecvCmp, up to its OpPollMatch at end; the closure
			// evaluates them in the same order
			end := int(in.B)
			if len(st) < 1 || end >= hi || ins[end].Op != OpPollMatch {
				return nil, false
			}
			args := []*gnode{st[len(st)-1]}
			from := pc + 1
			for k := from; k < end; k++ {
				if ins[k].Op == OpRecvCmp && int(ins[k].B) == end {
					x, ok := sym(c, from, k, nil)
					if !ok || len(x) != 1 {
						return nil, false
					}
					args = append(args, x[0])
					from = k + 1
				}
			}
			n := len(args) - 1 // the values of ?? stay for OpPollMatch
			if !c.Patterns[in.A].Random {
				n = 0
			}
			if from != end || int(ins[end].B) != n || len(args) > maxMatched+1 {
				return nil, false
			}
			st = append(st[:len(st)-1], &gnode{op: OpPollMatch, args: args, pat: c.Patterns[in.A], test: ins[end].C == 0})
			pc = end + 1
			continue
		case OpJz, OpJnz:
			t := int(in.A)
			if len(st) < 1 || t <= pc || t >= hi {
				return nil, false
			}
			cond := pop()
			if n, ok := chain(c, pc, t, cond); ok {
				st = append(st, n)
				pc = t + 1
				continue
			}
			// c -> x : y
			end := int(ins[t-1].A)
			if in.Op != OpJz || ins[t-1].Op != OpJmp || end < t || end > hi {
				return nil, false
			}
			x, ok := sym(c, pc+1, t-1, nil)
			if !ok || len(x) != 1 {
				return nil, false
			}
			y, ok := sym(c, t, end, nil)
			if !ok || len(y) != 1 {
				return nil, false
			}
			st = append(st, &gnode{op: OpJmp, args: []*gnode{cond}, x: x[0], y: y[0]})
			pc = end
			continue
		default:
			return nil, false // jumps elsewhere, channels, processes: the interpreter
		}
		pc++
	}
	return st, pc == hi
}

// chain reads the chain of && or || whose first jump (jz or jnz to t)
// is at pc, its first operand first (see sym); false when the
// instructions up to t are not such a chain.
func chain(c *Code, pc, t int, first *gnode) (*gnode, bool) {
	ins := c.Instrs
	op := ins[pc].Op
	if t < pc+4 || ins[t-3].Op != op || int(ins[t-3].A) != t || ins[t-2].Op != OpConst ||
		ins[t-1].Op != OpJmp || int(ins[t-1].A) != t+1 || ins[t].Op != OpConst {
		return nil, false
	}
	n := &gnode{op: op, args: []*gnode{first}, c1: int64(ins[t-2].A), c2: int64(ins[t].A)}
	from := pc + 1
	for k := pc + 1; k <= t-3; k++ {
		if ins[k].Op == op && int(ins[k].A) == t {
			x, ok := sym(c, from, k, nil)
			if !ok || len(x) != 1 {
				return nil, false
			}
			n.args = append(n.args, x[0])
			from = k + 1
		}
	}
	return n, true
}

// fn returns the closure that computes n.
func (n *gnode) fn() exprFn {
	switch n.op {
	case OpConst, OpAddrG:
		k := n.a
		return func(*Machine, []byte) (int64, bool) { return k, true }
	case OpAddrL:
		off := n.a
		return func(vm *Machine, _ []byte) (int64, bool) { return int64(vm.pbase) + off, true }
	case OpPid:
		return func(vm *Machine, _ []byte) (int64, bool) { return int64(vm.pid), true }
	case OpNrPr:
		return func(vm *Machine, _ []byte) (int64, bool) { return int64(vm.M.NrPr(vm.s)), true }
	case OpTimeout:
		return func(vm *Machine, _ []byte) (int64, bool) { return b2i(vm.Timeout), true }
	case OpLoadG:
		off, sc := int(n.a), n.sc
		return func(_ *Machine, buf []byte) (int64, bool) { return loadFast(buf, off, sc) }
	case OpLoadL:
		off, sc := int(n.a), n.sc
		return func(vm *Machine, buf []byte) (int64, bool) { return loadFast(buf, vm.pbase+off, sc) }
	case OpIndex:
		addr, i, stride, ln := n.x.fn(), n.y.fn(), n.stride, n.n
		return func(vm *Machine, buf []byte) (int64, bool) {
			a, ok := addr(vm, buf)
			k, ok2 := i(vm, buf)
			if !ok || !ok2 || k < 0 || k >= ln {
				return 0, false
			}
			return a + k*stride, true
		}
	case OpLoadA:
		sc := n.sc
		if x := n.x; x.op == OpIndex && x.x.op == OpAddrG {
			// An element of a global array, the most frequent.
			base, i, stride, ln := x.x.a, x.y.fn(), x.stride, x.n
			if y := x.y; y.op == OpLoadL {
				// indexed by a local variable (a process's parameter:
				// get[i]), without the index's call
				off, isc := int(y.a), y.sc
				return func(vm *Machine, buf []byte) (int64, bool) {
					k, _ := loadFast(buf, vm.pbase+off, isc)
					if k < 0 || k >= ln {
						return 0, false
					}
					return loadFast(buf, int(base+k*stride), sc)
				}
			}
			return func(vm *Machine, buf []byte) (int64, bool) {
				k, ok := i(vm, buf)
				if !ok || k < 0 || k >= ln {
					return 0, false
				}
				return loadFast(buf, int(base+k*stride), sc)
			}
		}
		addr := n.x.fn()
		return func(vm *Machine, buf []byte) (int64, bool) {
			a, ok := addr(vm, buf)
			if !ok {
				return 0, false
			}
			return loadFast(buf, int(a), sc)
		}
	case OpJz, OpJnz:
		// A chain of && (jz: c2 at the first operand that is 0) or of
		// || (jnz: c2 at the first that is not), c1 when none is.
		args := make([]exprFn, len(n.args))
		for i, a := range n.args {
			args[i] = a.fn()
		}
		stop, c1, c2 := n.op == OpJnz, n.c1, n.c2
		return func(vm *Machine, buf []byte) (int64, bool) {
			for _, f := range args {
				v, ok := f(vm, buf)
				if !ok {
					return 0, false
				}
				if (v != 0) == stop {
					return c2, true
				}
			}
			return c1, true
		}
	case OpJmp:
		c, x, y := n.args[0].fn(), n.x.fn(), n.y.fn()
		return func(vm *Machine, buf []byte) (int64, bool) {
			v, ok := c(vm, buf)
			if !ok {
				return 0, false
			}
			if v != 0 {
				return x(vm, buf)
			}
			return y(vm, buf)
		}
	case OpSendOK, OpChanLen, OpChanEmpty, OpChanNEmpty, OpChanFull, OpChanNFull:
		// A channel that does not exist is an error: the instructions
		// raise it.
		x, op := n.x.fn(), n.op
		return func(vm *Machine, buf []byte) (int64, bool) {
			ch, ok := x(vm, buf)
			if !ok || ch < 1 || ch > int64(len(vm.s.Chans)) {
				return 0, false
			}
			if op == OpSendOK {
				return b2i(vm.canSend(ch)), true
			}
			off, ct := vm.channel(ch)
			k := chanLen(buf, off, ct)
			switch op {
			case OpChanLen:
				return int64(k), true
			case OpChanEmpty:
				return b2i(k == 0), true
			case OpChanNEmpty:
				return b2i(k > 0), true
			case OpChanFull:
				return b2i(ct.full(k, vm.Simulator)), true
			}
			return b2i(!ct.full(k, vm.Simulator)), true // OpChanNFull
		}
	case OpPollMatch:
		ch, pat, test := n.args[0].fn(), n.pat, n.test
		vals := make([]exprFn, len(n.args)-1)
		lazy := true
		for i, a := range n.args[1:] {
			vals[i] = a.fn()
			lazy = lazy && a.plain()
		}
		eval := func(vm *Machine, buf []byte, vs *[maxMatched]int64) bool {
			for i, f := range vals {
				var ok bool
				if vs[i], ok = f(vm, buf); !ok {
					return false
				}
			}
			return true
		}
		if lazy {
			// Values that cannot fail and change nothing are computed
			// only for match: most receives tried fail on their channel
			// (pollFilter), before they are needed.
			return func(vm *Machine, buf []byte) (int64, bool) {
				c, ok := ch(vm, buf)
				if !ok {
					return 0, false
				}
				if v, ok, done := vm.pollFilter(buf, c, pat, test); done {
					return v, ok
				}
				var vs [maxMatched]int64
				eval(vm, buf, &vs)
				_, found := vm.match(c, pat, vs[:len(vals)])
				return b2i(found == recvYes), true
			}
		}
		var leaves []int // the leaf each value is compared with
		for j, m := range pat.Match {
			if m {
				leaves = append(leaves, j)
			}
		}
		return func(vm *Machine, buf []byte) (int64, bool) {
			c, ok := ch(vm, buf)
			if !ok {
				return 0, false
			}
			if v, ok, done := vm.pollFilter(buf, c, pat, test); done {
				return v, ok
			}
			off := vm.s.Chans[c-1]
			ct := vm.M.Chans[buf[off]]
			if pat.Random && pat.Lazy && vm.Simulator {
				return 0, false // SPIN's simulator's order (OpRecvCmp): the instructions
			}
			if !pat.Random {
				for i, f := range vals {
					v, ok := f(vm, buf)
					if !ok {
						return 0, false
					}
					if j := leaves[i]; j < len(ct.Leaves) && !leafIs(buf, off, ct, 0, j, v) {
						return 0, true
					}
				}
				return 1, true
			}
			var vs [maxMatched]int64
			for i, f := range vals {
				if vs[i], ok = f(vm, buf); !ok {
					return 0, false
				}
			}
			_, found := vm.match(c, pat, vs[:len(vals)])
			return b2i(found == recvYes), true
		}
	case OpNot:
		x := n.x.fn()
		return func(vm *Machine, buf []byte) (int64, bool) {
			v, ok := x(vm, buf)
			return b2i(v == 0), ok
		}
	case OpNeg:
		x := n.x.fn()
		return func(vm *Machine, buf []byte) (int64, bool) {
			v, ok := x(vm, buf)
			return -v, ok
		}
	case OpCompl:
		x := n.x.fn()
		return func(vm *Machine, buf []byte) (int64, bool) {
			v, ok := x(vm, buf)
			return ^v, ok
		}
	}
	op := n.op
	x := n.x.fn()
	if isCompare(op) {
		if n.y.op == OpConst {
			k := n.y.a
			if n.x.op == OpLoadL {
				// a local variable against a constant, without the
				// variable's call
				off, sc := int(n.x.a), n.x.sc
				return func(vm *Machine, buf []byte) (int64, bool) {
					v, _ := loadFast(buf, vm.pbase+off, sc)
					return b2i(compare(op, v, k)), true
				}
			}
			return func(vm *Machine, buf []byte) (int64, bool) {
				v, ok := x(vm, buf)
				return b2i(compare(op, v, k)), ok
			}
		}
		y := n.y.fn()
		return func(vm *Machine, buf []byte) (int64, bool) {
			v, ok := x(vm, buf)
			w, ok2 := y(vm, buf)
			return b2i(compare(op, v, w)), ok && ok2
		}
	}
	y := n.y.fn()
	return func(vm *Machine, buf []byte) (int64, bool) {
		v, ok := x(vm, buf)
		w, ok2 := y(vm, buf)
		if !ok || !ok2 {
			return 0, false
		}
		return binary(op, v, w) // (false: a division by zero)
	}
}
