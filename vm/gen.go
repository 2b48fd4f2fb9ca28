package vm

import (
	"gmc/lang"
)

// gen emits the code of one transition (or of a process's or the model's
// initialisation).
type gen struct {
	c    *compiler
	pt   *ProcType // the proctype whose locals are in scope; nil for globals
	code *Code
}

func (c *compiler) gen(pt *ProcType) *gen { return &gen{c: c, pt: pt, code: &Code{}} }

func (g *gen) emit(op Op, a, b, cc int32) int {
	g.code.Instrs = append(g.code.Instrs, Instr{Op: op, A: a, B: b, C: cc})
	return len(g.code.Instrs) - 1
}

func (g *gen) op(op Op) int { return g.emit(op, 0, 0, 0) }

func (g *gen) here() int32 { return int32(len(g.code.Instrs)) }

// patch sets the jump target of instruction at to target.
func (g *gen) patch(at int, target int32) { g.code.Instrs[at].A = target }

func (g *gen) constant(v int64) {
	if v != int64(int32(v)) {
		g.c.errorf(lang.Pos{}, "constant %d does not fit in 32 bits", v)
	}
	g.emit(OpConst, int32(v), 0, 0)
}

// place is where a variable reference points: a static offset (absolute for
// a global, relative to the process's locals for a local) or an address
// computed on the stack.
type place struct {
	static bool
	global bool
	off    int
	t      *Type
	v      *Var // the variable a computed address is in (nil: not known)
}

// place emits the code (if any) that computes where r points.
func (g *gen) place(r *lang.VarRef) place {
	v := g.c.vars[r.Var]
	if v == nil {
		g.c.errorf(r.P, "internal: no storage for %s", r.Name)
	}
	p := place{static: true, global: v.Global, off: v.Off, t: v.Type, v: v}
	if r.Index != nil {
		g.dynamic(&p)
		g.expr(r.Index)
		g.emit(OpIndex, int32(v.Type.Size), int32(v.Len), 0)
	}
	g.fields(&p, r.Field)
	return p
}

// fields follows a structure path from place p.
func (g *gen) fields(p *place, f *lang.VarRef) {
	for ; f != nil; f = f.Field {
		fl := p.t.field(f.Var)
		if p.static {
			p.off += fl.Off
		} else if fl.Off != 0 {
			g.emit(OpField, int32(fl.Off), 0, 0)
		}
		if f.Index != nil {
			g.dynamic(p)
			g.expr(f.Index)
			g.emit(OpIndex, int32(fl.Stride), int32(fl.Len), 0)
		}
		p.t = fl.Type
	}
}

// dynamic turns a static place into an address on the stack.
func (g *gen) dynamic(p *place) {
	if !p.static {
		return
	}
	if p.global {
		g.emit(OpAddrG, int32(p.off), 0, 0)
	} else {
		g.emit(OpAddrL, int32(p.off), 0, 0)
	}
	p.static = false
}

// remotePlace emits the address of P[i]:v.
func (g *gen) remotePlace(r *lang.RemoteRef) place {
	pt := g.c.types[r.Proctype]
	g.pid(r)
	v := g.c.vars[r.Var.Var]
	g.emit(OpAddrRemote, int32(v.Off), int32(pt.ID), 0)
	p := place{t: v.Type}
	if r.Var.Index != nil {
		g.expr(r.Var.Index)
		g.emit(OpIndex, int32(v.Type.Size), int32(v.Len), 0)
	}
	g.fields(&p, r.Var.Field)
	return p
}

// pid pushes the process a remote reference names: P[i] is pid i; a bare P
// is the first process of proctype P started with the model.
func (g *gen) pid(r *lang.RemoteRef) {
	if r.Index != nil {
		g.expr(r.Index)
		return
	}
	pid := 0
	for _, pt := range g.c.m.Types {
		if pt.Proc == r.Proctype {
			break
		}
		pid += pt.Active
	}
	g.constant(int64(pid))
}

func (g *gen) load(p place, t *Type) {
	cl, sz := packClass(t)
	switch {
	case !p.static:
		g.emit(OpLoadA, 0, cl, sz)
	case p.global:
		g.emit(OpLoadG, int32(p.off), cl, sz)
	default:
		g.emit(OpLoadL, int32(p.off), cl, sz)
	}
}

