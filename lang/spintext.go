package lang

import (
	"strconv"
	"strings"
)

// SPIN's text for statements and expressions.
//
// SPIN names every statement by a fixed rendering of its parse tree: pan -d
// prints it after "=>", pan's "unreached in proctype" lists quote it, and
// spin -p / spin -t -p show it in brackets. The rendering (Src/pangen3.c,
// comment and its helpers) is not the source text: every binary operation
// is parenthesised without spaces, x++ is the assignment x = (x+1) the
// parser made of it, a condition statement gets one more pair of
// parentheses, a remote label reference is the comparison SPIN turns it
// into, and so on. The rules reproduced here, checked against SPIN 6.5.2:
//
//   - Binary operations print in parentheses without spaces, (x+1),
//     (a&&(b<c)), following the parse tree; unary ones as !(x), -(x), ~(x).
//     Numbers print as decimals (characters, true, false, skip and
//     #defines included).
//   - An expression used as a statement prints inside one more pair of
//     parentheses: ((x>9)), (x), (1) for skip, (run P()), (q?[m]).
//   - Assignments print as LHS = RHS; x++ and x-- as x = (x+1) and
//     x = (x-1); an assignment to a whole structure (a structure declared
//     after the first statement) prints as the empty string.
//   - The conditional expression prints as ( (C) -> (A) : (B) ).
//   - Variable names lose leading underscores and digits (SPIN's
//     simplify_name, which undoes its renaming of block-local variables):
//     _x prints as x and t._f as t.f. The predefined _pid, _nr_pr, _last,
//     _priority and _ keep their names.
//   - An array variable always has an index: a reference without one (as
//     in the assignment SPIN makes of a declaration inside a body) prints
//     as a[0].
//   - Array indexes, and the pid and index of a remote reference, are
//     printed by SPIN's C-code printer in its terse mode, which differs:
//     mtype constants print as numbers, unary operators have a space
//     before them ( !(x), -(1)), the conditional is ( (C) ? (A) : (B) ),
//     and len(q), empty(q), nempty(q), full(q), nfull(q), timeout, np_,
//     enabled and pc_value print as the C expressions pan uses
//     (q_len(q), (q_len(q)==0), ...).
//   - P[i]:v prints as P[i].v and P[i]@L as the comparison (P[i]._p==L).
//   - Sends print as c!a,b (c!!a,b for sorted sends); c!m(a) is c!m,a.
//     Receives print as q?a,b, q??a,b, q?<a,b>, q??<a,b>, polls as q?[a,b]
//     and q??[a,b]; a negative constant among receive arguments prints as
//     -1, and eval(x) as eval(x).
//   - A structure among the fields of a send, receive or poll stands for
//     all its fields, one by one and each array element on its own:
//     c!s prints as c!s.a,s.in.p,s.b[0],s.b[1].
//   - Mtype constants print by name; SPIN looks the name up by value in the
//     plain mtype's list, so a constant of a named mtype (mtype:t) prints
//     as the plain mtype's constant with the same value, or as its number
//     when there is none. A constant that comes from an argument of an
//     inline call prints as its number.
//   - printf("...", a) prints as printf('...',a): every double quote of
//     the literal becomes a single quote; backslashes stay as written.
//   - printm(m) prints as printm(m, 'T') for a variable declared mtype:T,
//     printm(N, 0) with the value N for a constant, and printm(e, 0) for
//     anything else, a variable of the plain mtype included, except that
//     SPIN gives any variable the mtype of a constant assigned to it
//     anywhere in the model: m = red makes printm(m) print
//     printm(m, '_unnamed_'). Only the Spec methods see the whole model.
//   - assert(e), set_priority(a, b), get_priority(p), enabled(p),
//     pc_value(p), len(q), empty(q), nempty(q), full(q), nfull(q), timeout,
//     np_, else and goto L print as written, with their operands rendered
//     as above; run P(a,b) prints without its priority.
//
// This is the text pan prints. spin -p and spin -t -p print the same
// rendering without the C string escaping pan's tables go through: there,
// each backslash of a printf format is doubled and printm's mtype name is in
// double quotes (printm(m, "T")).
//
// Some texts in pan's tables are not those of a statement of the source:
// -end- (a process's end), .(goto) (the jump back at the end of a loop),
// goto :bN (a break: SPIN rewrites it as a jump to the loop's exit) and
// {c_codeN} for embedded C. The loop's exit itself shows as "break", which
// is what Break renders as. The skip SPIN puts in place of a labeled goto
// whose label a remote reference (P@L) names shows as (1).

