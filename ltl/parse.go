package ltl

import (
	"fmt"
	"strings"
)

// Error is a problem with a formula's text, at a 1-based byte column.
type Error struct {
	Col int
	Msg string
}

func (e *Error) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// The syntax is SPIN's `spin -f` (docs/references.md#spin-ltl), read as its
// lexer and recursive-descent parser read it:
//
//   - operators: [] <> ! U V && || /\ \/ -> <->, and the words always,
//     eventually, until, not, true, false;
//   - a proposition is a word starting with a lower-case letter (letters,
//     digits, '_'), or a parenthesised or braced text that holds no temporal
//     operator: "(x < 3)" is the proposition "x < 3", "(p && q)" the
//     proposition "p && q" (SPIN's is_predicate), while "(p U q)" is an
//     until in parentheses;
//   - two precedence levels, both left-associative: U and V bind tighter
//     than && || -> <->, which share one level, so a && b || c is
//     (a && b) || c and a || b && c is (a || b) && c; the unary operators
//     bind tighter still.
//
// SPIN 6.5.2 has no next operator: "X p" is an error, as in spin, and the
// word next is a proposition. gmc also rejects what spin silently ignores:
// text after a complete formula ("p q").

// keywords are the words the lexer turns into operators.
var keywords = map[string]int{
	"true": tkTrue, "false": tkFalse, "always": tkAlways, "eventually": tkEventually,
	"until": tkUntil, "c_expr": tkCexpr, "not": tkNot,
}

// Token kinds: a single character is its own kind (below 256).
const (
	tkEOF = 256 + iota
	tkPred
	tkTrue
	tkFalse
	tkAlways
	tkEventually
	tkUntil
	tkRelease
	tkNot
	tkAnd
	tkOr
	tkImplies
	tkEquiv
	tkCexpr
)

type token struct {
	kind int
	text string // a proposition's text
	pos  int    // 0-based offset of its first character
}