func (g *gen) storeTo(p place, t *Type) {
	g.c.writes.note(g.pt, p, t)
	cl, sz := packClass(t)
	switch {
	case !p.static:
		g.emit(OpStoreA, 0, cl, sz)
	case p.global:
		g.emit(OpStoreG, int32(p.off), cl, sz)
	default:
		g.emit(OpStoreL, int32(p.off), cl, sz)
	}
}

// writeSet is where the model's statements store (storeTo): the bytes
// of the globals, and of each proctype's locals, that some statement
// writes. A variable no statement writes keeps its initial value, a
// local the value it had when its process was created: what
// recvTest.fixed asks of a receive's channel (offers.go).
type writeSet struct {
	all    bool // a store to an address not known (another process's variable)
	global []span
	local  map[*ProcType][]span
}

// span is the bytes from, ..., to-1.
type span struct{ from, to int }

// note records the store of a value of type t at p, by a statement of
// proctype pt (nil: the globals' initialisation).
func (w *writeSet) note(pt *ProcType, p place, t *Type) {
	from, to, global := p.off, p.off+t.Size, p.global
	if !p.static {
		if p.v == nil {
			w.all = true
			return
		}
		from, to, global = p.v.Off, p.v.Off+p.v.Size(), p.v.Global
	}
	switch {
	case global:
		w.global = append(w.global, span{from, to})
	case pt == nil:
		w.all = true // (no locals in scope: not expected)
	default:
		if w.local == nil {
			w.local = map[*ProcType][]span{}
		}
		w.local[pt] = append(w.local[pt], span{from, to})
	}
}

// wrote reports whether a statement writes some of the bytes from, ...,
// to-1 of the globals (global) or of proctype pt's locals.
func (w *writeSet) wrote(pt *ProcType, global bool, from, to int) bool {
	spans := w.global
	if !global {
		spans = w.local[pt]
	}
	for _, s := range spans {
		if s.from < to && from < s.to {
			return true
		}
	}
	return false
}

// assign emits r = value().
func (g *gen) assign(r *lang.VarRef, value func()) {
	p := g.place(r)
	value()
	g.storeTo(p, p.t)
}

// leaf loads one scalar of the structure at r.
func (g *gen) leaf(r *lang.VarRef, l Leaf) {
	p := g.place(r)
	t := &Type{Scalar: l.Scalar, Size: l.Size, Bits: l.Bits}
	if p.static {
		p.off += l.Off
	} else if l.Off != 0 {
		g.emit(OpField, int32(l.Off), 0, 0)
	}
	g.load(p, t)
}

func (g *gen) storeLeaf(r *lang.VarRef, l Leaf, value func()) {
	p := g.place(r)
	t := &Type{Scalar: l.Scalar, Size: l.Size, Bits: l.Bits}
	if p.static {
		p.off += l.Off
	} else if l.Off != 0 {
		g.emit(OpField, int32(l.Off), 0, 0)
	}
	value()
	g.storeTo(p, t)
}

// refType returns the type of what r points to.
func (g *gen) refType(r *lang.VarRef) *Type {
	t := g.c.vars[r.Var].Type
	for f := r.Field; f != nil; f = f.Field {
		t = t.field(f.Var).Type
	}
	return t
}

var binaryOps = map[string]Op{
	"+": OpAdd, "-": OpSub, "*": OpMul, "/": OpDiv, "%": OpMod, "&": OpBitAnd,
	"|": OpBitOr, "^": OpBitXor, "<<": OpShl, ">>": OpShr, "==": OpEq, "!=": OpNe,
	"<": OpLt, ">": OpGt, "<=": OpLe, ">=": OpGe,
}

// folded is the value of e when e is arithmetic over constants (the
// macros of a model: N - 1, (W + 1) % S), as the machine computes it, and
// it fits an instruction's operand: expr pushes it as one constant. A
// division by zero is left to the machine, which raises its error; so
// are comparisons and logic, whose values coverage analyses observe.
func folded(e lang.Expr) (int64, bool) {
	var v int64
	switch e := e.(type) {
	case *lang.Const:
		v = e.Val
	case *lang.Unary:
		x, ok := folded(e.X)
		switch {
		case !ok:
			return 0, false
		case e.Op == "-":
			v = -x
		case e.Op == "~":
			v = ^x
		default:
			return 0, false
		}
	case *lang.Binary:
		op := binaryOps[e.Op]
		if op < OpAdd || op > OpShr {
			return 0, false
		}
		x, ok := folded(e.X)
		if !ok {
			return 0, false
		}
		y, ok := folded(e.Y)
		if !ok {
			return 0, false
		}
		if v, ok = binary(op, x, y); !ok {
			return 0, false
		}
	default:
		return 0, false
	}
	return v, v == int64(int32(v))
}

