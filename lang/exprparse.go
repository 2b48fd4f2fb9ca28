package lang

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Expressions are parsed by hand, by precedence climbing, and plugged into
// the participle grammar as custom productions (participle's Parseable): they
// are most of a model's tokens, and participle's backtracking parser spends
// an allocation on every alternative it tries, which made the front end ten
// times slower than this. The productions parsed here are:
//
//	expr     = unary { binop unary }
//	unary    = { "!" | "-" | "~" } primary
//	primary  = varref [ ("?" | "??") "[" recvargs "]" ]
//	         | Int | "(" expr [ "->" expr ":" expr ] ")"
//	         | "true" | "false" | "skip" | "timeout" | "np_"
//	         | ("len" | "empty" | "nempty" | "full" | "nfull") "(" varref ")"
//	         | "run" name "(" [ expr { "," expr } ] ")" [ "priority" Int ]
//	         | ("enabled" | "pc_value" | "get_priority") "(" expr ")"
//	         | PName [ "[" expr "]" ] ( "@" Ident | ":" varref )
//	         | CCode
//	varref   = Ident [ "[" expr "]" ] [ "." varref ]
//	recvargs = "(" recvargs ")" | recvarg ( "(" recvargs ")" | { "," recvarg } )
//	recvarg  = "eval" "(" expr ")" | [ "-" ] Int | "true" | "false" | "skip" | varref

// gExpr is an expression.
type gExpr struct {
	X     Expr
	diags []*Diagnostic // reported when the expression is built into the AST
}

// Parse implements participle.Parseable.
func (g *gExpr) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex: lex}
	if !p.startsExpr() {
		return participle.NextMatch
	}
	g.X = p.expr(0)
	g.diags = p.diags
	return p.err
}

// gSimple is an expression statement, an assignment, ++ or --, a send or a
// receive: all start with an expression. A name followed by ':' (a label) or
// '(' (an inline call) is left to the other statement forms.
type gSimple struct {
	S     Stmt
	diags []*Diagnostic
}

// Parse implements participle.Parseable.
func (g *gSimple) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex: lex}
	if !p.startsExpr() {
		return participle.NextMatch
	}
	if p.isKind(tokIdent) {
		if n := p.peek2(); n.Type == lexer.TokenType(tokPunct) && (n.Value == ":" || n.Value == "(") {
			return participle.NextMatch
		}
	}
	g.S = p.simple()
	g.diags = p.diags
	return p.err
}

// gLTLCmp is an expression inside an ltl formula: && and || at its top level
// are the formula's own operators, so they end it.
type gLTLCmp struct {
	X     Expr
	diags []*Diagnostic
}

// Parse implements participle.Parseable.
//
// An atom that starts with '(' may be a parenthesized formula, (a + b U c)
// or (p -> <> q), known not to be an expression only where the expression
// fails: it then reads nothing and leaves the atom to the formula's
// parentheses, inside which the expression's own error, if any, is found
// again and reported.
func (g *gLTLCmp) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex: lex}
	if !p.startsExpr() {
		return participle.NextMatch
	}
	start, paren := lex.MakeCheckpoint(), p.is("(")
	g.X = p.expr(binaryPrec["&&"])
	g.diags = p.diags
	if p.err != nil && paren {
		lex.LoadCheckpoint(start)
		g.X, g.diags = nil, nil
		return participle.NextMatch
	}
	return p.err
}

// gVarRef is a variable reference.
type gVarRef struct {
	Ref   *VarRef
	diags []*Diagnostic
}

// Parse implements participle.Parseable.
func (g *gVarRef) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex: lex}
	if p.peek().Type != lexer.TokenType(tokIdent) {
		return participle.NextMatch
	}
	g.Ref = p.varRef()
	g.diags = p.diags
	return p.err
}

// gRecvArgs is the argument list of a receive or poll.
type gRecvArgs struct {
	Args  []Expr
	diags []*Diagnostic
}

// Parse implements participle.Parseable.
func (g *gRecvArgs) Parse(lex *lexer.PeekingLexer) error {
	p := &exprParser{lex: lex}
	if !p.startsRecvArg() && !p.is("(") {
		return participle.NextMatch
	}
	g.Args = p.recvArgs(nil)
	g.diags = p.diags
	return p.err
}

// exprParser parses from participle's token stream. The first syntax error
// stops it (err); diags collects what is wrong but still parses.
type exprParser struct {
	lex   *lexer.PeekingLexer
	err   error
	diags []*Diagnostic
}

func (p *exprParser) peek() *lexer.Token { return p.lex.Peek() }

// peek2 returns the token after the next one.
func (p *exprParser) peek2() lexer.Token {
	cp := p.lex.MakeCheckpoint()
	p.lex.Next()
	t := *p.lex.Peek()
	p.lex.LoadCheckpoint(cp)
	return t
}

func (p *exprParser) next() lexer.Token { return *p.lex.Next() }

// is reports whether the next token is the operator or keyword text.
func (p *exprParser) is(text string) bool {
	t := p.peek()
	switch tokKind(t.Type) {
	case tokPunct, tokKeyword, tokSep:
		return t.Value == text
	}
	return false
}

