package vm

// The machine's fast path: fused instructions, and a loop (fast) that
// runs the frequent instructions with the operand stack in registers.
// A simulation, a random walk and a search test the guards of every
// process in every state, so what a guard costs is most of what a step
// costs.
//
// Fused instructions. A guard such as fork[first] == 0 is eight
// instructions, and the machine pays for each dispatch (a bounds check,
// a jump through the switch's table, the operand stack in memory) about
// what the instruction itself costs. The machine runs a copy of a
// transition's code (Code.exec) in which the first instruction of a
// frequent sequence is replaced by one that does the whole sequence.
//
// Only the Op of the sequence's first instruction changes (and an operand
// field the original instruction does not use, to say which comparison);
// the instructions after it stay as they are, so a jump into the middle
// of a sequence runs the rest of it as before, and a fused instruction
// reads the operands of the instructions it stands for where they are.
// No sequence holds a statement or condition mark, so the hooks see what
// they saw. A fused instruction that fails sets pc where the original one
// would have, so that errors name the same statement. Code.Instrs, which
// the fingerprint, the dumps and the disassembly read, is left as
// compiled: the fused operations exist only in the copy.
const (
	// const K; CMP: the top of the stack becomes (top CMP K). B holds
	// the comparison's Op.
	opCmpK Op = numOps + iota
	// const K; CMP; jzfail, and guardok after it when C is 1: pops the
	// top, the transition is not executable unless (top CMP K). B holds
	// the comparison's Op.
	opCmpKFail
	// CMP; jzfail, and guardok after it when B is 1. A holds the
	// comparison's Op.
	opCmpFail
	// CMP; jz, and CMP; jnz. A holds the comparison's Op; the jump's
	// target is the A of the jump.
	opCmpJz
	opCmpJnz
	// jzfail; guardok.
	opFailOK
	// addrg; loadl; index and addrg; pid; index: the address of an
	// element of a global array, indexed by a local or by _pid.
	opAddrLIndex
	opAddrPidIndex
	// index; loada: an element of an array.
	opIndexLoad
	// const K; add (sub), mul, mod, div: the top of the stack becomes
	// top + K (top - K), top * K, top % K, top / K, with K not 0 for
	// the last two.
	opAddK
	opSubK
	opMulK
	opModK
	opDivK
)

// arithK is the fused form of const K followed by op (opAddK and the
// others), OpNop when there is none.
func arithK(op Op, k int32) Op {
	switch op {
	case OpAdd:
		return opAddK
	case OpSub:
		return opSubK
	case OpMul:
		return opMulK
	case OpMod:
		if k != 0 {
			return opModK
		}
	case OpDiv:
		if k != 0 {
			return opDivK
		}
	}
	return OpNop
}

// isCompare reports whether op is a comparison (compare computes it).
func isCompare(op Op) bool {
	switch op {
	case OpEq, OpNe, OpLt, OpGt, OpLe, OpGe:
		return true
	}
	return false
}

// compare applies comparison op to x and y.
func compare(op Op, x, y int64) bool {
	switch op {
	case OpEq:
		return x == y
	case OpNe:
		return x != y
	case OpLt:
		return x < y
	case OpGt:
		return x > y
	case OpLe:
		return x <= y
	}
	return x >= y // OpGe
}

// fuse returns the code the machine runs for ins (see opCmpK and the
// others): a copy of ins with the first instruction of each frequent
// sequence replaced by its fused form.
func fuse(ins []Instr) []Instr {
	ex := append([]Instr(nil), ins...)
	op := func(i int) Op {
		if i < len(ins) {
			return ins[i].Op
		}
		return OpNop
	}
	for i, in := range ins {
		switch {
		case in.Op == OpConst && isCompare(op(i+1)) && op(i+2) == OpJzFail:
			ex[i].Op, ex[i].B = opCmpKFail, int32(op(i+1))
			if op(i+3) == OpGuardOK {
				ex[i].C = 1
			}
		case in.Op == OpConst && isCompare(op(i+1)):
			ex[i].Op, ex[i].B = opCmpK, int32(op(i+1))
		case in.Op == OpConst && arithK(op(i+1), in.A) != OpNop:
			ex[i].Op = arithK(op(i+1), in.A)
		case isCompare(in.Op) && op(i+1) == OpJzFail:
			ex[i].Op, ex[i].A = opCmpFail, int32(in.Op)
			if op(i+2) == OpGuardOK {
				ex[i].B = 1
			}
		case isCompare(in.Op) && op(i+1) == OpJz:
			ex[i].Op, ex[i].A = opCmpJz, int32(in.Op)
		case isCompare(in.Op) && op(i+1) == OpJnz:
			ex[i].Op, ex[i].A = opCmpJnz, int32(in.Op)
		case in.Op == OpJzFail && op(i+1) == OpGuardOK:
			ex[i].Op = opFailOK
		case in.Op == OpAddrG && op(i+1) == OpLoadL && op(i+2) == OpIndex:
			ex[i].Op = opAddrLIndex
		case in.Op == OpAddrG && op(i+1) == OpPid && op(i+2) == OpIndex:
			ex[i].Op = opAddrPidIndex
		case in.Op == OpIndex && op(i+1) == OpLoadA:
			ex[i].Op = opIndexLoad
		}
	}
	return ex
}