// expr emits code that pushes the value of e.
func (g *gen) expr(e lang.Expr) {
	if v, ok := folded(e); ok {
		if _, c := e.(*lang.Const); !c {
			g.constant(v)
			return
		}
	}
	switch e := e.(type) {
	case *lang.Const:
		g.constant(e.Val)
	case *lang.VarRef:
		switch e.Kind {
		case lang.RefVar:
			p := g.place(e)
			g.load(p, p.t)
		case lang.RefMtype:
			g.constant(e.Mtype.Value)
		case lang.RefPid:
			g.op(OpPid)
		case lang.RefNrPr:
			g.op(OpNrPr)
		case lang.RefLast:
			g.op(OpLast)
		case lang.RefPriority:
			g.op(OpPriority)
		default:
			g.c.errorf(e.P, "cannot use %s as a value", e.Name)
		}
	case *lang.Unary:
		g.expr(e.X)
		switch e.Op {
		case "!":
			g.op(OpNot)
		case "-":
			g.op(OpNeg)
		case "~":
			g.op(OpCompl)
		default:
			g.c.errorf(e.P, "operator %s outside an ltl formula", e.Op)
		}
	case *lang.Binary:
		switch e.Op {
		case "&&", "||":
			g.shortCircuit(e, g.expr)
		default:
			op, ok := binaryOps[e.Op]
			if !ok {
				g.c.errorf(e.P, "operator %s outside an ltl formula", e.Op)
			}
			g.expr(e.X)
			g.expr(e.Y)
			g.op(op)
		}
	case *lang.Cond:
		g.expr(e.C)
		j := g.emit(OpJz, 0, 0, 0)
		g.expr(e.Then)
		end := g.emit(OpJmp, 0, 0, 0)
		g.patch(j, g.here())
		g.expr(e.Else)
		g.patch(end, g.here())
	case *lang.Run:
		for _, a := range e.Args {
			g.expr(a)
		}
		g.emit(OpRun, int32(g.c.types[e.Proc].ID), int32(len(e.Args)), int32(e.Priority))
	case *lang.ChanOp:
		g.expr(e.Chan)
		g.op(map[string]Op{"len": OpChanLen, "empty": OpChanEmpty, "nempty": OpChanNEmpty,
			"full": OpChanFull, "nfull": OpChanNFull}[e.Op])
	case *lang.Poll:
		g.recvMatch(OpPollMatch, 0, e.Chan, e.Args, e.Random, false)
	case *lang.Builtin:
		g.expr(e.X)
		switch e.Op {
		case "enabled":
			g.op(OpEnabled)
		case "pc_value":
			g.op(OpPcValue)
		case "get_priority":
			g.op(OpGetPrio)
		}
	case *lang.Timeout:
		g.op(OpTimeout)
	case *lang.Np:
		g.op(OpNp)
	case *lang.RemoteRef:
		if e.Var != nil {
			p := g.remotePlace(e)
			g.load(p, p.t)
			return
		}
		pt := g.c.types[e.Proctype]
		g.pid(e)
		at := g.emit(OpRemoteLabel, 0, int32(pt.ID), 0)
		g.c.labelRefs = append(g.c.labelRefs, labelRef{g.code, at, pt, e.Label})
	default:
		g.c.errorf(e.Pos(), "cannot compile expression %T", e)
	}
}

// shortCircuit emits e, an && or ||, evaluated as in C (the right side
// may index out of range when the left decides), its sides by side.
func (g *gen) shortCircuit(e *lang.Binary, side func(lang.Expr)) {
	side(e.X)
	jump := OpJz
	if e.Op == "||" {
		jump = OpJnz
	}
	j1 := g.emit(jump, 0, 0, 0)
	side(e.Y)
	j2 := g.emit(jump, 0, 0, 0)
	if e.Op == "&&" {
		g.constant(1)
	} else {
		g.constant(0)
	}
	end := g.emit(OpJmp, 0, 0, 0)
	g.patch(j1, g.here())
	g.patch(j2, g.here())
	if e.Op == "&&" {
		g.constant(0)
	} else {
		g.constant(1)
	}
	g.patch(end, g.here())
}

