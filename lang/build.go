package lang

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// build turns the parse tree into the AST. It reports what the grammar
// accepts but gmc does not: embedded C and inline return values.
func build(path string, units []*gUnit, diags *Diagnostics, scopes map[int]string) *Spec {
	b := &builder{diags: diags, scopes: scopes}
	spec := &Spec{File: path}
	for _, u := range units {
		switch {
		case u.Proctype != nil:
			spec.Procs = append(spec.Procs, b.proctype(u.Proctype))
		case u.Init != nil:
			spec.Procs = append(spec.Procs, &Proctype{P: pos(u.Init.Pos), Kind: KindInit, Name: "init",
				Priority: b.priority(u.Init.Priority, u.Init.Pos), Body: b.block(u.Init.Body, BlockPlain)})
		case u.Never != nil:
			name := u.Never.Name
			if name == "" {
				name = "never"
			}
			spec.Procs = append(spec.Procs, &Proctype{P: pos(u.Never.Pos), Kind: KindNever, Name: name,
				Body: b.block(u.Never.Body, BlockPlain)})
		case u.Trace != nil:
			spec.Procs = append(spec.Procs, &Proctype{P: pos(u.Trace.Pos), Kind: KindTrace, Name: u.Trace.Kind,
				Body: b.block(u.Trace.Body, BlockPlain)})
		case u.LTL != nil:
			name := u.LTL.Name
			if name == "" {
				name = fmt.Sprintf("ltl_%d", b.unnamedLTL) // SPIN's names
				b.unnamedLTL++
			}
			spec.LTLs = append(spec.LTLs, &LTL{P: pos(u.LTL.Pos), Name: name, Formula: b.ltl(u.LTL.Formula)})
		case u.Typedef != nil:
			td := &Typedef{P: pos(u.Typedef.Pos), Name: u.Typedef.Name}
			for _, d := range u.Typedef.Fields {
				for _, v := range b.decl(d) {
					v.Field = true
					td.Fields = append(td.Fields, v)
				}
			}
			spec.Typedefs = append(spec.Typedefs, td)
		case u.Mtype != nil:
			m := &MtypeDecl{P: pos(u.Mtype.Pos), Subtype: u.Mtype.Subtype}
			for _, n := range u.Mtype.Names {
				m.Names = append(m.Names, n.Name)
				m.NamePos = append(m.NamePos, pos(n.Pos))
			}
			spec.Mtypes = append(spec.Mtypes, m)
		case u.Inline != nil:
			in := &Inline{P: pos(u.Inline.Pos), Name: u.Inline.Name, Body: b.block(u.Inline.Body, BlockPlain)}
			for _, p := range u.Inline.Params {
				in.Params = append(in.Params, p.Name)
			}
			spec.Inlines = append(spec.Inlines, in)
		case u.CCode != nil:
			b.cCode(u.CCode.Kind, u.CCode.Pos)
		case u.Decl != nil:
			spec.Globals = append(spec.Globals, b.decl(u.Decl)...)
		}
	}
	return spec
}

type builder struct {
	diags      *Diagnostics
	unnamedLTL int
	scopes     map[int]string // the scope at each for, by token (forScopes)
}

func pos(p lexer.Position) Pos { return Pos{File: p.Filename, Line: p.Line, Col: p.Column} }

func (b *builder) cCode(kind string, p lexer.Position) {
	b.diags.Add(pos(p), "gmc does not run embedded C (%s); remove it or model it in Promela", kind)
}

func (b *builder) priority(text string, p lexer.Position) int {
	if text == "" {
		return 0
	}
	v, ok := intValue(text)
	if !ok || v < 1 || v > 255 {
		b.diags.Add(pos(p), "priority must be between 1 and 255")
		return 0
	}
	return int(v)
}

func (b *builder) proctype(g *gProctype) *Proctype {
	p := &Proctype{P: pos(g.Pos), Kind: KindProctype, Name: g.Name, DProctype: g.Kind == "D_proctype",
		Priority: b.priority(g.Priority, g.Pos), Body: b.block(g.Body, BlockPlain)}
	if g.Active != nil {
		p.IsActive = true
		if g.Active.Count != nil {
			p.ActiveExpr = b.expr(g.Active.Count)
		}
	}
	for _, d := range g.Params {
		for _, v := range b.decl(d) {
			v.Param = true
			v.Proc = p
			p.Params = append(p.Params, v)
		}
	}
	if g.Provided != nil {
		p.Provided = b.expr(g.Provided)
	}
	return p
}

func (b *builder) typ(g *gType) *Type {
	t := &Type{P: pos(g.Pos), Subtype: g.Subtype}
	switch g.Name {
	case "bit":
		t.Kind = TBit
	case "bool":
		t.Kind = TBool
	case "byte":
		t.Kind = TByte
	case "pid":
		t.Kind = TPid
	case "short":
		t.Kind = TShort
	case "int":
		t.Kind = TInt
	case "unsigned":
		t.Kind = TUnsigned
	case "mtype":
		t.Kind = TMtype
	case "chan":
		t.Kind = TChan
	default:
		t.Kind = TStruct
		t.Name = g.Name
	}
	if g.Subtype != "" && t.Kind != TMtype {
		b.diags.Add(t.P, "only mtype takes a subtype (%s:%s)", g.Name, g.Subtype)
	}
	return t
}