// SpinText returns the text SPIN shows for statement s: in pan -d's
// transition tables, in pan's "unreached in proctype" lists (the quoted part
// of `r.pml:7, state 3, "x = (x+1)"`) and, with the differences noted
// above, in spin -p's simulation output.
//
// Three rules depend on the rest of the model, which SpinText does not see:
// a constant of a named mtype prints by its own name, a constant from an
// inline's argument by its name, and printm's mtype comes from the
// variable's declaration only. (*Spec).SpinText applies them as SPIN does;
// use it for text that must match SPIN's.
//
// Compound statements, which SPIN does not name by one text, give the text
// SPIN uses for their node: "IF", "DO", "ATOMIC", "D_STEPn" (n the line of
// the d_step), "sub-sequence" for a plain block, "unless" for an unless. A
// declaration gives the text of the first assignment SPIN makes of it (""
// when it makes none), a for or select loop that of its initialisation, a
// label that of its statement ((1) for a label at the end of a sequence).
func SpinText(s Stmt) string { return (*Spec)(nil).SpinText(s) }

// SpinExprText returns the text SPIN shows for expression e, as part of a
// statement's text (see SpinText): SpinExprText of x > 9 is (x>9), and of
// x is x. Like SpinText, it does not see the rest of the model;
// (*Spec).SpinExprText does.
func SpinExprText(e Expr) string { return (*Spec)(nil).SpinExprText(e) }

// SpinText is SpinText with the rest of the model known, so that the rules
// that depend on it (mtype constants, printm) apply exactly as in SPIN. s
// must be a statement of sp, or made of its parts. sp may be nil: that is
// SpinText.
func (sp *Spec) SpinText(s Stmt) string {
	p := spinPrinter{spec: sp}
	p.stmt(s)
	return p.b.String()
}

// SpinExprText is SpinExprText with the rest of the model known (see
// (*Spec).SpinText). sp may be nil.
func (sp *Spec) SpinExprText(e Expr) string {
	p := spinPrinter{spec: sp}
	p.expr(e)
	return p.b.String()
}

type spinPrinter struct {
	b    strings.Builder
	spec *Spec
	// ltl prints remote references as SPIN does inside an ltl formula
	// (its ltl_mode): P[pid]:v and (P[pid]@L).
	ltl bool
	// argPos holds the positions of the parameters in the inlines' bodies,
	// which the tokens of an inline call's arguments take (see
	// fromInlineArg); computed when first needed.
	argPos map[Pos]bool
}

func (p *spinPrinter) str(s string) { p.b.WriteString(s) }

func (p *spinPrinter) num(v int64) { p.b.WriteString(strconv.FormatInt(v, 10)) }