func (p *exprParser) isKind(k tokKind) bool { return p.peek().Type == lexer.TokenType(k) }

// fail records the first syntax error, at the next token.
func (p *exprParser) fail(expect string) {
	if p.err == nil {
		p.err = &participle.UnexpectedTokenError{Unexpected: *p.peek(), Expect: expect}
	}
}

func (p *exprParser) expect(text string) {
	if p.err != nil {
		return
	}
	if !p.is(text) {
		p.fail(fmt.Sprintf("%q", text))
		return
	}
	p.next()
}

func (p *exprParser) diag(pos lexer.Position, format string, args ...any) {
	p.diags = append(p.diags, &Diagnostic{Pos: toPos(pos), Severity: Error, Msg: fmt.Sprintf(format, args...)})
}

func toPos(p lexer.Position) Pos { return Pos{File: p.Filename, Line: p.Line, Col: p.Column} }

var exprStartKeywords = map[string]bool{
	"true": true, "false": true, "skip": true, "timeout": true, "np_": true,
	"len": true, "empty": true, "nempty": true, "full": true, "nfull": true,
	"run": true, "enabled": true, "pc_value": true, "get_priority": true,
}

func (p *exprParser) startsExpr() bool {
	t := p.peek()
	switch tokKind(t.Type) {
	case tokIdent, tokPName, tokInt, tokCCode:
		return true
	case tokKeyword:
		return exprStartKeywords[t.Value]
	case tokPunct:
		return t.Value == "(" || t.Value == "!" || t.Value == "-" || t.Value == "~"
	}
	return false
}

// expr parses operands joined by binary operators of precedence above min.
func (p *exprParser) expr(min int) Expr {
	x := p.unary()
	for p.err == nil && p.isKind(tokPunct) {
		op := p.peek().Value
		prec, ok := binaryPrec[op]
		if !ok || prec <= min {
			break
		}
		p.next()
		y := p.expr(prec)
		x = &Binary{P: x.Pos(), Op: op, X: x, Y: y}
	}
	return x
}

func (p *exprParser) unary() Expr {
	if p.is("!") || p.is("-") || p.is("~") {
		t := p.next()
		return &Unary{P: toPos(t.Pos), Op: t.Value, X: p.unary()}
	}
	return p.primary()
}

func (p *exprParser) primary() Expr {
	t := *p.peek()
	pos := toPos(t.Pos)
	switch tokKind(t.Type) {
	case tokIdent:
		ref := p.varRef()
		if (p.is("?") || p.is("??")) && p.peek2().Value == "[" {
			random := p.next().Value == "??"
			p.next()
			poll := &Poll{P: pos, Chan: ref, Random: random, Args: p.recvArgs(nil)}
			p.expect("]")
			return poll
		}
		return ref
	case tokInt:
		p.next()
		v, ok := intValue(t.Value)
		if !ok {
			p.diag(t.Pos, "malformed number %s", t.Value)
		}
		return &Const{P: pos, Val: v, Text: t.Value}
	case tokPName:
		return p.remote()
	case tokCCode:
		p.next()
		p.diag(t.Pos, "gmc does not run embedded C (%s); remove it or model it in Promela", t.Value)
		return &Const{P: pos, Val: 1, Text: t.Value}
	}
	switch {
	case p.is("("):
		p.next()
		x := p.expr(0)
		if p.is("->") {
			p.next()
			a := p.expr(0)
			p.expect(":")
			b := p.expr(0)
			x = &Cond{P: pos, C: x, Then: a, Else: b}
		}
		p.expect(")")
		return x
	case p.is("true"), p.is("false"), p.is("skip"):
		p.next()
		return keywordConst(t.Value, pos)
	case p.is("timeout"):
		p.next()
		return &Timeout{P: pos}
	case p.is("np_"):
		p.next()
		return &Np{P: pos}
	case p.is("len"), p.is("empty"), p.is("nempty"), p.is("full"), p.is("nfull"):
		p.next()
		p.expect("(")
		ch := p.varRef()
		p.expect(")")
		return &ChanOp{P: pos, Op: t.Value, Chan: ch}
	case p.is("enabled"), p.is("pc_value"), p.is("get_priority"):
		p.next()
		p.expect("(")
		x := p.expr(0)
		p.expect(")")
		return &Builtin{P: pos, Op: t.Value, X: x}
	case p.is("run"):
		return p.run()
	}
	p.fail("an expression")
	return &Const{P: pos, Text: "?"}
}

