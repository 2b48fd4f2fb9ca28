package vm

// Guards as Go functions. Most guards are an expression over variables
// and constants, then jzfail; guardok: fork[first] == 0, turn == _pid,
// x > 0. The search and the runner test such a guard in every state,
// for every process at it, far more often than they take a transition;
// compiled to a tree of Go closures, a guard costs a few calls instead of
// a dispatch of the interpreter per instruction. The closures compute
// exactly what the instructions compute; where the instructions would
// raise a run-time error (an index out of range, a division by zero) a
// closure says it cannot tell, and Guard runs the instructions, which
// raise the error as before. Statement and condition marks are not in
// the closures: Guard calls them only when no hook watches.

// exprFn computes an expression in the machine's current context (state
// buffer buf, process vm.pid); ok is false when the instructions would
// raise a run-time error.
type exprFn func(vm *Machine, buf []byte) (v int64, ok bool)

// gnode is an expression the instructions of a guard compute, read off
// them by following their stack.
type gnode struct {
	op   Op // an instruction's Op (OpIndex: an element's address)
	a    int64
	sc   Scalar
	x, y *gnode
	// OpIndex: the element size and the array's length
	stride, n int64
}

// compileGuard returns the closure that computes the guard of c, and the
// pc after its guardok, when the guard (from c.start) is an expression
// the closures cover followed by jzfail; guardok; nil otherwise.
func compileGuard(c *Code) (exprFn, int32) {
	var st []*gnode
	pop := func() *gnode {
		n := st[len(st)-1]
		st = st[:len(st)-1]
		return n
	}
	ins := c.Instrs
	for pc := int(c.start); pc < len(ins); pc++ {
		in := ins[pc]
		switch in.Op {
		case OpNop, OpStmt, OpCond:
		case OpConst, OpAddrG, OpAddrL, OpPid, OpNrPr, OpTimeout:
			st = append(st, &gnode{op: in.Op, a: int64(in.A)})
		case OpLoadG, OpLoadL:
			if Scalar(in.B) > ScalarInt {
				return nil, 0
			}
			st = append(st, &gnode{op: in.Op, a: int64(in.A), sc: Scalar(in.B)})
		case OpLoadA:
			if Scalar(in.B) > ScalarInt || len(st) < 1 {
				return nil, 0
			}
			st = append(st, &gnode{op: OpLoadA, sc: Scalar(in.B), x: pop()})
		case OpIndex:
			if len(st) < 2 {
				return nil, 0
			}
			i := pop()
			st = append(st, &gnode{op: OpIndex, x: pop(), y: i, stride: int64(in.A), n: int64(in.B)})
		case OpField:
			if len(st) < 1 {
				return nil, 0
			}
			st = append(st, &gnode{op: OpAdd, x: pop(), y: &gnode{op: OpConst, a: int64(in.A)}})
		case OpAdd, OpSub, OpMul, OpDiv, OpMod, OpBitAnd, OpBitOr, OpBitXor, OpShl, OpShr,
			OpEq, OpNe, OpLt, OpGt, OpLe, OpGe:
			if len(st) < 2 {
				return nil, 0
			}
			y := pop()
			st = append(st, &gnode{op: in.Op, x: pop(), y: y})
		case OpNot, OpNeg, OpCompl:
			if len(st) < 1 {
				return nil, 0
			}
			st = append(st, &gnode{op: in.Op, x: pop()})
		case OpJzFail:
			if len(st) != 1 || pc+1 >= len(ins) || ins[pc+1].Op != OpGuardOK {
				return nil, 0
			}
			return st[0].fn(), int32(pc + 2)
		default:
			return nil, 0 // jumps, channels, processes: the interpreter
		}
	}
	return nil, 0
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
		return func(vm *Machine, _ []byte) (int64, bool) { return int64(len(vm.s.Procs)), true }
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