// chanTypeOf returns the channel type a channel expression is declared
// with, when that is known statically.
func (g *gen) chanTypeOf(ch lang.Expr) *ChanType {
	r, ok := ch.(*lang.VarRef)
	if !ok || r.Kind != lang.RefVar {
		return nil
	}
	v := r.Var
	for f := r.Field; f != nil; f = f.Field {
		v = f.Var
	}
	if v.ChanInit == nil {
		return nil
	}
	return g.c.chanType(v.ChanInit)
}

// msgLeaves returns, for each receive or send argument, the message leaves
// it covers.
func (g *gen) argLeaves(args []lang.Expr) [][]Leaf {
	out := make([][]Leaf, len(args))
	off := 0
	for i, a := range args {
		t := &Type{Scalar: ScalarInt, Size: 4}
		if r, ok := a.(*lang.VarRef); ok && r.Kind == lang.RefVar {
			t = g.refType(r)
		}
		if t.Kind == lang.TStruct {
			out[i] = leavesOf(t, off)
		} else {
			out[i] = []Leaf{{Off: off, Scalar: t.Scalar, Size: t.Size, Bits: t.Bits}}
		}
		off += t.Size
	}
	return out
}

// recvMatch emits a receive's or a poll's test of channel ch against the
// values its constant and eval arguments must match, ending with op
// (OpRecvMatch, or OpPollMatch with c: 1 for a receive's test, 0 for a
// poll), and returns its pattern. Values that are all constants are
// pushed before op, which makes every check; any other value is
// evaluated where pan evaluates it (docs/references.md#spin-recv-order):
// after OpRecvOpen has made the checks, each compared as soon as it is
// evaluated for ? (OpRecvCmp), all then op for ?? (pan's Q_has; each
// followed by an OpRecvCmp that compares in SPIN's simulator only).
func (g *gen) recvMatch(op Op, c int32, ch lang.Expr, args []lang.Expr, random, cp bool) *RecvPattern {
	pat := &RecvPattern{Random: random, Copy: cp}
	if random {
		g.c.m.hasRandomRecv = true
	}
	if r, ok := ch.(*lang.VarRef); ok && r.Kind == lang.RefVar && r.Name == "STDIN" && r.Index == nil && r.Field == nil && r.Var.Proc == nil {
		pat.Stdin = true
	}
	var vals []lang.Expr // the values matched, in order
	var leaves []int32   // the message leaf each is compared with
	for i, group := range g.argLeaves(args) {
		var v lang.Expr
		switch a := args[i].(type) {
		case *lang.Const:
			v = a
		case *lang.Eval:
			v = a.X
		case *lang.VarRef:
			if a.Kind == lang.RefMtype {
				v = a
			}
		}
		for range group {
			pat.Match = append(pat.Match, v != nil)
		}
		if v != nil {
			vals = append(vals, v)
			leaves = append(leaves, int32(len(pat.Match)-len(group)))
			if _, k := v.(*lang.Const); !k && !isRef(v, lang.RefMtype) && !pat.Stdin {
				pat.Lazy = true
			}
		}
	}
	pat.plain = !random && !cp && !pat.Stdin && !pat.Lazy && len(vals) == 0
	g.code.Patterns = append(g.code.Patterns, pat)
	at := int32(len(g.code.Patterns) - 1)
	g.expr(ch)
	var jumps []int // OpRecvOpen and OpRecvCmp, to point at op
	if pat.Lazy {
		jumps = append(jumps, g.emit(OpRecvOpen, at, 0, 0))
	}
	n := int32(0) // the values left on the stack for op: those of ??
	for i, v := range vals {
		g.expr(v)
		switch {
		case random:
			n++
			if pat.Lazy {
				jumps = append(jumps, g.emit(OpRecvCmp, leaves[i], 0, 1)) // C: the value stays
			}
		case pat.Lazy:
			jumps = append(jumps, g.emit(OpRecvCmp, leaves[i], 0, 0))
		default:
			n++
		}
	}
	end := g.emit(op, at, n, c)
	for _, j := range jumps {
		g.code.Instrs[j].B = int32(end)
	}
	return pat
}