func (p *spinPrinter) stmt(s Stmt) {
	switch s := s.(type) {
	case nil:
	case *Labeled:
		if s.Stmt == nil {
			p.str("(1)") // SPIN puts a skip after a label that ends a sequence
			return
		}
		p.stmt(s.Stmt)
	case *Block:
		switch s.Kind {
		case BlockAtomic:
			p.str("ATOMIC")
		case BlockDStep:
			p.str("D_STEP")
			p.num(int64(s.P.Line))
		default:
			p.str("sub-sequence")
		}
	case *If:
		p.str("IF")
	case *Do:
		p.str("DO")
	case *Unless:
		p.str("unless")
	case *DeclStmt:
		// After the first statement of a body a declaration is an
		// assignment of the initial value (0 when none is given); for an
		// array, of element 0.
		for _, v := range s.Vars {
			if v.InitAtStart {
				continue
			}
			ref := &VarRef{P: v.P, Name: v.Name, Kind: RefVar, Var: v}
			init := v.Init
			if init == nil {
				init = &Const{P: v.P, Val: 0, Text: "0"}
			}
			p.stmt(&Assign{P: v.P, LHS: ref, Op: "=", RHS: init})
			return
		}
	case *XUStmt:
		// not a statement for SPIN
	case *For:
		if s.In != nil {
			if v := lastRefVar(s.Var); v != nil && v.Type != nil && v.Type.Kind == TStruct {
				return // a loop over a channel's messages: its counter has no name here
			}
			p.stmt(&Assign{P: s.P, LHS: s.Var, Op: "=", RHS: &Const{P: s.P, Text: "0"}})
			return
		}
		p.stmt(&Assign{P: s.P, LHS: s.Var, Op: "=", RHS: s.From})
	case *Select:
		p.stmt(&Assign{P: s.P, LHS: s.Var, Op: "=", RHS: s.From})
	case *Break:
		p.str("break")
	case *Goto:
		p.str("goto ")
		p.str(s.Label)
	case *Else:
		p.str("else")
	case *Printf:
		p.str("printf(")
		p.str(strings.ReplaceAll(s.Format, `"`, `'`))
		for _, a := range s.Args {
			p.str(",")
			p.expr(a)
		}
		p.str(")")
	case *Printm:
		p.printm(s.X)
	case *Assert:
		p.str("assert(")
		p.expr(s.X)
		p.str(")")
	case *SetPriority:
		p.str("set_priority(")
		p.expr(s.Pid)
		p.str(", ")
		p.expr(s.Prio)
		p.str(")")
	case *ExprStmt:
		p.str("(")
		p.expr(s.X)
		p.str(")")
	case *Assign:
		if isWholeStruct(s.LHS) {
			return // SPIN prints nothing for a structure assignment
		}
		p.expr(s.LHS)
		p.str(" = ")
		switch s.Op {
		case "++":
			p.expr(&Binary{P: s.P, Op: "+", X: s.LHS, Y: &Const{P: s.P, Val: 1, Text: "1"}})
		case "--":
			p.expr(&Binary{P: s.P, Op: "-", X: s.LHS, Y: &Const{P: s.P, Val: 1, Text: "1"}})
		default:
			p.expr(s.RHS)
		}
	case *Send:
		p.channel(s.Chan)
		if s.Sorted {
			p.str("!!")
		} else {
			p.str("!")
		}
		p.msgArgs(s.Args)
	case *Recv:
		p.channel(s.Chan)
		p.str("?")
		if s.Random {
			p.str("?")
		}
		if s.Copy {
			p.str("<")
		}
		p.msgArgs(s.Args)
		if s.Copy {
			p.str(">")
		}
	case *Call:
		p.str(s.Name)
		p.str("(")
		p.list(s.Args)
		p.str(")")
	default:
		p.str(FormatStmt(s))
	}
}

// printm: a constant prints as its value; the second argument names the
// mtype of a variable of mtype type, else 0.
func (p *spinPrinter) printm(x Expr) {
	p.str("printm(")
	if r, ok := x.(*VarRef); ok && r.Kind == RefMtype && r.Mtype != nil {
		p.num(r.Mtype.Value)
	} else {
		p.expr(x)
	}
	p.str(", ")
	if r, ok := x.(*VarRef); ok && r.Kind == RefVar && r.Field == nil && r.Var != nil {
		if name := p.mtypeOf(r.Var); name != "" {
			p.str("'" + name + "')")
			return
		}
	}
	p.str("0)")
}

