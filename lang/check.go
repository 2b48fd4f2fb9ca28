package lang

import "fmt"

// Check resolves every name in spec and checks the model's types, as SPIN
// does before it generates a verifier: undeclared and doubly declared names,
// arguments of run and inlines, channels used as numbers and numbers as
// channels, message fields against a channel's declaration, break outside a
// loop, goto to a missing label, duplicate else, constant array sizes and
// assignments to constants. It fills in the fields of the AST marked "set by
// Check". Each problem is one diagnostic in diags.
func Check(spec *Spec, diags *Diagnostics) {
	c := &checker{
		spec:     spec,
		diags:    diags,
		typedefs: map[string]*Typedef{},
		globals:  map[string]*Var{},
		procs:    map[string]*Proctype{},
		inlines:  map[string]*Inline{},
	}
	defer func() {
		if r := recover(); r != nil {
			if r == errTooMany {
				return
			}
			panic(r)
		}
	}()
	c.mtypes()
	for _, in := range spec.Inlines {
		c.inlines[in.Name] = in
	}
	for _, td := range spec.Typedefs {
		if c.declared(td.Name, td.P) {
			continue
		}
		c.typedefs[td.Name] = td
	}
	for _, td := range spec.Typedefs {
		c.typedef(td, nil)
	}
	for _, p := range spec.Procs {
		if p.Kind != KindProctype {
			continue
		}
		if c.declared(p.Name, p.P) {
			continue
		}
		c.procs[p.Name] = p
	}
	for i, v := range spec.Globals {
		v.Index = i
		c.varDecl(v, true)
		if !c.declared(v.Name, v.P) {
			c.globals[v.Name] = v
		}
	}
	for _, p := range spec.Procs {
		c.proctype(p)
	}
	for _, l := range spec.LTLs {
		c.inLTL = true
		c.expr(l.Formula)
		c.inLTL = false
	}
	// After the formulas, so that their remote references are resolved too.
	for _, r := range c.remotes {
		c.remote(r)
	}
	// After every declaration: no channel of the model may take a send
	// through a channel whose declaration is not known here (a
	// parameter, a channel received), pan's qsend has no room for it.
	// (With no channel declared, spin takes one field.)
	for _, s := range c.openSends {
		if n := max(c.maxFields, 1); len(s.Args) > n {
			c.errorf(s.P, "too many pars in send: %d message fields sent, and no channel of the model takes more than %d", len(s.Args), n)
		}
	}
}

// errTooMany stops the checker once the diagnostic list is full.
var errTooMany = fmt.Errorf("too many errors")

type checker struct {
	spec     *Spec
	diags    *Diagnostics
	sawXU    bool // an xr or xs declaration was checked (source order)
	typedefs map[string]*Typedef
	globals  map[string]*Var
	procs    map[string]*Proctype
	inlines  map[string]*Inline
	remotes  []*RemoteRef
	// maxFields is the most fields a channel declaration of the model
	// has; openSends are the sends on a channel whose declaration is not
	// known where they are (checked against maxFields at the end).
	maxFields int
	openSends []*Send

	proc    *Proctype
	scopes  []map[string]*Var
	loops   int  // enclosing do and for statements
	started bool // a statement of the current body was seen
	inLTL   bool
	gotos   []*Goto
	nested  int // depth of sequences inside the body
	// dstep is the d_step sequence being checked (nil outside one), and
	// dsteps the one each label and goto of the proctype is in: a goto
	// may not cross a d_step's border (SPIN's cross_dsteps).
	dstep  *Block
	dsteps map[Stmt]*Block
	// wholeArray allows the last part of a reference to be an array
	// without an index (for (i in a)).
	wholeArray bool
	// xu is, per global channel and xs or xr, the proctype that first
	// declared it: a second proctype may not (spin's setxus)
	xu map[xuClaim]*Proctype
}

// xuClaim is an xs or xr declaration of a global channel.
type xuClaim struct {
	v    *Var
	kind string
}

func (c *checker) errorf(pos Pos, format string, args ...any) {
	c.diags.Add(pos, format, args...)
	if c.diags.Full() {
		panic(errTooMany)
	}
}

// declared reports (and says so) whether name is already used at the global level.
func (c *checker) declared(name string, pos Pos) bool {
	what := ""
	switch {
	case c.spec.MtypeValues[name] != nil:
		what = "an mtype constant"
	case c.typedefs[name] != nil:
		what = "a typedef"
	case c.procs[name] != nil:
		what = "a proctype"
	case c.globals[name] != nil:
		what = "a global variable"
	case c.inlines[name] != nil:
		what = "an inline"
	}
	if what != "" {
		c.errorf(pos, "redeclaration of '%s', already declared as %s", name, what)
		return true
	}
	return false
}