// isRef reports whether e is a reference of kind k.
func isRef(e lang.Expr, k lang.RefKind) bool {
	r, ok := e.(*lang.VarRef)
	return ok && r.Kind == k
}

// initVar emits the initialisation of a variable declared with a value (or
// zero, for a declaration that becomes an assignment).
func (g *gen) initVar(v *lang.Var) {
	x := g.c.vars[v]
	switch {
	case x.Type.Kind == lang.TStruct:
		for i := 0; i < max(x.Len, 1); i++ {
			g.initStruct(x.Type, x.Global, x.Off+i*x.Type.Size)
		}
	case v.Init != nil && v.Type.Kind != lang.TChan || v.Init != nil && v.ChanInit == nil:
		for i := 0; i < max(x.Len, 1); i++ {
			g.storeElem(x, i, func() { g.expr(v.Init) })
		}
	case v.ArrInit != nil:
		for i := 0; i < x.Len; i++ {
			e := v.ArrInit[min(i, len(v.ArrInit)-1)] // SPIN repeats the last value
			g.storeElem(x, i, func() { g.expr(e) })
		}
	}
}

// initStruct emits the initial values a structure's typedef gives its
// fields, for the structure at off.
func (g *gen) initStruct(t *Type, global bool, off int) {
	for _, f := range t.Fields {
		for i := 0; i < max(f.Len, 1); i++ {
			at := place{static: true, global: global, off: off + f.Off + i*f.Stride, t: f.Type}
			switch {
			case f.Type.Kind == lang.TStruct:
				g.initStruct(f.Type, global, at.off)
			case f.Var.Init != nil:
				g.expr(f.Var.Init)
				g.storeTo(at, f.Type)
			case f.Var.ArrInit != nil:
				g.expr(f.Var.ArrInit[min(i, len(f.Var.ArrInit)-1)])
				g.storeTo(at, f.Type)
			}
		}
	}
}

// storeElem stores into element i of a variable (or the variable itself).
func (g *gen) storeElem(x *Var, i int, value func()) {
	if x.Type.Kind == lang.TStruct {
		return
	}
	p := place{static: true, global: x.Global, off: x.Off + i*x.Type.Size, t: x.Type}
	value()
	g.storeTo(p, x.Type)
}

// reset emits the dead-variable reset of local v: v = 0 (element 0 of an
// array, as SPIN's index-less reset does).
func (g *gen) reset(v *lang.Var) {
	x := g.c.vars[v]
	g.constant(0)
	g.storeTo(place{static: true, global: x.Global, off: x.Off}, x.Type)
}

// zero emits v = 0 for a scalar (or every element of an array) local.
func (g *gen) zero(v *lang.Var) {
	x := g.c.vars[v]
	for _, l := range leavesOf(x.Type, 0) {
		for i := 0; i < max(x.Len, 1); i++ {
			g.constant(0)
			g.storeTo(place{static: true, global: x.Global, off: x.Off + i*x.Type.Size + l.Off},
				&Type{Scalar: l.Scalar, Size: l.Size, Bits: l.Bits})
		}
	}
}

// Statements.

// test emits code that pushes whether s is executable, without changing
// the state, and reports false; for a statement that is always executable
// it emits nothing and reports true.
func (g *gen) test(s lang.Stmt) (always bool) {
	switch s := s.(type) {
	case *lang.ExprStmt:
		if _, ok := s.X.(*lang.Run); ok {
			return true
		}
		if k, ok := s.X.(*lang.Const); ok && k.Val != 0 {
			return true
		}
		g.cond(s.X, s)
		return false
	case *lang.Send:
		g.expr(s.Chan)
		sorted := int32(0)
		if s.Sorted {
			sorted = 1
		}
		g.emit(OpSendOK, sorted, 0, 0) // A: sorted (xs.go)
		return false
	case *lang.Recv:
		g.recvMatch(OpPollMatch, 1, s.Chan, s.Args, s.Random, s.Copy) // C: a receive's test, not a poll (xs.go)
		return false
	case *lang.Labeled:
		if s.Stmt == nil {
			return true
		}
		return g.test(s.Stmt)
	case *lang.Block:
		if len(s.Stmts) == 0 {
			return true
		}
		return g.test(s.Stmts[0])
	case *lang.Unless:
		return g.test(s.Main)
	case *lang.If:
		return g.testOptions(s.Options)
	case *lang.Do:
		return g.testOptions(s.Options)
	}
	return true
}