// simple   = expr [ "=" expr | "++" | "--" | ("!" | "!!") sendargs
//
//	| ("?" | "??") ( "<" recvargs ">" | recvargs ) ]
//
// sendargs = expr ( "(" expr { "," expr } ")" | { "," expr } )
func (p *exprParser) simple() Stmt {
	pos := toPos(p.peek().Pos)
	x := p.expr(0)
	if p.err != nil {
		return &ExprStmt{P: pos, X: x}
	}
	switch {
	case p.is("="):
		p.next()
		return &Assign{P: pos, LHS: x, Op: "=", RHS: p.expr(0)}
	case p.is("++"), p.is("--"):
		return &Assign{P: pos, LHS: x, Op: p.next().Value}
	case p.is("!"), p.is("!!"):
		s := &Send{P: pos, Chan: x, Sorted: p.next().Value == "!!"}
		s.Args = []Expr{p.expr(0)}
		if p.err == nil && p.is("(") {
			p.next()
			s.Args = append(s.Args, p.list()...)
			p.expect(")")
		} else {
			for p.err == nil && p.is(",") {
				p.next()
				s.Args = append(s.Args, p.expr(0))
			}
		}
		return s
	case p.is("?"), p.is("??"):
		r := &Recv{P: pos, Chan: x, Random: p.next().Value == "??"}
		if p.is("<") {
			p.next()
			r.Copy = true
			r.Args = p.recvArgs(nil)
			p.expect(">")
		} else {
			r.Args = p.recvArgs(nil)
		}
		return r
	}
	return &ExprStmt{P: pos, X: x}
}

func (p *exprParser) run() Expr {
	pos := toPos(p.next().Pos)
	r := &Run{P: pos}
	if !p.isKind(tokIdent) && !p.isKind(tokPName) {
		p.fail("a proctype name")
		return r
	}
	r.Name = p.next().Value
	p.expect("(")
	if p.err == nil && !p.is(")") {
		r.Args = p.list()
	}
	p.expect(")")
	if p.err == nil && p.is("priority") {
		p.next()
		if !p.isKind(tokInt) {
			p.fail("a priority")
			return r
		}
		t := p.next()
		v, _ := intValue(t.Value)
		if v < 1 || v > 255 {
			p.diag(t.Pos, "priority must be between 1 and 255")
		}
		r.Priority = int(v)
	}
	return r
}

// list parses expr { "," expr }.
func (p *exprParser) list() []Expr {
	args := []Expr{p.expr(0)}
	for p.err == nil && p.is(",") {
		p.next()
		args = append(args, p.expr(0))
	}
	return args
}

func (p *exprParser) remote() Expr {
	t := p.next()
	r := &RemoteRef{P: toPos(t.Pos), Proc: t.Value}
	if p.is("[") {
		p.next()
		r.Index = p.expr(0)
		p.expect("]")
	}
	switch {
	case p.err != nil:
	case p.is("@"):
		p.next()
		if !p.isKind(tokIdent) {
			p.fail("a label name")
			break
		}
		r.Label = p.next().Value
	case p.is(":"):
		p.next()
		if !p.isKind(tokIdent) {
			p.fail("a variable name")
			break
		}
		r.Var = p.varRef()
	default:
		p.fail(`"@" or ":" after a proctype name`)
	}
	return r
}

func (p *exprParser) varRef() *VarRef {
	if !p.isKind(tokIdent) {
		p.fail("a name")
		return &VarRef{P: toPos(p.peek().Pos)}
	}
	t := p.next()
	r := &VarRef{P: toPos(t.Pos), Name: t.Value}
	if p.is("[") {
		p.next()
		r.Index = p.expr(0)
		p.expect("]")
	}
	if p.err == nil && p.is(".") {
		p.next()
		r.Field = p.varRef()
	}
	return r
}

func (p *exprParser) startsRecvArg() bool {
	t := p.peek()
	switch tokKind(t.Type) {
	case tokIdent, tokInt:
		return true
	case tokKeyword:
		return t.Value == "eval" || t.Value == "true" || t.Value == "false" || t.Value == "skip"
	case tokPunct:
		return t.Value == "-"
	}
	return false
}

func (p *exprParser) recvArgs(out []Expr) []Expr {
	if p.is("(") {
		p.next()
		out = p.recvArgs(out)
		p.expect(")")
		return out
	}
	out = append(out, p.recvArg())
	if p.err == nil && p.is("(") {
		p.next()
		out = p.recvArgs(out)
		p.expect(")")
		return out
	}
	for p.err == nil && p.is(",") {
		p.next()
		out = append(out, p.recvArg())
	}
	return out
}

func (p *exprParser) recvArg() Expr {
	t := *p.peek()
	pos := toPos(t.Pos)
	switch {
	case p.is("eval"):
		p.next()
		p.expect("(")
		x := p.expr(0)
		p.expect(")")
		return &Eval{P: pos, X: x}
	case p.is("-") || p.isKind(tokInt):
		neg := p.is("-")
		if neg {
			p.next()
		}
		if !p.isKind(tokInt) {
			p.fail("a number")
			return &Const{P: pos}
		}
		n := p.next()
		v, _ := intValue(n.Value)
		text := n.Value
		if neg {
			v, text = -v, "-"+text
		}
		return &Const{P: pos, Val: v, Text: text}
	case p.is("true"), p.is("false"), p.is("skip"):
		p.next()
		return keywordConst(t.Value, pos)
	case p.isKind(tokIdent):
		return p.varRef()
	}
	p.fail("a variable, constant or eval(...)")
	return &Const{P: pos}
}

func keywordConst(text string, p Pos) *Const {
	v := int64(1)
	if text == "false" {
		v = 0
	}
	return &Const{P: p, Val: v, Text: text}
}