// fast runs code from pc as run does, for as long as the instructions are
// the frequent, simple ones: it executes those without a call, so that
// its loop keeps the operand stack and its place in registers. At any
// other instruction (and at one that would raise an error, or call a
// hook) it hands over to run, which executes the rest.
func (vm *Machine) fast(code *Code, pc int, guard bool) (int, bool) {
	ins := code.exec
	if ins == nil || vm.Trace != nil || vm.Cond != nil {
		return vm.run(code, pc, guard) // (hooks are called from run)
	}
	buf, pbase := vm.s.Buf, vm.pbase
	st := vm.stack
	sp := len(st) // st[:sp] is the stack
	if cap(st)-sp <= len(ins) {
		// Room for a push per instruction: no instruction pushes more
		// than one value, and the loop jumps only forward, so it
		// executes each at most once and needs no check of the room.
		st = append(make([]int64, 0, 2*(sp+len(ins)+1)), st...)
		vm.stack = st
	}
	st = st[:cap(st)]
	for uint(pc) < uint(len(ins)) {
		in := &ins[pc]
		switch in.Op {
		case OpNop:
		case OpConst, OpAddrG:
			st[sp] = int64(in.A)
			sp++
		case OpAddrL:
			st[sp] = int64(pbase + int(in.A))
			sp++
		case OpPid:
			st[sp] = int64(vm.pid)
			sp++
		case OpLoadG, OpLoadL:
			off := int(in.A)
			if in.Op == OpLoadL {
				off += pbase
			}
			v, ok := loadFast(buf, off, Scalar(in.B))
			if !ok {
				goto slow
			}
			st[sp] = v
			sp++
		case OpLoadA:
			v, ok := loadFast(buf, int(st[sp-1]), Scalar(in.B))
			if !ok {
				goto slow
			}
			st[sp-1] = v
		case OpStoreG, OpStoreL:
			off := int(in.A)
			if in.Op == OpStoreL {
				off += pbase
			}
			if !storeFast(buf, off, Scalar(in.B), st[sp-1]) {
				goto slow
			}
			sp--
		case OpStoreA:
			if !storeFast(buf, int(st[sp-2]), Scalar(in.B), st[sp-1]) {
				goto slow
			}
			sp -= 2
		case OpIndex:
			i := st[sp-1]
			if i < 0 || i >= int64(in.B) {
				goto slow // run raises the error
			}
			sp--
			st[sp-1] += i * int64(in.A)
		case OpField:
			st[sp-1] += int64(in.A)
		case OpPop:
			sp--
		case OpAdd:
			sp--
			st[sp-1] += st[sp]
		case OpSub:
			sp--
			st[sp-1] -= st[sp]
		case OpMul:
			sp--
			st[sp-1] *= st[sp]
		case OpDiv, OpMod:
			if st[sp-1] == 0 {
				goto slow // run raises the error
			}
			sp--
			if in.Op == OpDiv {
				st[sp-1] /= st[sp]
			} else {
				st[sp-1] %= st[sp]
			}
		case OpBitAnd:
			sp--
			st[sp-1] &= st[sp]
		case OpBitOr:
			sp--
			st[sp-1] |= st[sp]
		case OpBitXor:
			sp--
			st[sp-1] ^= st[sp]
		case OpShl:
			sp--
			st[sp-1] <<= uint64(st[sp] & 63)
		case OpShr:
			sp--
			st[sp-1] >>= uint64(st[sp] & 63)
		case OpEq, OpNe, OpLt, OpGt, OpLe, OpGe:
			sp--
			st[sp-1] = b2i(compare(in.Op, st[sp-1], st[sp]))
		case OpNot:
			st[sp-1] = b2i(st[sp-1] == 0)
		case OpNeg:
			st[sp-1] = -st[sp-1]
		case OpCompl:
			st[sp-1] = ^st[sp-1]
		case OpTimeout:
			st[sp] = b2i(vm.Timeout)
			sp++
		case OpNrPr:
			st[sp] = int64(vm.M.NrPr(vm.s))
			sp++
		case OpAssert:
			if st[sp-1] == 0 {
				goto slow // run reports the violation
			}
			sp--
		case OpSend:
			// A message of scalars of the fast classes, in the order
			// of the channel's leaves, appended (send does the rest:
			// sorted sends, other arities, hooks, the simulator's
			// uninitialised channels)
			n := int(in.B)
			ch := st[sp-n-1]
			if in.A == 1 || !vm.plainChans() || ch < 1 || ch > int64(len(vm.s.Chans)) {
				goto slow
			}
			off := vm.s.Chans[ch-1]
			ct := vm.M.Chans[buf[off]]
			if n != len(ct.Leaves) || !ct.fast {
				goto slow
			}
			k := chanLen(buf, off, ct)
			base := slotOff(off, ct, k)
			for i, l := range ct.Leaves {
				storeFast(buf, base+l.Off, l.Scalar, st[sp-n+i])
			}
			setChanLen(buf, off, ct, k+1)
			if ct.Cap == 0 {
				vm.Rendezvous = int(ch)
			}
			sp -= n + 1
		case OpRecvMatch:
			// A receive of the first message of a channel that holds
			// one, whose values it matches (recvOpen and match do the
			// others: a random receive, a copy, a lazy one's).
			n := int(in.B)
			ch := st[sp-n-1]
			p := code.Patterns[in.A]
			if p.Lazy || p.Random || p.Copy || p.Stdin || !vm.plainChans() || ch < 1 || ch > int64(len(vm.s.Chans)) ||
				vm.Pending != 0 && ch != int64(vm.Pending) {
				goto slow
			}
			off := vm.s.Chans[ch-1]
			ct := vm.M.Chans[buf[off]]
			if chanLen(buf, off, ct) == 0 || n > 0 && (!ct.fast || !firstMatches(buf, off, ct, p, st[sp-n:sp])) {
				goto slow
			}
			if vm.XS != nil {
				// recvOpen's checks of xs and xr, as run makes them
				// (here, past every way back to run: they count
				// errors, which run would count again): none when the
				// receive's test made them, in its guard
				if vm.xsTested {
					vm.xsTested = false
				} else {
					vm.xsAccess(ch, xuRecv)
				}
			}
			vm.recvCh, vm.recvMsg, vm.recvN = int(ch), 0, len(p.Match)
			sp -= n + 1
		case OpPollMatch:
			// A receive's test, in its guard (C=1; not a poll c?[..]),
			// whose values are compared with the first message: the
			// checks of recvOpen that apply to it and match's
			// comparisons, then recvOpen's xs and xr checks (past every
			// way back to run: they count errors run would count again).
			n := int(in.B)
			ch := st[sp-n-1]
			p := code.Patterns[in.A]
			if in.C != 1 || p.Lazy || p.Random || p.Copy || p.Stdin || !vm.plainChans() || ch < 1 || ch > int64(len(vm.s.Chans)) {
				goto slow
			}
			off := vm.s.Chans[ch-1]
			ct := vm.M.Chans[buf[off]]
			var yes int64
			if (vm.Pending == 0 || ch == int64(vm.Pending)) && chanLen(buf, off, ct) > 0 {
				if !ct.fast {
					goto slow
				}
				yes = b2i(firstMatches(buf, off, ct, p, st[sp-n:sp]))
			}
			if vm.XS != nil {
				if vm.xsTested {
					vm.xsTested = false
				} else {
					vm.xsAccess(ch, xuRecv)
					vm.xsTested = true
				}
			}
			sp -= n + 1
			st[sp] = yes
			sp++
		case OpSendOK:
			// Whether a message can be sent (canSend), after the xs
			// check of the send (a sorted send's xr check is run's).
			ch := st[sp-1]
			if in.A == 1 && vm.XS != nil || !vm.plainChans() || ch < 1 || ch > int64(len(vm.s.Chans)) {
				goto slow
			}
			off := vm.s.Chans[ch-1]
			ct := vm.M.Chans[buf[off]]
			k := chanLen(buf, off, ct)
			ok := k < ct.Cap
			if ct.Cap == 0 {
				ok = vm.Pending == 0 && k == 0
			}
			if vm.XS != nil {
				vm.xsAccess(ch, xuSend)
			}
			st[sp-1] = b2i(ok)
		case OpChanLen, OpChanEmpty, OpChanNEmpty, OpChanFull, OpChanNFull:
			ch := st[sp-1]
			if !vm.plainChans() || ch < 1 || ch > int64(len(vm.s.Chans)) {
				goto slow
			}
			off := vm.s.Chans[ch-1]
			ct := vm.M.Chans[buf[off]]
			k := chanLen(buf, off, ct)
			var v int64
			switch in.Op {
			case OpChanLen:
				v = int64(k)
				if vm.XS != nil {
					v = b2i(k > 0) // (as run: pan's len(c) with xs or xr)
				}
			case OpChanEmpty:
				v = b2i(k == 0)
			case OpChanNEmpty:
				v = b2i(k > 0)
			case OpChanFull:
				v = b2i(ct.full(k, false))
			case OpChanNFull:
				v = b2i(!ct.full(k, false))
			}
			if vm.XS != nil {
				vm.xsChanTest(in.Op, ch)
			}
			st[sp-1] = v
		case OpEndGuard:
			if vm.pid != len(vm.s.Procs)-1 {
				vm.stack = st[:sp]
				return pc + 1, false // (as run)
			}
		case OpPrintf:
			if vm.Print != nil {
				goto slow
			}
			sp -= int(in.B)
		case OpRecvField:
			if vm.recvMsg < 0 || vm.recvCh == 0 || vm.recvCh > len(vm.s.Chans) {
				goto slow
			}
			off := vm.s.Chans[vm.recvCh-1]
			ct := vm.M.Chans[buf[off]]
			if int(in.A) >= len(ct.Leaves) {
				goto slow
			}
			l := &ct.Leaves[in.A]
			v, ok := loadFast(buf, slotOff(off, ct, vm.recvMsg)+l.Off, l.Scalar)
			if !ok {
				goto slow
			}
			st[sp] = v
			sp++
		case OpRecvRemove:
			if vm.recvMsg < 0 || vm.recvCh == 0 || vm.recvCh > len(vm.s.Chans) || !vm.plainChans() {
				goto slow
			}
			off := vm.s.Chans[vm.recvCh-1]
			ct := vm.M.Chans[buf[off]]
			if vm.recvN != len(ct.Leaves) {
				goto slow // run counts the error
			}
			n := chanLen(buf, off, ct)
			copy(buf[slotOff(off, ct, vm.recvMsg):slotOff(off, ct, n-1)], buf[slotOff(off, ct, vm.recvMsg+1):slotOff(off, ct, n)])
			clear(buf[slotOff(off, ct, n-1):slotOff(off, ct, n)])
			setChanLen(buf, off, ct, n-1)
		case OpJmp:
			if int(in.A) <= pc {
				goto slow // a loop (see the room above)
			}
			pc = int(in.A)
			continue
		case OpJz, OpJnz:
			if int(in.A) <= pc {
				goto slow
			}
			sp--
			if (st[sp] != 0) == (in.Op == OpJnz) {
				pc = int(in.A)
				continue
			}
		case OpJzFail:
			if st[sp-1] == 0 {
				if !guard {
					goto slow // an error
				}
				vm.stack = st[:sp-1]
				return pc + 1, false
			}
			sp--
		case OpGuardOK:
			if guard {
				vm.stack = st[:sp]
				return pc + 1, true
			}
		case OpStmt, OpCond:

		case opCmpK:
			st[sp-1] = b2i(compare(Op(in.B), st[sp-1], int64(in.A)))
			pc++
		case opCmpKFail:
			if !compare(Op(in.B), st[sp-1], int64(in.A)) {
				if !guard {
					goto slow
				}
				vm.stack = st[:sp-1]
				return pc + 3, false
			}
			sp--
			pc += 2
			if in.C == 1 {
				pc++
				if guard {
					vm.stack = st[:sp]
					return pc + 1, true
				}
			}
		case opCmpFail:
			if !compare(Op(in.A), st[sp-2], st[sp-1]) {
				if !guard {
					goto slow
				}
				vm.stack = st[:sp-2]
				return pc + 2, false
			}
			sp -= 2
			pc++
			if in.B == 1 {
				pc++
				if guard {
					vm.stack = st[:sp]
					return pc + 1, true
				}
			}
		case opCmpJz, opCmpJnz:
			to := int(ins[pc+1].A)
			if to <= pc {
				goto slow
			}
			sp -= 2
			if compare(Op(in.A), st[sp], st[sp+1]) == (in.Op == opCmpJnz) {
				pc = to
				continue
			}
			pc++
		case opFailOK:
			if st[sp-1] == 0 {
				if !guard {
					goto slow
				}
				vm.stack = st[:sp-1]
				return pc + 1, false
			}
			sp--
			pc++
			if guard {
				vm.stack = st[:sp]
				return pc + 1, true
			}
		case opAddrLIndex, opAddrPidIndex:
			x := &ins[pc+2]
			var i int64
			if in.Op == opAddrPidIndex {
				i = int64(vm.pid)
			} else {
				l := &ins[pc+1]
				v, ok := loadFast(buf, pbase+int(l.A), Scalar(l.B))
				if !ok {
					goto slow
				}
				i = v
			}
			if i < 0 || i >= int64(x.B) {
				goto slow
			}
			st[sp] = int64(in.A) + i*int64(x.A)
			sp++
			pc += 2
		case opAddK:
			st[sp-1] += int64(in.A)
			pc++
		case opSubK:
			st[sp-1] -= int64(in.A)
			pc++
		case opMulK:
			st[sp-1] *= int64(in.A)
			pc++
		case opModK:
			st[sp-1] %= int64(in.A)
			pc++
		case opDivK:
			st[sp-1] /= int64(in.A)
			pc++
		case opIndexLoad:
			i := st[sp-1]
			if i < 0 || i >= int64(in.B) {
				goto slow
			}
			v, ok := loadFast(buf, int(st[sp-2]+i*int64(in.A)), Scalar(ins[pc+1].B))
			if !ok {
				goto slow
			}
			sp--
			st[sp-1] = v
			pc++
		default:
			goto slow
		}
		pc++
	}
	vm.stack = st[:sp]
	return pc, !vm.fatal
slow:
	vm.stack = st[:sp]
	return vm.run(code, pc, guard)
}