// mtypeOf is the mtype SPIN attaches to variable v: T for a variable
// declared mtype:T, else that of an mtype constant assigned to it (v = c,
// v[i] = c, not an initialiser) anywhere in the model; "" for none. The
// plain mtype is "_unnamed_": a variable declared with the plain mtype has
// none until such an assignment.
func (p *spinPrinter) mtypeOf(v *Var) string {
	name := func(sub string) string {
		if sub == "" {
			return "_unnamed_"
		}
		return sub
	}
	if v.Type != nil && v.Type.Kind == TMtype && v.Type.Subtype != "" {
		return v.Type.Subtype
	}
	if p.spec == nil || v.Field {
		return ""
	}
	found := ""
	for _, proc := range p.spec.Procs {
		walkStmts(proc.Body, func(s Stmt) {
			a, ok := s.(*Assign)
			if !ok || found != "" {
				return
			}
			l, lok := a.LHS.(*VarRef)
			c, cok := a.RHS.(*VarRef)
			if lok && cok && l.Var == v && l.Field == nil && c.Kind == RefMtype && c.Mtype != nil && !p.fromInlineArg(c) {
				found = name(c.Mtype.Subtype)
			}
		})
	}
	return found
}

func (p *spinPrinter) list(es []Expr) {
	for i, e := range es {
		if i > 0 {
			p.str(",")
		}
		p.expr(e)
	}
}

// msgArgs prints the fields of a message: a structure stands for all its
// fields, one by one, each array element on its own.
func (p *spinPrinter) msgArgs(es []Expr) {
	for i, e := range es {
		if i > 0 {
			p.str(",")
		}
		if r, ok := e.(*VarRef); ok && r.Kind == RefVar {
			if v := lastRefVar(r); v != nil && v.Type != nil && v.Type.Kind == TStruct && v.Type.Struct != nil {
				var q spinPrinter
				q.spec, q.argPos = p.spec, p.argPos
				q.ref(r)
				p.fields(q.b.String(), v.Type.Struct, true)
				continue
			}
		}
		p.expr(e)
	}
}

// fields prints the leaf fields of a structure whose reference prints as
// prefix, separated by commas.
func (p *spinPrinter) fields(prefix string, td *Typedef, first bool) bool {
	for _, f := range td.Fields {
		name := prefix + "." + simplifiedName(f.Name)
		n := 1
		if f.IsArray() {
			n = f.Len
		}
		for i := 0; i < n; i++ {
			elem := name
			if f.IsArray() {
				elem += "[" + strconv.Itoa(i) + "]"
			}
			if f.Type != nil && f.Type.Kind == TStruct && f.Type.Struct != nil {
				first = p.fields(elem, f.Type.Struct, first)
				continue
			}
			if !first {
				p.str(",")
			}
			p.str(elem)
			first = false
		}
	}
	return first
}

// channel prints the channel of a send, receive, poll or channel function:
// SPIN requires a variable there.
func (p *spinPrinter) channel(e Expr) {
	if r, ok := e.(*VarRef); ok {
		p.ref(r)
		return
	}
	p.expr(e)
}

var spinBinaryOps = map[string]bool{
	"/": true, "*": true, "-": true, "+": true, "%": true, "&": true, "^": true, "|": true,
	"<=": true, ">=": true, ">": true, "<": true, "!=": true, "==": true,
	"||": true, "&&": true, "<<": true, ">>": true,
}

// expr renders e as SPIN's statement printer does.
func (p *spinPrinter) expr(e Expr) {
	switch e := e.(type) {
	case nil:
		p.str("0")
	case *Const:
		p.num(e.Val)
	case *VarRef:
		if e.Kind == RefMtype && e.Mtype != nil {
			if p.fromInlineArg(e) {
				p.num(e.Mtype.Value)
			} else {
				p.mtypeName(e.Mtype)
			}
			return
		}
		p.ref(e)
	case *Unary:
		p.str(e.Op)
		p.str("(")
		p.expr(e.X)
		p.str(")")
	case *Binary:
		p.str("(")
		p.expr(e.X)
		p.str(e.Op)
		p.expr(e.Y)
		p.str(")")
	case *Cond:
		p.str("( (")
		p.expr(e.C)
		p.str(") -> (")
		p.expr(e.Then)
		p.str(") : (")
		p.expr(e.Else)
		p.str(") )")
	case *Run:
		p.str("run ")
		p.str(e.Name)
		p.str("(")
		p.list(e.Args)
		p.str(")")
	case *ChanOp:
		p.str(e.Op)
		p.str("(")
		p.channel(e.Chan)
		p.str(")")
	case *Poll:
		p.channel(e.Chan)
		if e.Random {
			p.str("??[")
		} else {
			p.str("?[")
		}
		p.msgArgs(e.Args)
		p.str("]")
	case *Builtin:
		p.str(e.Op)
		p.str("(")
		p.expr(e.X)
		p.str(")")
	case *Timeout:
		p.str("timeout")
	case *Np:
		p.str("np_")
	case *RemoteRef:
		p.remote(e)
	case *Eval:
		p.str("eval(")
		p.expr(e.X)
		p.str(")")
	default:
		p.str(FormatExpr(e))
	}
}