func (t token) describe() string {
	switch t.kind {
	case tkEOF:
		return "end of formula"
	case tkPred:
		return t.text
	case tkTrue:
		return "true"
	case tkFalse:
		return "false"
	case tkAlways:
		return "[]"
	case tkEventually:
		return "<>"
	case tkUntil:
		return "U"
	case tkRelease:
		return "V"
	case tkNot:
		return "!"
	case tkAnd:
		return "&&"
	case tkOr:
		return "||"
	case tkImplies:
		return "->"
	case tkEquiv:
		return "<->"
	case tkCexpr:
		return "c_expr"
	}
	return string(rune(t.kind))
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
func isAlnum_(c byte) bool { return isAlnum(c) || c == '_' }

// lexer reads the formula one character at a time, as tl_lex.c does: cnt is
// the number of characters read, and reading past the end still counts.
type lexer struct {
	src string
	cnt int
}

func (l *lexer) getc() int {
	if l.cnt < len(l.src) {
		c := l.src[l.cnt]
		l.cnt++
		return int(c)
	}
	l.cnt++
	return -1
}

func (l *lexer) ungetc() {
	if l.cnt > 0 {
		l.cnt--
	}
}

// peek returns the character n places after the next one, -1 past the end.
func (l *lexer) peek(n int) int {
	if l.cnt+n < len(l.src) {
		return int(l.src[l.cnt+n])
	}
	return -1
}

// syntaxError stops the parse (Parse recovers it).
func syntaxError(pos int, format string, args ...any) {
	panic(&Error{Col: pos + 1, Msg: fmt.Sprintf(format, args...)})
}

func isOpLetter(c int) bool { return c == 'U' || c == 'V' || c == 'X' }

// isPredicate reports whether the text after an opening ( or { up to its
// closing partner is a proposition: it holds no temporal or boolean
// keyword and no operator of the formula language other than ! && ||.
func (l *lexer) isPredicate(open int) bool {
	want := int(')')
	if open == '{' {
		want = int('}')
	}
	prev := open
	nesting := 0
	i := 0
	c := l.peek(i)
	i++
	for (c != want || nesting > 0) && c != -1 && i < 2047 {
		if c >= 0 && (isLower(byte(c)) || c == '_') {
			j := i
			for {
				d := l.peek(i)
				if d == -1 || !isAlnum_(byte(d)) {
					break
				}
				i++
			}
			switch l.src[l.cnt+j-1 : l.cnt+i] {
			case "always", "equivalent", "eventually", "until", "next", "c_expr":
				return false
			}
			c = 0 // the word cannot be the closing partner
		} else {
			nxt := l.peek(i)
			if isOpLetter(c) && !(prev >= 0 && isAlnum_(byte(prev))) && (nxt == -1 || !isAlnum_(byte(nxt))) ||
				c == '<' && (nxt == '>' || nxt == '-') ||
				c == '-' && nxt == '>' ||
				c == '[' && nxt == ']' {
				return false
			}
		}
		if c == open {
			nesting++
		}
		if c == want {
			nesting--
		}
		prev = c
		c = l.peek(i)
		i++
	}
	return true
}

// readUpToClosing returns the text up to the partner of open and consumes
// the partner.
func (l *lexer) readUpToClosing(open int) string {
	want := int(')')
	if open == '{' {
		want = int('}')
	}
	var b strings.Builder
	nesting, i := 0, 0
	c := l.getc()
	for (c != want || nesting > 0) && c != -1 && i < 2047 {
		b.WriteByte(byte(c))
		i++
		if c == open {
			nesting++
		}
		if c == want {
			nesting--
		}
		c = l.getc()
	}
	return b.String()
}

// follow reads the second character of a two-character operator.
func (l *lexer) follow(start int, second byte, kind int, op string) token {
	if c := l.getc(); c == int(second) {
		return token{kind: kind, pos: start}
	}
	l.ungetc()
	syntaxError(start, "expected '%s'", op)
	return token{}
}

func (l *lexer) next() token {
	c := l.getc()
	for c == ' ' {
		c = l.getc()
	}
	if c == -1 {
		return token{kind: tkEOF, pos: len(l.src)}
	}
	start := l.cnt - 1
	if c == '(' || c == '{' {
		if l.isPredicate(c) {
			return token{kind: tkPred, text: l.readUpToClosing(c), pos: start}
		}
	}
	if c == '}' {
		syntaxError(start, "unexpected '}'")
	}
	if isLower(byte(c)) {
		for {
			d := l.getc()
			if d == -1 || !isAlnum_(byte(d)) {
				break
			}
		}
		l.ungetc()
		word := l.src[start:l.cnt]
		if k, ok := keywords[word]; ok {
			return token{kind: k, pos: start}
		}
		return token{kind: tkPred, text: word, pos: start}
	}
	switch c {
	case '<':
		c = l.getc()
		if c == '>' {
			return token{kind: tkEventually, pos: start}
		}
		if c != '-' {
			l.ungetc()
			syntaxError(start, "expected '<>' or '<->'")
		}
		if l.getc() == '>' {
			return token{kind: tkEquiv, pos: start}
		}
		l.ungetc()
		syntaxError(start, "expected '<->'")
	case '/':
		return l.follow(start, '\\', tkAnd, `/\`)
	case '\\':
		return l.follow(start, '/', tkOr, `\/`)
	case '&':
		return l.follow(start, '&', tkAnd, "&&")
	case '|':
		return l.follow(start, '|', tkOr, "||")
	case '[':
		return l.follow(start, ']', tkAlways, "[]")
	case '-':
		return l.follow(start, '>', tkImplies, "->")
	case '!':
		return token{kind: tkNot, pos: start}
	case 'U':
		return token{kind: tkUntil, pos: start}
	case 'V':
		return token{kind: tkRelease, pos: start}
	}
	return token{kind: c, pos: start}
}

// checkBalanced reports unbalanced parentheses before parsing, as SPIN
// does; a parenthesis between two quotes of the same kind is not counted.
func checkBalanced(s string) {
	var open []int
	for i := 0; i < len(s); i++ {
		if s[i] != '(' && s[i] != ')' {
			continue
		}
		if i > 0 && i+1 < len(s) && (s[i-1] == '"' && s[i+1] == '"' || s[i-1] == '\'' && s[i+1] == '\'') {
			continue
		}
		if s[i] == '(' {
			open = append(open, i)
			continue
		}
		if len(open) == 0 {
			syntaxError(i, "parentheses not balanced: no '(' for this ')'")
		}
		open = open[:len(open)-1]
	}
	if len(open) > 0 {
		syntaxError(open[len(open)-1], "parentheses not balanced: this '(' is not closed")
	}
}

// Parse reads a formula in the syntax of `spin -f`. Problems are returned
// as an *Error with the column of the offending text.
func Parse(src string) (f *Formula, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			f, err = nil, e
		}
	}()
	src = normalize(src)
	for i := 0; i < len(src); i++ {
		if src[i] == 0 || src[i] >= 0x80 {
			syntaxError(i, "unexpected character %q", src[i])
		}
	}
	if strings.TrimSpace(src) == "" {
		syntaxError(0, "empty formula")
	}
	checkBalanced(src)
	p := &parser{lex: lexer{src: src}}
	p.advance()
	f = p.level(1)
	if p.tok.kind != tkEOF {
		syntaxError(p.tok.pos, "syntax error, saw '%s'", p.tok.describe())
	}
	return f, nil
}

// normalize turns tabs and newlines into spaces, as SPIN does with the
// text of -f before it reads or echoes it.
func normalize(src string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' {
			return ' '
		}
		return r
	}, src)
}

type parser struct {
	lex lexer
	tok token
}

func (p *parser) advance() { p.tok = p.lex.next() }

// binops are the binary operators of the two precedence levels.
var binops = [2]map[int]Op{
	{tkUntil: Until, tkRelease: Release},
	{tkOr: Or, tkAnd: And, tkImplies: Implies, tkEquiv: Equiv},
}

func (p *parser) level(nr int) *Formula {
	if nr < 0 {
		return p.factor()
	}
	f := p.level(nr - 1)
	for {
		op, ok := binops[nr][p.tok.kind]
		if !ok {
			return f
		}
		col := p.tok.pos + 1
		p.advance()
		f = &Formula{Op: op, L: f, R: p.level(nr - 1), Col: col}
	}
}

func (p *parser) factor() *Formula {
	t := p.tok
	col := t.pos + 1
	switch t.kind {
	case '(':
		p.advance()
		f := p.level(1)
		if p.tok.kind != ')' {
			syntaxError(p.tok.pos, "expected ')', saw '%s'", p.tok.describe())
		}
		p.advance()
		return f
	case tkNot, tkAlways, tkEventually:
		p.advance()
		op := map[int]Op{tkNot: Not, tkAlways: Always, tkEventually: Eventually}[t.kind]
		return &Formula{Op: op, L: p.factor(), Col: col}
	case tkPred:
		p.advance()
		return &Formula{Op: Prop, Prop: t.text, Col: col}
	case tkTrue, tkFalse:
		p.advance()
		op := True
		if t.kind == tkFalse {
			op = False
		}
		return &Formula{Op: op, Col: col}
	case tkCexpr:
		syntaxError(t.pos, "c_expr is not supported: gmc does not run embedded C")
	case 'X':
		syntaxError(t.pos, "expected predicate, saw 'X': SPIN 6.5.2 has no next operator")
	}
	syntaxError(t.pos, "expected predicate, saw '%s'", t.describe())
	return nil
}