// mtypes numbers the mtype constants as SPIN does: each declaration adds its
// names from the last to the first, after those of earlier declarations of
// the same mtype.
func (c *checker) mtypes() {
	c.spec.MtypeValues = map[string]*MtypeConst{}
	next := map[string]int64{}
	for _, d := range c.spec.Mtypes {
		for i := len(d.Names) - 1; i >= 0; i-- {
			name := d.Names[i]
			if old := c.spec.MtypeValues[name]; old != nil {
				c.errorf(d.NamePos[i], "mtype constant '%s' declared twice (first at %s)", name, old.Pos)
				continue
			}
			next[d.Subtype]++
			if next[d.Subtype] > 255 {
				c.errorf(d.NamePos[i], "too many mtype constants (at most 255)")
			}
			c.spec.MtypeValues[name] = &MtypeConst{Name: name, Subtype: d.Subtype, Value: next[d.Subtype], Pos: d.NamePos[i]}
		}
	}
}

// typedef checks a structure's fields; outer lists the typedefs being
// checked, to catch a typedef that contains itself.
func (c *checker) typedef(td *Typedef, outer []*Typedef) {
	for _, o := range outer {
		if o == td {
			c.errorf(td.P, "typedef %s contains itself", td.Name)
			return
		}
	}
	seen := map[string]bool{}
	for _, f := range td.Fields {
		if seen[f.Name] {
			c.errorf(f.P, "field '%s' declared twice in typedef %s", f.Name, td.Name)
		}
		seen[f.Name] = true
		c.varDecl(f, true)
		if f.Type.Struct != nil {
			c.typedef(f.Type.Struct, append(outer, td))
		}
	}
}

func (c *checker) resolveType(t *Type) {
	if t.Kind != TStruct || t.Struct != nil {
		return
	}
	td := c.typedefs[t.Name]
	if td == nil {
		c.errorf(t.P, "unknown type '%s'", t.Name)
		t.Kind = TInt // keep going as if it were an int
		return
	}
	t.Struct = td
}

// constValue evaluates a constant expression.
func (c *checker) constValue(e Expr) (int64, bool) {
	switch e := e.(type) {
	case *Const:
		return e.Val, true
	case *VarRef:
		if m := c.spec.MtypeValues[e.Name]; m != nil && e.Index == nil && e.Field == nil {
			return m.Value, true
		}
	case *Unary:
		x, ok := c.constValue(e.X)
		switch e.Op {
		case "-":
			return -x, ok
		case "~":
			return ^x, ok
		case "!":
			return b2i(x == 0), ok
		}
	case *Binary:
		x, ok1 := c.constValue(e.X)
		y, ok2 := c.constValue(e.Y)
		if ok1 && ok2 {
			ok := true
			v := applyBinary(e.Op, x, y, func() { ok = false })
			return v, ok
		}
	case *Cond:
		x, ok1 := c.constValue(e.C)
		a, ok2 := c.constValue(e.Then)
		b, ok3 := c.constValue(e.Else)
		if ok1 && ok2 && ok3 {
			if x != 0 {
				return a, true
			}
			return b, true
		}
	}
	return 0, false
}

// varDecl checks one declared variable (global, local, parameter or field).
func (c *checker) varDecl(v *Var, global bool) {
	c.resolveType(v.Type)
	if v.LenExpr != nil {
		n, ok := c.constValue(v.LenExpr)
		switch {
		case !ok:
			c.errorf(v.LenExpr.Pos(), "array size of '%s' must be a constant", v.Name)
			v.Len = 1
		case n < 1 || n > 1<<16:
			c.errorf(v.LenExpr.Pos(), "bad array size %d for '%s'", n, v.Name)
			v.Len = 1
		default:
			v.Len = int(n)
		}
	}
	if ci := v.ChanInit; ci != nil {
		c.maxFields = max(c.maxFields, len(ci.Fields))
		if v.Type.Kind != TChan {
			c.errorf(ci.P, "'%s' is not a chan and cannot have a channel initialiser", v.Name)
		}
		n, ok := c.constValue(ci.CapExpr)
		switch {
		case !ok:
			c.errorf(ci.CapExpr.Pos(), "capacity of channel '%s' must be a constant", v.Name)
		case n < 0 || n > 65535:
			c.errorf(ci.CapExpr.Pos(), "bad capacity %d for channel '%s'", n, v.Name)
		default:
			ci.Cap = int(n)
		}
		for _, f := range ci.Fields {
			c.resolveType(f)
			if f.Kind == TUnsigned {
				c.errorf(f.P, "unsigned cannot be used as a message field type")
			}
		}
	}
	if v.Init != nil {
		switch {
		case v.Type.Kind == TStruct:
			c.errorf(v.Init.Pos(), "a structure cannot have an initialiser")
		case v.Type.Kind == TChan:
			if cl := c.expr(v.Init); cl != cChan && cl != cBad {
				c.errorf(v.Init.Pos(), "chan '%s' initialised with a number", v.Name)
			}
		default:
			c.numeric(v.Init, "initialiser")
			if hasRun(v.Init) {
				c.errorf(v.Init.Pos(), "cannot use run in a variable's initialiser")
			}
		}
	}
	if v.ArrInit != nil {
		if !v.IsArray() {
			c.errorf(v.P, "'%s' must be an array to take a list of initial values", v.Name)
		}
		for _, e := range v.ArrInit {
			if _, ok := c.constValue(e); !ok {
				c.errorf(e.Pos(), "array initialiser must be a list of constants")
			}
		}
	}
	_ = global
}