// mtypeName prints an mtype constant: SPIN finds the name by value in the
// plain mtype's list, whatever the constant's own mtype.
func (p *spinPrinter) mtypeName(m *MtypeConst) {
	if m.Subtype == "" || p.spec == nil {
		p.str(m.Name)
		return
	}
	for _, c := range p.spec.MtypeValues {
		if c.Subtype == "" && c.Value == m.Value {
			p.str(c.Name)
			return
		}
	}
	p.num(m.Value)
}

// ref prints a variable reference: its simplified name, the index of an
// array (always present; SPIN prints a missing one as 0), then the fields.
func (p *spinPrinter) ref(r *VarRef) {
	for ; r != nil; r = r.Field {
		switch {
		case p.ltl:
			p.str(r.Name) // in an ltl formula, SPIN prints names as written
		case r.Kind == RefPid, r.Kind == RefNrPr, r.Kind == RefLast, r.Kind == RefPriority, r.Kind == RefUnderscore:
			p.str(r.Name) // predefined: never simplified
		default:
			p.str(simplifiedName(r.Name))
		}
		switch {
		case r.Var != nil && r.Var.IsArray():
			p.str("[")
			p.cexpr(r.Index) // nil prints as 0
			p.str("]")
		case r.Var == nil && r.Index != nil:
			p.str("[")
			p.cexpr(r.Index)
			p.str("]")
		}
		if r.Field != nil {
			p.str(".")
		}
	}
}

// simplifiedName drops leading underscores and digits, as SPIN does for the
// names it prints (it prefixes block-local variables with _N_).
func simplifiedName(s string) string {
	return strings.TrimLeft(s, "_0123456789")
}

// remote prints P[i]:v as P[i].v and P[i]@L as (P[i]._p==L).
func (p *spinPrinter) remote(r *RemoteRef) {
	if p.ltl {
		// SPIN's comwork in ltl_mode: the pid as in C, and nothing of the
		// variable but its name (an index is dropped).
		if r.Var == nil {
			p.str("(")
		}
		p.str(r.Proc)
		if r.Index != nil {
			p.str("[")
			p.cexpr(r.Index)
			p.str("]")
		}
		if r.Var == nil {
			p.str("@" + r.Label + ")")
			return
		}
		p.str(":" + r.Var.Name)
		return
	}
	if r.Var == nil {
		p.str("(")
	}
	p.str(r.Proc)
	if r.Index != nil {
		p.str("[")
		p.cexpr(r.Index)
		p.str("]")
	}
	if r.Var == nil {
		p.str("._p==")
		p.str(r.Label)
		p.str(")")
		return
	}
	p.str(".")
	p.str(r.Var.Name)
	if r.Var.Index != nil {
		p.str("[")
		p.cexpr(r.Var.Index)
		p.str("]")
	}
	if r.Var.Field != nil {
		p.str(".")
		p.ref(r.Var.Field)
	}
}