func (b *builder) decl(g *gDecl) []*Var {
	var vars []*Var
	vis := VisDefault
	switch g.Vis {
	case "hidden":
		vis = VisHidden
	case "show":
		vis = VisShow
	case "local":
		vis = VisLocal
	}
	for _, iv := range g.Vars {
		t := b.typ(g.Type)
		v := &Var{P: pos(iv.Pos), Name: iv.Name, Type: t, Vis: vis}
		if iv.Bits != "" {
			n, _ := intValue(iv.Bits)
			if t.Kind != TUnsigned {
				b.diags.Add(v.P, "a bit width is only allowed on unsigned, not on %s", g.Type.Name)
			} else if n < 1 || n > 32 {
				b.diags.Add(v.P, "width of unsigned %s must be 1..32, not %d", v.Name, n)
			}
			t.Bits = int(n)
		} else if t.Kind == TUnsigned {
			b.diags.Add(v.P, "unsigned %s needs a width (unsigned %s : N)", v.Name, v.Name)
		}
		if iv.Len != nil {
			v.LenExpr = b.expr(iv.Len)
		}
		switch {
		case iv.ChanInit != nil:
			ci := &ChanInit{P: pos(iv.ChanInit.Pos), CapExpr: b.expr(iv.ChanInit.Cap)}
			for _, f := range iv.ChanInit.Fields {
				ci.Fields = append(ci.Fields, b.typ(f))
			}
			v.ChanInit = ci
		case iv.ArrInit != nil:
			for _, e := range iv.ArrInit {
				v.ArrInit = append(v.ArrInit, b.expr(e))
			}
		case iv.Init != nil:
			v.Init = b.expr(iv.Init)
		}
		vars = append(vars, v)
	}
	return vars
}

func (b *builder) block(g *gBlock, kind BlockKind) *Block {
	blk := b.sequence(g.Body)
	blk.P = pos(g.Pos)
	blk.End = pos(g.Close.Pos)
	blk.Kind = kind
	return blk
}

func (b *builder) sequence(g *gSequence) *Block {
	blk := &Block{}
	for _, st := range g.Steps {
		if s := b.step(st); s != nil {
			blk.Stmts = append(blk.Stmts, s)
		}
	}
	if len(blk.Stmts) > 0 {
		blk.P = blk.Stmts[0].Pos()
	}
	return blk
}

func (b *builder) step(g *gStep) Stmt {
	switch {
	case g.Decl != nil:
		return &DeclStmt{P: pos(g.Decl.Type.Pos), Vars: b.decl(g.Decl)}
	case g.XU != nil:
		x := &XUStmt{P: pos(g.XU.Pos), Kind: g.XU.Kind}
		for _, r := range g.XU.Refs {
			x.Chans = append(x.Chans, b.varRef(r))
		}
		return x
	}
	s := b.stmt(g.Stmt)
	if g.Unless != nil {
		return &Unless{P: s.Pos(), Main: s, Escape: b.stmt(g.Unless)}
	}
	return s
}

// options builds the options of an if or do closed at end (the fi or od).
func (b *builder) options(g *gOptions, end lexer.Position) []*Block {
	var opts []*Block
	for i, o := range g.Options {
		blk := b.sequence(o.Body)
		blk.End = pos(end)
		if i+1 < len(g.Options) {
			blk.End = pos(g.Options[i+1].Pos)
		}
		opts = append(opts, blk)
	}
	return opts
}