// testOptions pushes whether some option of an if or do can start.
func (g *gen) testOptions(opts []*lang.Block) bool {
	var jumps []int
	for _, o := range opts {
		if len(o.Stmts) == 0 {
			return true
		}
		if _, ok := lang.Unlabel(o.Stmts[0]).(*lang.Else); ok {
			return true
		}
	}
	for _, o := range opts {
		if g.test(o.Stmts[0]) {
			return true // (the code emitted so far is dead but harmless)
		}
		jumps = append(jumps, g.emit(OpJnz, 0, 0, 0))
	}
	g.constant(0)
	end := g.emit(OpJmp, 0, 0, 0)
	for _, j := range jumps {
		g.patch(j, g.here())
	}
	g.constant(1)
	g.patch(end, g.here())
	return false
}

// mark records that the code of statement s starts here.
func (g *gen) mark(s lang.Stmt) {
	g.code.Marks = append(g.code.Marks, StmtMark{PC: len(g.code.Instrs), Stmt: s})
	if g.c.opts.Trace {
		g.emit(OpStmt, int32(len(g.code.Marks)-1), 0, 0)
	}
}

// effect emits what statement s does, assuming it is executable.
func (g *gen) effect(s lang.Stmt) {
	switch s := s.(type) {
	case *lang.ExprStmt:
		if r, ok := s.X.(*lang.Run); ok {
			g.expr(r)
			g.op(OpPop)
		}
	case *lang.Assign:
		r := s.LHS.(*lang.VarRef)
		if r.Kind == lang.RefPriority {
			// _priority = e sets the running process's priority
			g.op(OpPid)
			g.expr(s.RHS)
			g.op(OpSetPrio)
			return
		}
		switch s.Op {
		case "=":
			g.assign(r, func() { g.expr(s.RHS) })
		case "++", "--":
			g.assign(r, func() {
				g.expr(r)
				g.constant(1)
				if s.Op == "++" {
					g.op(OpAdd)
				} else {
					g.op(OpSub)
				}
			})
		}
	case *lang.Send:
		g.expr(s.Chan)
		n := 0
		for i, group := range g.argLeaves(s.Args) {
			r, isRef := s.Args[i].(*lang.VarRef)
			if isRef && r.Kind == lang.RefVar && g.refType(r).Kind == lang.TStruct {
				for _, l := range group {
					g.leaf(r, Leaf{Off: l.Off - group[0].Off, Scalar: l.Scalar, Size: l.Size, Bits: l.Bits})
					n++
				}
				continue
			}
			g.expr(s.Args[i])
			n++
		}
		sorted := int32(0)
		if s.Sorted {
			sorted = 1
		}
		g.emit(OpSend, sorted, int32(n), 0)
	case *lang.Recv:
		g.recvMatch(OpRecvMatch, 0, s.Chan, s.Args, s.Random, s.Copy)
		leaf := 0
		for i, group := range g.argLeaves(s.Args) {
			r, isRef := s.Args[i].(*lang.VarRef)
			if isRef && r.Kind == lang.RefVar {
				for j, l := range group {
					k := leaf + j
					if len(group) > 1 {
						g.storeLeaf(r, Leaf{Off: l.Off - group[0].Off, Scalar: l.Scalar, Size: l.Size, Bits: l.Bits},
							func() { g.emit(OpRecvField, int32(k), 0, 0) })
					} else {
						g.assign(r, func() { g.emit(OpRecvField, int32(k), 0, 0) })
					}
				}
			}
			leaf += len(group)
		}
		if !s.Copy {
			g.op(OpRecvRemove)
		}
	case *lang.Assert:
		g.cond(s.X, s)
		g.op(OpAssert)
	case *lang.Printf:
		for _, a := range s.Args {
			g.expr(a)
		}
		g.code.Formats = append(g.code.Formats, s.Format)
		g.emit(OpPrintf, int32(len(g.code.Formats)-1), int32(len(s.Args)), 0)
	case *lang.Printm:
		g.expr(s.X)
		g.op(OpPrintm)
	case *lang.SetPriority:
		g.expr(s.Pid)
		g.expr(s.Prio)
		g.emit(OpSetPrio, 0, 1, 0) // B: by set_priority (simulation says so)
	case *lang.Labeled:
		if s.Stmt != nil {
			g.effect(s.Stmt)
		}
	}
}