// cexpr renders e as SPIN's C-code printer does in its terse mode, which is
// what it uses for array indexes and remote references' pids.
func (p *spinPrinter) cexpr(e Expr) {
	switch e := e.(type) {
	case nil:
		p.str("0")
	case *Const:
		p.num(e.Val)
	case *VarRef:
		if e.Kind == RefMtype && e.Mtype != nil {
			p.num(e.Mtype.Value)
			return
		}
		p.ref(e)
	case *Unary:
		p.str(" ")
		p.str(e.Op)
		p.str("(")
		p.cexpr(e.X)
		p.str(")")
	case *Binary:
		if !spinBinaryOps[e.Op] {
			p.expr(e)
			return
		}
		p.str("(")
		p.cexpr(e.X)
		p.str(e.Op)
		p.cexpr(e.Y)
		p.str(")")
	case *Cond:
		p.str("( (")
		p.cexpr(e.C)
		p.str(") ? (")
		p.cexpr(e.Then)
		p.str(") : (")
		p.cexpr(e.Else)
		p.str(") )")
	case *Timeout:
		p.str("((trpt->tau)&1)")
	case *Np:
		p.str("(!(trpt->o_pm&4) && !(trpt->tau&128))")
	case *ChanOp:
		var pre, suf string
		switch e.Op {
		case "len":
			pre, suf = "q_len(", ")"
		case "full":
			pre, suf = "q_full(", ")"
		case "empty":
			pre, suf = "(q_len(", ")==0)"
		case "nfull":
			pre, suf = "(!q_full(", "))"
		case "nempty":
			pre, suf = "(q_len(", ")>0)"
		default:
			p.expr(e)
			return
		}
		p.str(pre)
		p.channel(e.Chan)
		p.str(suf)
	case *Builtin:
		switch e.Op {
		case "enabled":
			p.str("enabled(II, ")
			p.cexpr(e.X)
			p.str(")")
		case "pc_value":
			p.str("((P0 *) Pptr(")
			p.cexpr(e.X)
			p.str("+BASE))->_p")
		default:
			p.str(e.Op)
			p.str("(")
			p.cexpr(e.X)
			p.str(")")
		}
	case *RemoteRef:
		p.remote(e)
	default:
		// run, polls and eval have no sensible C rendering here (SPIN
		// rejects or mangles them in an index); use the statement form.
		p.expr(e)
	}
}

// fromInlineArg reports whether r came from an argument of an inline call:
// SPIN prints an mtype constant that did as its number. Expanding a call
// gives the argument's tokens the position of the parameter they replace.
func (p *spinPrinter) fromInlineArg(r *VarRef) bool {
	if p.spec == nil || len(p.spec.Inlines) == 0 {
		return false
	}
	if p.argPos == nil {
		p.argPos = map[Pos]bool{}
		for _, in := range p.spec.Inlines {
			params := map[string]bool{}
			for _, name := range in.Params {
				params[name] = true
			}
			walkStmts(in.Body, func(s Stmt) {
				WalkStmtExprs(s, func(e Expr) {
					if r, ok := e.(*VarRef); ok && params[r.Name] {
						p.argPos[r.P] = true
					}
				})
			})
		}
	}
	return p.argPos[r.P]
}

// walkStmts calls f for every statement in b, nested ones included.
func walkStmts(b *Block, f func(Stmt)) {
	if b == nil {
		return
	}
	var walk func(s Stmt)
	walk = func(s Stmt) {
		if s == nil {
			return
		}
		f(s)
		switch s := s.(type) {
		case *Block:
			for _, t := range s.Stmts {
				walk(t)
			}
		case *If:
			for _, o := range s.Options {
				walk(o)
			}
		case *Do:
			for _, o := range s.Options {
				walk(o)
			}
		case *For:
			walk(s.Body)
		case *Unless:
			walk(s.Main)
			walk(s.Escape)
		case *Labeled:
			walk(s.Stmt)
		}
	}
	for _, s := range b.Stmts {
		walk(s)
	}
}

// isWholeStruct reports whether lhs names a structure as a whole.
func isWholeStruct(lhs Expr) bool {
	r, ok := lhs.(*VarRef)
	if !ok {
		return false
	}
	v := lastRefVar(r)
	return v != nil && v.Type != nil && v.Type.Kind == TStruct
}

// lastRefVar is the variable or field the last part of r names.
func lastRefVar(r *VarRef) *Var {
	if r == nil {
		return nil
	}
	for r.Field != nil {
		r = r.Field
	}
	return r.Var
}