func (b *builder) stmt(g *gStmt) Stmt {
	p := pos(g.Pos)
	switch {
	case g.If != nil:
		return &If{P: p, Options: b.options(g.If, g.Fi.Pos)}
	case g.Do != nil:
		return &Do{P: p, Options: b.options(g.Do, g.Od.Pos)}
	case g.For != nil:
		f := &For{P: p, Var: b.varRef(g.For.Var), Body: b.block(g.For.Body, BlockPlain), Scope: b.scopes[g.Pos.Offset]}
		if g.For.In != nil {
			f.In = b.varRef(g.For.In)
		} else {
			f.From, f.To = b.expr(g.For.From), b.expr(g.For.To)
		}
		return f
	case g.Select != nil:
		return &Select{P: p, Var: b.varRef(g.Select.Var), From: b.expr(g.Select.From), To: b.expr(g.Select.To)}
	case g.Atomic != nil:
		blk := b.block(g.Atomic, BlockAtomic)
		blk.P = p
		return blk
	case g.DStep != nil:
		blk := b.block(g.DStep, BlockDStep)
		blk.P = p
		return blk
	case g.Block != nil:
		return b.block(g.Block, BlockPlain)
	case g.Break:
		return &Break{P: p}
	case g.Goto != "":
		return &Goto{P: p, Label: g.Goto}
	case g.Else:
		return &Else{P: p}
	case g.Printf != nil:
		pr := &Printf{P: p, Format: g.Printf.Format}
		for _, a := range g.Printf.Args {
			pr.Args = append(pr.Args, b.expr(a))
		}
		return pr
	case g.Printm != nil:
		return &Printm{P: p, X: b.expr(g.Printm)}
	case g.Assert != nil:
		return &Assert{P: p, X: b.expr(g.Assert)}
	case g.SetPrio != nil:
		return &SetPriority{P: p, Pid: b.expr(g.SetPrio.Pid), Prio: b.expr(g.SetPrio.Prio)}
	case g.CCode != nil:
		b.cCode(g.CCode.Kind, g.CCode.Pos)
		return &ExprStmt{P: p, X: &Const{P: p, Val: 1, Text: "skip"}}
	case g.Return != nil:
		b.diags.Add(p, "gmc does not support return in inline definitions")
		return &ExprStmt{P: p, X: &Const{P: p, Val: 1, Text: "skip"}}
	case g.Inline != nil:
		blk := b.block(g.Inline.Body, BlockInline)
		blk.Brace, blk.P = blk.P, p
		blk.Inline = g.Inline.Name
		return blk
	case g.Labeled != nil:
		l := &Labeled{P: p, Label: g.Labeled.Name}
		if g.Labeled.Stmt != nil {
			l.Stmt = b.stmt(g.Labeled.Stmt)
		}
		return l
	case g.Call != nil:
		c := &Call{P: p, Name: g.Call.Name}
		for _, a := range g.Call.Args {
			c.Args = append(c.Args, b.expr(a))
		}
		return c
	case g.Simple != nil:
		return b.simple(g.Simple)
	}
	panic("build: empty statement")
}

func (b *builder) simple(g *gSimple) Stmt {
	b.report(g.diags)
	return g.S
}

func (b *builder) report(diags []*Diagnostic) {
	*b.diags = append(*b.diags, diags...)
}

func (b *builder) expr(g *gExpr) Expr {
	b.report(g.diags)
	return g.X
}

func (b *builder) varRef(g *gVarRef) *VarRef {
	b.report(g.diags)
	return g.Ref
}

func (b *builder) recvArgs(g *gRecvArgs) []Expr {
	b.report(g.diags)
	return g.Args
}

// binaryPrec gives Promela's binary operators their C precedence (all are
// left-associative).
var binaryPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10,
}

// intValue reads a number token: decimal (also with leading zeros, as SPIN
// reads them), 0x hexadecimal, or a character constant.
func intValue(text string) (int64, bool) {
	switch {
	case strings.HasPrefix(text, "'"):
		s, err := strconv.Unquote(text)
		if err != nil || len(s) != 1 {
			if text == `'\0'` {
				return 0, true
			}
			return 0, false
		}
		return int64(s[0]), true
	case strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X"):
		v, err := strconv.ParseInt(text[2:], 16, 64)
		return v, err == nil
	}
	v, err := strconv.ParseInt(text, 10, 64)
	return v, err == nil
}

// LTL formulas.

var ltlOpNames = map[string]string{
	"implies": "->", "equivalent": "<->", "always": "[]", "eventually": "<>",
	"next": "X", "until": "U", "stronguntil": "U", "weakuntil": "W", "release": "V",
}

func ltlOp(op string) string {
	if n, ok := ltlOpNames[op]; ok {
		return n
	}
	return op
}

// ltl builds -> and <-> left-associative, as SPIN's grammar does (%left
// IMPLIES EQUIV): a -> b -> c is (a -> b) -> c.
func (b *builder) ltl(g *gLTLExpr) Expr {
	x := b.ltlOr(g.Left)
	for ; g.Rest != nil; g = g.Rest {
		x = &Binary{P: x.Pos(), Op: ltlOp(g.Op), X: x, Y: b.ltlOr(g.Rest.Left)}
	}
	return x
}

func (b *builder) ltlOr(g *gLTLOr) Expr {
	x := b.ltlAnd(g.Terms[0])
	for _, t := range g.Terms[1:] {
		x = &Binary{P: x.Pos(), Op: "||", X: x, Y: b.ltlAnd(t)}
	}
	return x
}

func (b *builder) ltlAnd(g *gLTLAnd) Expr {
	x := b.ltlUntil(g.Terms[0])
	for _, t := range g.Terms[1:] {
		x = &Binary{P: x.Pos(), Op: "&&", X: x, Y: b.ltlUntil(t)}
	}
	return x
}

func (b *builder) ltlUntil(g *gLTLUntil) Expr {
	x := b.ltlUnary(g.Left)
	for _, r := range g.Rest {
		x = &Binary{P: x.Pos(), Op: ltlOp(r.Op), X: x, Y: b.ltlUnary(r.Right)}
	}
	return x
}

func (b *builder) ltlUnary(g *gLTLUnary) Expr {
	var x Expr
	if g.Atom.Paren != nil {
		x = b.ltl(g.Atom.Paren)
	} else {
		b.report(g.Atom.Expr.diags)
		x = g.Atom.Expr.X
	}
	for i := len(g.Ops) - 1; i >= 0; i-- {
		x = &Unary{P: pos(g.Pos), Op: ltlOp(g.Ops[i]), X: x}
	}
	return x
}