// plainChans reports whether the channel operations need nothing of
// what send and the receives do besides moving a message: no hook
// watches them (the trace's, a chart's; the fast loop makes the xs and
// xr checks of the operations it takes, and leaves those it does not,
// a sorted send's test among them, to run), and the machine is pan's,
// not SPIN's simulator.
func (vm *Machine) plainChans() bool {
	return !vm.Simulator && vm.Chan == nil && vm.M.Trace == nil
}

// firstMatches reports whether the first message of the channel at off,
// of type ct, matches the values vals of pattern p (Machine.matches),
// when the leaves p matches are of the classes loadFast reads
// (ct.fast).
func firstMatches(buf []byte, off int32, ct *ChanType, p *RecvPattern, vals []int64) bool {
	base, k := slotOff(off, ct, 0), 0
	for j := range ct.Leaves {
		if k == len(vals) {
			break
		}
		if j >= len(p.Match) || !p.Match[j] {
			continue
		}
		l := &ct.Leaves[j]
		if v, _ := loadFast(buf, base+l.Off, l.Scalar); v != truncate(l.Scalar, l.Bits, vals[k]) { // (ct.fast: ok)
			return false
		}
		k++
	}
	return true
}

// loadFast is load for the classes of one, two and four bytes; it
// reports false for the others.
func loadFast(b []byte, off int, s Scalar) (int64, bool) {
	switch s {
	case ScalarBit, ScalarByte:
		return int64(b[off]), true
	case ScalarShort:
		return int64(int16(uint16(b[off]) | uint16(b[off+1])<<8)), true
	case ScalarInt:
		return int64(int32(uint32(b[off]) | uint32(b[off+1])<<8 | uint32(b[off+2])<<16 | uint32(b[off+3])<<24)), true
	}
	return 0, false
}

// storeFast is store for the classes of one, two and four bytes; it
// reports false (and stores nothing) for the others.
func storeFast(b []byte, off int, s Scalar, v int64) bool {
	switch s {
	case ScalarBit:
		b[off] = byte(v & 1)
	case ScalarByte:
		b[off] = byte(v)
	case ScalarShort:
		b[off], b[off+1] = byte(v), byte(v>>8)
	case ScalarInt:
		b[off], b[off+1], b[off+2], b[off+3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
	default:
		return false
	}
	return true
}