func hasRun(e Expr) bool {
	found := false
	walkExpr(e, func(x Expr) {
		if _, ok := x.(*Run); ok {
			found = true
		}
	})
	return found
}

// walkExpr calls f for e and every expression inside it.
func walkExpr(e Expr, f func(Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch e := e.(type) {
	case *VarRef:
		walkExpr(e.Index, f)
		if e.Field != nil {
			walkExpr(e.Field, f)
		}
	case *Unary:
		walkExpr(e.X, f)
	case *Binary:
		walkExpr(e.X, f)
		walkExpr(e.Y, f)
	case *Cond:
		walkExpr(e.C, f)
		walkExpr(e.Then, f)
		walkExpr(e.Else, f)
	case *Run:
		for _, a := range e.Args {
			walkExpr(a, f)
		}
	case *ChanOp:
		walkExpr(e.Chan, f)
	case *Poll:
		walkExpr(e.Chan, f)
		for _, a := range e.Args {
			walkExpr(a, f)
		}
	case *Builtin:
		walkExpr(e.X, f)
	case *RemoteRef:
		walkExpr(e.Index, f)
		if e.Var != nil {
			walkExpr(e.Var, f)
		}
	case *Eval:
		walkExpr(e.X, f)
	}
}

// Proctypes.

func (c *checker) proctype(p *Proctype) {
	c.proc = p
	c.scopes = []map[string]*Var{{}}
	c.loops, c.started, c.gotos = 0, false, nil
	c.dstep, c.dsteps = nil, map[Stmt]*Block{}
	p.Labels = map[string]*Labeled{}
	p.Locals = nil
	if p.ActiveExpr != nil {
		n, ok := c.constValue(p.ActiveExpr)
		switch {
		case !ok:
			c.errorf(p.ActiveExpr.Pos(), "the number of active copies must be a constant")
		case n < 0 || n > 255:
			c.errorf(p.ActiveExpr.Pos(), "max nr of processes is 255")
		default:
			p.Active = int(n)
		}
	} else if p.IsActive {
		p.Active = 1
	}
	if p.Kind == KindInit {
		p.Active = 1
	}
	for _, v := range p.Params {
		if v.Init != nil || v.ChanInit != nil || v.ArrInit != nil {
			c.errorf(v.P, "initializer in parameter list")
		}
		if v.IsArray() {
			c.errorf(v.P, "a parameter cannot be an array")
		}
		c.local(v)
		v.InitAtStart = true
	}
	if p.Provided != nil {
		c.numeric(p.Provided, "provided clause")
		c.probes(func(f func(Expr)) { WalkExpr(p.Provided, f) }, p.Provided)
	}
	c.block(p.Body, false)
	c.nested = 0
	for _, g := range c.gotos {
		if l := p.Labels[g.Label]; l != nil {
			g.Target = l
			switch from, to := c.dsteps[g], c.dsteps[l]; {
			case from == to:
			case to != nil:
				c.errorf(g.P, "goto %s jumps into a d_step sequence (at %s)", g.Label, to.P)
			default:
				c.errorf(g.P, "goto %s jumps out of its d_step sequence (at %s): a d_step ends at its closing brace", g.Label, from.P)
			}
		} else {
			c.errorf(g.P, "undefined label '%s' in %s", g.Label, p.Name)
		}
	}
	c.proc = nil
	c.scopes = nil
}

// labelFirst reports a label on the first statement of a nested sequence
// (a block, atomic, d_step or inline body), which SPIN refuses (its
// close_seq): the sequence's start is not a state of its own, and the
// label belongs before the sequence. A labelled do loop is the exception:
// spin's sequence starts with the loop's target, which has no label.
func (c *checker) labelFirst(b *Block) {
	if len(b.Stmts) == 0 {
		return
	}
	l, ok := b.Stmts[0].(*Labeled)
	if !ok {
		return
	}
	if _, ok := Unlabel(l).(*Do); ok {
		// spin puts a loop's target state before the loop's own
		// element: the sequence does not start with the labelled one
		return
	}
	switch b.Kind {
	case BlockAtomic:
		c.errorf(l.P, "label %s placed incorrectly: write %s: atomic { ... } instead of atomic { %s: ... }", l.Label, l.Label, l.Label)
	case BlockDStep:
		c.errorf(l.P, "label %s placed incorrectly: write %s: d_step { ... } instead of d_step { %s: ... }", l.Label, l.Label, l.Label)
	case BlockInline:
		c.errorf(l.P, "label %s placed incorrectly: it labels the first statement of inline %s (label the call instead)", l.Label, b.Inline)
	default:
		c.errorf(l.P, "label %s placed incorrectly: write %s: { ... } instead of { %s: ... }", l.Label, l.Label, l.Label)
	}
}

// lookup finds a variable visible at this point.
func (c *checker) lookup(name string) *Var {
	for i := len(c.scopes) - 1; i >= 0; i-- {
		if v := c.scopes[i][name]; v != nil {
			return v
		}
	}
	return c.globals[name]
}

// local declares a local variable or parameter of the current proctype.
func (c *checker) local(v *Var) {
	if old := c.lookup(v.Name); old != nil {
		where := "a local variable"
		if old.Proc == nil {
			where = "a global variable"
		}
		c.errorf(v.P, "redeclaration of '%s', already declared as %s at %s", v.Name, where, old.P)
	} else if !c.declared(v.Name, v.P) {
		c.scopes[len(c.scopes)-1][v.Name] = v
	}
	v.Proc = c.proc
	v.Index = len(c.proc.Locals)
	c.proc.Locals = append(c.proc.Locals, v)
	c.varDecl(v, false)
}

func (c *checker) block(b *Block, scope bool) {
	if b != c.proc.Body {
		// Every sequence but the body itself is nested: its declarations
		// are never initialised at process creation (SPIN's open_seq).
		c.nested++
		defer func() { c.nested-- }()
	}
	if scope {
		c.scopes = append(c.scopes, map[string]*Var{})
		defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
	}
	for _, s := range b.Stmts {
		c.stmt(s)
	}
}

func (c *checker) options(opts []*Block, what string) {
	elses := 0
	var elseAt *Pos
	io := false // an option starts with a channel's use (HasChanRef)
	for _, o := range opts {
		if len(o.Stmts) > 0 {
			first := Unlabel(o.Stmts[0])
			if _, ok := first.(*Else); ok {
				elses++
				if elses == 2 {
					c.errorf(o.Stmts[0].Pos(), "duplicate else in %s", what)
				}
				p := first.Pos()
				elseAt = &p
			} else {
				io = io || HasChanRef(first)
			}
		}
		c.block(o, false)
	}
	// spin refuses an else among options that use channels once an xr or
	// xs declaration has been read (before the end of this if or do: its
	// parser's has_xu), and warns without one
	switch {
	case elseAt != nil && io && c.sawXU:
		c.errorf(*elseAt, "invalid use of 'else' combined with i/o and xr/xs assertions (as spin)")
	case elseAt != nil && io:
		c.diags.Warn(*elseAt, "dubious use of 'else' combined with i/o (as spin): it depends on the channels' state when it is tried")
	}
}

// HasChanRef reports whether a statement sends, receives or tests a
// channel's fullness (SPIN's has_chanref, which leaves out len and polls):
// an else among options that start so reads the channels too.
func HasChanRef(s Stmt) bool {
	switch s.(type) {
	case *Send, *Recv:
		return true
	}
	found := false
	WalkStmtExprs(s, func(e Expr) {
		if op, ok := e.(*ChanOp); ok && op.Op != "len" {
			found = true
		}
	})
	return found
}

// Unlabel returns the statement under any labels (a label at the end of
// a sequence, with no statement, is returned itself).
func Unlabel(s Stmt) Stmt {
	for {
		l, ok := s.(*Labeled)
		if !ok || l.Stmt == nil {
			return s
		}
		s = l.Stmt
	}
}

// probes reports the channel probes (full, nfull, empty, nempty) among
// the expressions walk visits that are not in cond, or not joined to the
// rest of it by && and ||: spin's grammar has a probe only in a
// condition (a statement, assert, an assignment's value, a provided
// clause), alone or joined so, never negated, compared or an operand of
// another operator (for !full(c): nfull(c)). cond is nil where no probe
// may be.
func (c *checker) probes(walk func(func(Expr)), cond Expr) {
	allowed := map[*ChanOp]bool{}
	var mark func(Expr)
	mark = func(e Expr) {
		switch e := e.(type) {
		case *ChanOp:
			allowed[e] = true
		case *Binary:
			if e.Op == "&&" || e.Op == "||" {
				mark(e.X)
				mark(e.Y)
			}
		}
	}
	if cond != nil {
		mark(cond)
	}
	walk(func(e Expr) {
		if op, ok := e.(*ChanOp); ok && op.Op != "len" && !allowed[op] {
			c.errorf(op.P, "%s() can be a condition, or part of one joined by && and ||, but not an operand (spin: syntax error)", op.Op)
		}
	})
}

func (c *checker) stmt(s Stmt) {
	var cond Expr // (probes)
	switch s := s.(type) {
	case *ExprStmt:
		cond = s.X
	case *Assert:
		cond = s.X
	case *Assign:
		if s.Op == "=" {
			cond = s.RHS
		}
	}
	c.probes(func(f func(Expr)) { WalkStmtExprs(s, f) }, cond)
	if _, ok := s.(*DeclStmt); !ok {
		if _, ok := s.(*XUStmt); !ok {
			defer func() { c.started = true }()
		}
	}
	switch s := s.(type) {
	case *DeclStmt:
		for _, v := range s.Vars {
			v.InitAtStart = !c.started && c.nested == 0
			if c.started && v.ChanInit != nil {
				c.errorf(v.P, "place initialized chan declaration of '%s' at the start of the proctype", v.Name)
			}
			c.local(v)
		}
	case *XUStmt:
		c.sawXU = true
		for _, r := range s.Chans {
			if c.ref(r, useRead) != cChan {
				c.errorf(r.P, "%s needs a channel, and '%s' is not one", s.Kind, r.Name)
				continue
			}
			if r.Var == nil || r.Var.Proc != nil {
				continue // a local channel: each process its own
			}
			if c.xu == nil {
				c.xu = map[xuClaim]*Proctype{}
			}
			k := xuClaim{r.Var, s.Kind}
			if first := c.xu[k]; first == nil {
				c.xu[k] = c.proc
			} else if first != c.proc {
				c.errorf(r.P, "conflicting claims on chan '%s': %s in %s and in %s (spin: x[rs] claims from %s and %s)",
					r.Name, s.Kind, first.Name, c.proc.Name, first.Name, c.proc.Name)
			}
		}
	case *Block:
		c.labelFirst(s)
		if s.Kind == BlockDStep {
			outer := c.dstep
			c.dstep = s
			defer func() { c.dstep = outer }()
		}
		c.block(s, true)
	case *Labeled:
		c.dsteps[s] = c.dstep
		if old := c.proc.Labels[s.Label]; old != nil {
			c.errorf(s.P, "label %s redeclared (first at %s)", s.Label, old.P)
		} else {
			c.proc.Labels[s.Label] = s
		}
		if s.Stmt != nil {
			c.stmt(s.Stmt)
		}
	case *Unless:
		// The first statement of either part is no state of its own
		// (SPIN's close_seq): a label there is misplaced, except on a
		// sequence, whose label SPIN lifts to the whole.
		if l, ok := s.Main.(*Labeled); ok {
			if _, seq := Unlabel(l).(*Block); !seq {
				c.errorf(l.P, "label %s placed incorrectly: write %s: { ... unless ... } instead of %s: ... unless ...", l.Label, l.Label, l.Label)
			}
		}
		if l, ok := s.Escape.(*Labeled); ok {
			c.errorf(l.P, "label %s placed incorrectly: the guard of an escape (after unless) cannot be jumped to", l.Label)
		}
		c.stmt(s.Main)
		c.stmt(s.Escape)
	case *If:
		c.options(s.Options, "if")
	case *Do:
		c.loops++
		c.options(s.Options, "do")
		c.loops--
	case *For:
		c.lvalue(s.Var, "for loop variable")
		if s.In != nil {
			// for (x in a) runs over the indexes of an array or the
			// messages of a channel.
			c.wholeArray = true
			cl := c.ref(s.In, useRead)
			c.wholeArray = false
			if last := lastField(s.In); cl != cBad && last.Var != nil && !last.Var.IsArray() && cl != cChan {
				c.errorf(s.In.P, "'%s' is neither an array nor a channel", FormatExpr(s.In))
			}
		} else {
			c.numeric(s.From, "for bound")
			c.numeric(s.To, "for bound")
		}
		c.loops++
		c.block(s.Body, true)
		c.loops--
	case *Select:
		c.lvalue(s.Var, "select variable")
		c.numeric(s.From, "select bound")
		c.numeric(s.To, "select bound")
	case *Break:
		if c.loops == 0 {
			c.errorf(s.P, "break outside a do or for loop")
		}
	case *Goto:
		c.gotos = append(c.gotos, s)
		c.dsteps[s] = c.dstep
	case *Else:
	case *Printf:
		for _, a := range s.Args {
			c.exprNoRead(a)
		}
	case *Printm:
		c.exprNoRead(s.X)
	case *Assert:
		c.numeric(s.X, "assertion")
	case *SetPriority:
		c.numeric(s.Pid, "set_priority argument")
		c.numeric(s.Prio, "set_priority argument")
	case *ExprStmt:
		if r, ok := s.X.(*Run); ok {
			c.run(r)
			return
		}
		c.numeric(s.X, "condition")
	case *Assign:
		c.assign(s)
	case *Send:
		c.send(s)
	case *Recv:
		c.recv(s.Chan, s.Args, true, s.P)
	case *Call:
		if c.inlines[s.Name] == nil { // a call of a known inline was reported when it was expanded
			c.errorf(s.P, "undefined inline '%s'", s.Name)
		}
	default:
		panic(fmt.Sprintf("check: unknown statement %T", s))
	}
}

func (c *checker) assign(s *Assign) {
	ref, ok := s.LHS.(*VarRef)
	if !ok {
		c.errorf(s.LHS.Pos(), "cannot assign to %s", describe(s.LHS))
		c.expr(s.LHS)
		if s.RHS != nil {
			c.expr(s.RHS)
		}
		return
	}
	lcl := c.lvalue(ref, "assignment")
	if s.RHS == nil { // ++ or --
		if lcl == cChan {
			c.errorf(s.P, "arithmetic on chan '%s'", ref.Name)
		}
		return
	}
	if r, ok := s.RHS.(*Run); ok {
		c.run(r)
		return
	}
	rcl := c.expr(s.RHS)
	switch {
	case lcl == cBad || rcl == cBad:
	case lcl == cStruct || rcl == cStruct:
		c.errorf(s.P, "cannot assign a whole structure")
	case lcl == cChan && rcl == cNum && !isZero(s.RHS):
		c.diags.Warn(s.P, "number assigned to chan '%s'", ref.Name)
	case lcl == cNum && rcl == cChan:
		c.diags.Warn(s.P, "chan assigned to number '%s'", ref.Name)
	}
}

func isZero(e Expr) bool {
	k, ok := e.(*Const)
	return ok && k.Val == 0
}

func describe(e Expr) string {
	switch e := e.(type) {
	case *Const:
		return "constant " + e.Text
	case *VarRef:
		return "'" + e.Name + "'"
	}
	return "an expression"
}

// lvalue checks a variable that is written. Its indexes are read; the
// variable itself is not.
func (c *checker) lvalue(r *VarRef, what string) class {
	cl := c.ref(r, useWrite)
	switch r.Kind {
	case RefMtype:
		c.errorf(r.P, "cannot assign to mtype constant '%s'", r.Name)
	case RefPid, RefNrPr, RefLast:
		c.errorf(r.P, "invalid assignment to %s", r.Name)
	}
	return cl
}

func (c *checker) send(s *Send) {
	fields, isChan := c.channel(s.Chan, "send")
	for _, a := range s.Args {
		if r, ok := a.(*Run); ok {
			c.errorf(r.P, "use of run operator in a send")
		}
	}
	if fields != nil && len(s.Args) != len(fields) {
		c.errorf(s.P, "%d message fields sent, channel takes %d", len(s.Args), len(fields))
	}
	if isChan && fields == nil {
		c.openSends = append(c.openSends, s)
	}
	for i, a := range s.Args {
		cl := c.expr(a)
		if fields != nil && i < len(fields) {
			c.fieldMatch(a, cl, fields[i])
		}
	}
}

// fieldMatch checks one message field against the channel's declaration.
func (c *checker) fieldMatch(a Expr, cl class, f *Type) {
	switch {
	case cl == cBad:
	case f.Kind == TStruct && cl != cStruct:
		c.errorf(a.Pos(), "message field must be a %s structure", f.Name)
	case f.Kind != TStruct && cl == cStruct:
		c.errorf(a.Pos(), "a structure cannot be a %s message field", f.Kind)
	}
}

// recv checks a receive or a poll. Arguments are variables (written, except
// in a poll), constants, or eval(expr).
func (c *checker) recv(ch Expr, args []Expr, writes bool, pos Pos) {
	fields, _ := c.channel(ch, "receive")
	// Fewer arguments than fields is allowed (SPIN ignores the rest).
	if fields != nil && len(args) > len(fields) {
		c.errorf(pos, "%d message fields received, channel has %d", len(args), len(fields))
	}
	for i, a := range args {
		var cl class
		switch a := a.(type) {
		case *Const:
			cl = cNum
		case *Eval:
			cl = c.numeric(a.X, "eval")
		case *VarRef:
			// Receive arguments count as reads of the variable
			// (docs/references.md#spin-hidden).
			cl = c.ref(a, useRecv)
			switch a.Kind {
			case RefPid, RefNrPr, RefLast:
				if writes {
					c.errorf(a.P, "invalid assignment to %s", a.Name)
				}
			}
		default:
			c.errorf(a.Pos(), "receive arguments must be variables, constants or eval(...)")
			cl = c.expr(a)
		}
		if fields != nil && i < len(fields) {
			c.fieldMatch(a, cl, fields[i])
		}
	}
	if writes {
		c.receivedOnce(args)
	}
}

// receivedOnce refuses a scalar variable that a receive writes in two
// fields (q?x,x), as spin does: its code could not undo the receive.
// Elements of arrays and fields of structures are not compared.
func (c *checker) receivedOnce(args []Expr) {
	for i, a := range args {
		r, ok := a.(*VarRef)
		if !ok || r.Kind != RefVar || r.Var == nil || r.Name == "_" || r.Var.Type.Kind == TStruct || r.Var.Len > 1 {
			continue
		}
		for _, b := range args[i+1:] {
			if q, ok := b.(*VarRef); ok && q.Kind == RefVar && q.Var == r.Var {
				c.errorf(q.P, "cannot use var ('%s') in multiple msg fields", r.Name)
				return
			}
		}
	}
}

// channel checks that e is a channel (isChan) and returns its message
// fields when its declaration says them.
func (c *checker) channel(e Expr, what string) (fields []*Type, isChan bool) {
	cl := c.expr(e)
	if cl == cBad {
		return nil, false
	}
	if cl != cChan {
		c.errorf(e.Pos(), "%s on %s, which is not a channel", what, describe(e))
		return nil, false
	}
	if r, ok := e.(*VarRef); ok && r.Kind == RefVar {
		if v := lastField(r).Var; v != nil && v.ChanInit != nil {
			return v.ChanInit.Fields, true
		}
	}
	return nil, true
}

func (c *checker) run(r *Run) class {
	p := c.procs[r.Name]
	if p == nil {
		c.errorf(r.P, "run of unknown proctype '%s'", r.Name)
		for _, a := range r.Args {
			c.expr(a)
		}
		return cBad
	}
	r.Proc = p
	if len(r.Args) != len(p.Params) {
		c.errorf(r.P, "run %s(...) with %d arguments, %s has %d parameters", r.Name, len(r.Args), r.Name, len(p.Params))
	}
	for i, a := range r.Args {
		cl := c.expr(a)
		if i >= len(p.Params) || cl == cBad {
			continue
		}
		switch pt := p.Params[i].Type; {
		case pt.Kind == TStruct || cl == cStruct:
			c.errorf(a.Pos(), "structures cannot be passed to run")
		case pt.Kind == TChan && cl == cNum && !isZero(a):
			c.diags.Warn(a.Pos(), "number passed for chan parameter '%s' of %s", p.Params[i].Name, r.Name)
		case pt.Kind != TChan && cl == cChan:
			c.diags.Warn(a.Pos(), "chan passed for parameter '%s' of %s, which is a %s", p.Params[i].Name, r.Name, pt.Kind)
		}
	}
	return cNum
}

// Expressions.

// class is what kind of value an expression has.
type class int

const (
	cNum    class = iota // a number
	cChan                // a channel
	cStruct              // a whole structure
	cBad                 // an error was already reported
)

// numeric checks an expression that must be a number.
func (c *checker) numeric(e Expr, what string) class {
	cl := c.expr(e)
	switch cl {
	case cChan:
		c.errorf(e.Pos(), "channel used as a number in %s", what)
	case cStruct:
		c.errorf(e.Pos(), "structure used as a number in %s", what)
	}
	return cl
}

func (c *checker) exprNoRead(e Expr) class {
	if r, ok := e.(*VarRef); ok {
		return c.ref(r, usePrint)
	}
	return c.expr(e)
}

func (c *checker) expr(e Expr) class {
	switch e := e.(type) {
	case *Const:
		return cNum
	case *VarRef:
		return c.ref(e, useRead)
	case *Unary:
		if c.inLTL && (e.Op == "[]" || e.Op == "<>" || e.Op == "X") {
			c.expr(e.X)
			return cNum
		}
		return c.operand(c.expr(e.X), e.X, e.Op)
	case *Binary:
		x, y := c.expr(e.X), c.expr(e.Y)
		if (e.Op == "==" || e.Op == "!=") && x == cChan && y == cChan {
			return cNum
		}
		c.operand(x, e.X, e.Op)
		c.operand(y, e.Y, e.Op)
		return cNum
	case *Cond:
		c.numeric(e.C, "condition")
		a, b := c.expr(e.Then), c.expr(e.Else)
		if a == cChan && b == cChan {
			return cChan
		}
		c.operand(a, e.Then, "(->:)")
		c.operand(b, e.Else, "(->:)")
		return cNum
	case *Run:
		c.errorf(e.P, "use of run operator in compound expression")
		return c.run(e)
	case *ChanOp:
		c.channel(e.Chan, e.Op)
		return cNum
	case *Poll:
		c.recv(e.Chan, e.Args, false, e.P)
		return cNum
	case *Builtin:
		c.numeric(e.X, e.Op)
		return cNum
	case *Timeout, *Np:
		return cNum
	case *RemoteRef:
		if e.Index != nil {
			c.numeric(e.Index, "process index")
		}
		c.remotes = append(c.remotes, e)
		if e.Var != nil {
			c.spec.HasRemoteRefs = true
		}
		return cNum
	case *Eval:
		c.errorf(e.P, "eval(...) is only allowed among receive arguments")
		return c.expr(e.X)
	}
	panic(fmt.Sprintf("check: unknown expression %T", e))
}

func (c *checker) operand(cl class, e Expr, op string) class {
	switch cl {
	case cChan:
		c.errorf(e.Pos(), "channel %s used as a number (operator %s)", describe(e), op)
		return cBad
	case cStruct:
		c.errorf(e.Pos(), "structure %s used as a number (operator %s)", describe(e), op)
		return cBad
	}
	return cl
}

// refMode says how a variable reference uses the variable.
type refMode int

const (
	useRead  refMode = iota // its value is used
	useWrite                // it is assigned
	useRecv                 // it receives a message field (counts as a read, docs/references.md#spin-hidden)
	usePrint                // printed by printf or printm (not a read, docs/references.md#spin-hidden)
)

// ref resolves a variable reference; indexes are always reads.
func (c *checker) ref(r *VarRef, mode refMode) class {
	if r.Index != nil {
		c.numeric(r.Index, "array index")
	}
	if v := c.lookupIn(r); v != nil {
		r.Kind, r.Var = RefVar, v
		if mode == useRead || mode == useRecv {
			v.Read = true
		}
		return c.path(r, v)
	}
	if r.Field != nil {
		c.errorf(r.P, "undeclared structure '%s'", r.Name)
		return cBad
	}
	if m := c.spec.MtypeValues[r.Name]; m != nil {
		if r.Index != nil {
			c.errorf(r.P, "mtype constant '%s' is not an array", r.Name)
		}
		r.Kind, r.Mtype = RefMtype, m
		return cNum
	}
	switch r.Name {
	case "_pid":
		r.Kind = RefPid
	case "_nr_pr":
		r.Kind = RefNrPr
	case "_last":
		r.Kind = RefLast
	case "_priority":
		r.Kind = RefPriority
	case "_":
		r.Kind = RefUnderscore
		if mode != useWrite && mode != useRecv {
			c.errorf(r.P, "attempt to read the value of '_'")
		}
	default:
		if c.inLTL {
			c.errorf(r.P, "undeclared variable '%s' in ltl formula", r.Name)
		} else {
			c.errorf(r.P, "undeclared variable '%s'", r.Name)
		}
		return cBad
	}
	if r.Index != nil {
		c.errorf(r.P, "%s is not an array", r.Name)
	}
	return cNum
}

func (c *checker) lookupIn(r *VarRef) *Var {
	if c.proc == nil {
		return c.globals[r.Name]
	}
	return c.lookup(r.Name)
}

// path checks the index and fields of a reference to v.
func (c *checker) path(r *VarRef, v *Var) class {
	if v.IsArray() && r.Index == nil && !(c.wholeArray && r.Field == nil) {
		c.errorf(r.P, "missing array index for '%s'", r.Name)
		return cBad
	}
	if !v.IsArray() && r.Index != nil {
		c.errorf(r.P, "'%s' is a scalar, not an array", r.Name)
		return cBad
	}
	t := v.Type
	if r.Field != nil {
		if t.Kind != TStruct || t.Struct == nil {
			c.errorf(r.Field.P, "'%s' is not a structure and has no field '%s'", r.Name, r.Field.Name)
			return cBad
		}
		var f *Var
		for _, fv := range t.Struct.Fields {
			if fv.Name == r.Field.Name {
				f = fv
			}
		}
		if f == nil {
			c.errorf(r.Field.P, "no field '%s' in structure %s", r.Field.Name, t.Struct.Name)
			return cBad
		}
		if r.Field.Index != nil {
			c.numeric(r.Field.Index, "array index")
		}
		r.Field.Kind, r.Field.Var = RefVar, f
		return c.path(r.Field, f)
	}
	switch t.Kind {
	case TChan:
		return cChan
	case TStruct:
		return cStruct
	}
	return cNum
}

// lastField returns the last part of a reference's field path.
func lastField(r *VarRef) *VarRef {
	for r.Field != nil {
		r = r.Field
	}
	return r
}

// remote resolves P[i]@label and P[i]:var, once all proctypes are known.
func (c *checker) remote(r *RemoteRef) {
	p := c.procs[r.Proc]
	if p == nil {
		c.errorf(r.P, "'%s' is not a proctype", r.Proc)
		return
	}
	r.Proctype = p
	if r.Var == nil {
		if p.Labels[r.Label] == nil {
			c.errorf(r.P, "proctype %s has no label '%s'", p.Name, r.Label)
		}
		return
	}
	for _, v := range p.Locals {
		if v.Name == r.Var.Name {
			r.Var.Kind, r.Var.Var = RefVar, v
			if r.Var.Index != nil {
				c.numeric(r.Var.Index, "array index")
			}
			v.Read = true
			c.path(r.Var, v)
			return
		}
	}
	c.errorf(r.Var.P, "proctype %s has no local variable '%s'", p.Name, r.Var.Name)
}
