package lang

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The preprocessor implements the part of the C preprocessor that Promela
// models use: #define (object- and function-like, with # and ##), #undef,
// #include "file", #if/#ifdef/#ifndef/#elif/#else/#endif and #error. It works
// on tokens, not text, so every token keeps the position the user wrote:
// tokens of a macro body take the position of the macro's use.

const (
	maxIncludeDepth   = 32
	maxExpandedTokens = 4 << 20 // past this, an expansion is taken to be runaway
)

type macro struct {
	name   string
	fn     bool     // function-like
	params []string // parameter names, for a function-like macro
	body   []token
}

type preprocessor struct {
	diags    *Diagnostics
	read     func(string) ([]byte, error)
	macros   map[string]*macro
	out      []token
	depth    int
	expanded int
	runaway  bool
}

// preprocess scans and preprocesses the file at path, whose contents are src,
// and returns its tokens ending with one EOF token. read loads included files.
// A formula ltl (Options.LTL) follows the file as one more ltl block.
func preprocess(path string, src []byte, read func(string) ([]byte, error), defines map[string]string, ltl string, diags *Diagnostics) []token {
	if read == nil {
		read = os.ReadFile
	}
	p := &preprocessor{diags: diags, read: read, macros: map[string]*macro{}}
	for name, val := range defines {
		var body []token
		sc := newScanner("<command line>", []byte(val), diags)
		for t := sc.next(); t.kind != tokEOF; t = sc.next() {
			body = append(body, t)
		}
		p.macros[name] = &macro{name: name, body: body}
	}
	p.file(path, src)
	if ltl != "" {
		p.ltlBlock(ltl)
	}
	eof := token{kind: tokEOF, pos: Pos{File: path}}
	if n := len(p.out); n > 0 {
		eof.pos = p.out[n-1].pos
	}
	return append(p.out, eof)
}

// ltlBlock appends `ltl LTLArgName { formula }`: the formula is read with
// the model's macros, as a file of its own (LTLArgFile), so that what is
// said of it points into the formula as the user typed it. The block is
// scanned whole (the scanner knows ltl operators inside ltl braces only),
// the formula on its second line, which becomes its first.
func (p *preprocessor) ltlBlock(formula string) {
	toks := scanAll(LTLArgFile, []byte("ltl "+LTLArgName+" {\n"+formula+"\n}"), p.diags)
	for i := range toks {
		if toks[i].pos.Line == 1 {
			toks[i].pos.Col = 1
		} else {
			toks[i].pos.Line--
		}
	}
	p.run(LTLArgFile, toks)
}

// scanAll tokenises a whole file.
func scanAll(path string, src []byte, diags *Diagnostics) []token {
	sc := newScanner(path, src, diags)
	toks := make([]token, 0, len(src)/2)
	for {
		t := sc.next()
		if t.kind == tokEOF {
			return toks
		}
		toks = append(toks, t)
	}
}

// stream reads tokens from a slice, with a stack of tokens pushed back in
// front of it by macro expansion.
type stream struct {
	toks  []token
	i     int
	stack []token // next token is the last one
}

func (s *stream) next() (token, bool) {
	if n := len(s.stack); n > 0 {
		t := s.stack[n-1]
		s.stack = s.stack[:n-1]
		return t, true
	}
	if s.i < len(s.toks) {
		s.i++
		return s.toks[s.i-1], true
	}
	return token{}, false
}

func (s *stream) peek() (token, bool) {
	if n := len(s.stack); n > 0 {
		return s.stack[n-1], true
	}
	if s.i < len(s.toks) {
		return s.toks[s.i], true
	}
	return token{}, false
}

func (s *stream) push(ts []token) {
	for j := len(ts) - 1; j >= 0; j-- {
		s.stack = append(s.stack, ts[j])
	}
}

// condition is one level of #if nesting.
type condition struct {
	pos     Pos
	outer   bool // the enclosing level is live
	live    bool // tokens at this level are kept
	taken   bool // some branch of this #if was taken
	sawElse bool
}

func (p *preprocessor) file(path string, src []byte) {
	p.run(path, scanAll(path, src, p.diags))
}

// run preprocesses the tokens of the file at path.
func (p *preprocessor) run(path string, toks []token) {
	s := &stream{toks: toks}
	if p.out == nil {
		p.out = make([]token, 0, len(s.toks)+len(s.toks)/4)
	}
	var conds []condition
	live := func() bool { return len(conds) == 0 || conds[len(conds)-1].live }
	for !p.runaway {
		t, ok := s.next()
		if !ok {
			break
		}
		if t.kind == tokHash {
			line := directiveLine(s)
			conds = p.directive(path, t, line, conds, live())
			continue
		}
		if !live() {
			continue
		}
		if p.expand(t, s) {
			continue
		}
		p.out = append(p.out, t)
	}
	for _, c := range conds {
		p.diags.Add(c.pos, "#if without #endif")
	}
}

// directiveLine returns the tokens of a directive up to the end of its line.
func directiveLine(s *stream) []token {
	var line []token
	for {
		t, ok := s.next()
		if !ok || t.kind == tokEOL {
			return line
		}
		line = append(line, t)
	}
}

func (p *preprocessor) directive(path string, hash token, line []token, conds []condition, live bool) []condition {
	if len(line) == 0 {
		return conds // a lone '#' is allowed
	}
	name, args := line[0], line[1:]
	top := func() *condition { return &conds[len(conds)-1] }
	switch name.text {
	case "if", "ifdef", "ifndef":
		c := condition{pos: hash.pos, outer: live}
		if live {
			c.live = p.condValue(name, args)
			c.taken = c.live
		}
		return append(conds, c)
	case "elif":
		if len(conds) == 0 || top().sawElse {
			p.diags.Add(hash.pos, "#elif without #if")
			return conds
		}
		c := top()
		c.live = false
		if c.outer && !c.taken {
			c.live = p.condValue(name, args)
			c.taken = c.live
		}
		return conds
	case "else":
		if len(conds) == 0 || top().sawElse {
			p.diags.Add(hash.pos, "#else without #if")
			return conds
		}
		c := top()
		c.sawElse = true
		c.live = c.outer && !c.taken
		c.taken = true
		return conds
	case "endif":
		if len(conds) == 0 {
			p.diags.Add(hash.pos, "#endif without #if")
			return conds
		}
		return conds[:len(conds)-1]
	}
	if !live {
		return conds
	}
	switch name.text {
	case "define":
		p.define(hash, args)
	case "undef":
		if len(args) != 1 || !isWord(args[0]) {
			p.diags.Add(hash.pos, "#undef needs one macro name")
			break
		}
		delete(p.macros, args[0].text)
	case "include":
		p.include(path, hash, args)
	case "error":
		p.diags.Add(hash.pos, "#error %s", joinTokens(args))
	case "warning":
		p.diags.Warn(hash.pos, "#warning %s", joinTokens(args))
	case "pragma", "line", "ident":
		// no effect on a model
	default:
		if name.kind == tokInt { // a line marker: # 12 "file"
			break
		}
		p.diags.Add(name.pos, "unknown preprocessor directive #%s", name.text)
	}
	return conds
}

func (p *preprocessor) define(hash token, args []token) {
	if len(args) == 0 || !isWord(args[0]) {
		p.diags.Add(hash.pos, "#define needs a macro name")
		return
	}
	m := &macro{name: args[0].text}
	rest := args[1:]
	if len(rest) > 0 && rest[0].text == "(" && !rest[0].space {
		m.fn = true
		i := 1
		for ; i < len(rest) && rest[i].text != ")"; i++ {
			t := rest[i]
			switch {
			case isWord(t):
				m.params = append(m.params, t.text)
			case t.text == ",":
			default:
				p.diags.Add(t.pos, "bad parameter %q in macro %s", t.text, m.name)
			}
		}
		if i >= len(rest) {
			p.diags.Add(hash.pos, "missing ')' in parameters of macro %s", m.name)
			return
		}
		rest = rest[i+1:]
	}
	m.body = rest
	p.macros[m.name] = m
}

func (p *preprocessor) include(path string, hash token, args []token) {
	if len(args) != 1 || args[0].kind != tokString || len(args[0].text) < 2 {
		p.diags.Add(hash.pos, `#include needs a file name in double quotes`)
		return
	}
	name := args[0].text[1 : len(args[0].text)-1]
	if p.depth >= maxIncludeDepth {
		p.diags.Add(hash.pos, "#include nested too deeply (include cycle?)")
		return
	}
	full := name
	if !filepath.IsAbs(name) {
		full = filepath.Join(filepath.Dir(path), name)
	}
	src, err := p.read(full)
	if err != nil && full != name {
		if src2, err2 := p.read(name); err2 == nil {
			full, src, err = name, src2, nil
		}
	}
	if err != nil {
		p.diags.Add(args[0].pos, "cannot include %s: %v", name, unwrapPathError(err))
		return
	}
	p.depth++
	p.file(full, src)
	p.depth--
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// expand expands t if it names a macro, pushing the result back on s so that
// it is scanned again. It reports whether it did.
func (p *preprocessor) expand(t token, s *stream) bool {
	if !isWord(t) {
		return false
	}
	m := p.macros[t.text]
	if m == nil || t.hide.has(m.name) {
		return false
	}
	var args [][]token
	if m.fn {
		if nt, ok := s.peek(); !ok || nt.text != "(" {
			return false // a function-like macro's name alone is just a name
		}
		s.next()
		var ok bool
		args, ok = p.collectArgs(t, s)
		if len(args) == 1 && len(args[0]) == 0 && len(m.params) == 0 {
			args = nil
		}
		if ok && len(args) != len(m.params) {
			p.diags.Add(t.pos, "macro %s takes %d arguments, not %d", m.name, len(m.params), len(args))
			ok = false
		}
		if !ok {
			// Stand in a 0 for the failed call, so that parsing goes on
			// without a second error for the same mistake.
			s.push([]token{{kind: tokInt, text: "0", pos: t.pos, space: t.space, nl: t.nl}})
			return true
		}
	}
	res := p.substitute(m, t, args)
	p.expanded += len(res)
	if p.expanded > maxExpandedTokens {
		p.diags.Add(t.pos, "macro expansion too large (does %s expand to itself?)", m.name)
		p.runaway = true
		return true
	}
	s.push(res)
	return true
}

// collectArgs reads the arguments of a function-like macro call after its '('.
func (p *preprocessor) collectArgs(name token, s *stream) ([][]token, bool) {
	args := [][]token{nil}
	depth := 0
	for {
		t, ok := s.next()
		if !ok || t.kind == tokHash || t.kind == tokEOL {
			p.diags.Add(name.pos, "unterminated call of macro %s", name.text)
			return nil, false
		}
		switch t.text {
		case "(":
			depth++
		case ")":
			if depth == 0 {
				return args, true
			}
			depth--
		case ",":
			if depth == 0 {
				args = append(args, nil)
				continue
			}
		}
		args[len(args)-1] = append(args[len(args)-1], t)
	}
}

// substitute builds the replacement of one use of m at token use.
func (p *preprocessor) substitute(m *macro, use token, args [][]token) []token {
	hide := &hideSet{name: m.name, next: use.hide}
	param := func(t token) int {
		if !isWord(t) {
			return -1
		}
		for i, name := range m.params {
			if name == t.text {
				return i
			}
		}
		return -1
	}
	var out []token
	body := m.body
	for i := 0; i < len(body); i++ {
		t := body[i]
		switch {
		case m.fn && t.text == "#" && i+1 < len(body) && param(body[i+1]) >= 0:
			arg := args[param(body[i+1])]
			out = append(out, token{kind: tokString, text: `"` + strings.ReplaceAll(joinTokens(arg), `"`, `\"`) + `"`, pos: use.pos, hide: hide})
			i++
		case t.text == "##" && len(out) > 0 && i+1 < len(body):
			right := []token{body[i+1]}
			if k := param(body[i+1]); k >= 0 {
				right = args[k]
			}
			i++
			if len(right) == 0 {
				continue
			}
			left := out[len(out)-1]
			out = out[:len(out)-1]
			out = append(out, p.paste(left, right[0], use, hide)...)
			out = append(out, right[1:]...)
		case param(t) >= 0:
			out = append(out, args[param(t)]...)
		default:
			t.pos = use.pos
			t.hide = hide
			t.space = t.space || len(out) == 0
			out = append(out, t)
		}
	}
	// The expansion is on the line of the macro's use, as in cpp's output.
	for i := range out {
		out[i].nl = false
	}
	if len(out) > 0 {
		out[0].space = use.space
		out[0].nl = use.nl
	}
	return out
}

// paste joins two tokens into one (the ## operator).
func (p *preprocessor) paste(a, b, use token, hide *hideSet) []token {
	var d Diagnostics
	toks := scanAll(use.pos.File, []byte(a.text+b.text), &d)
	if len(toks) != 1 || len(d) > 0 {
		p.diags.Add(use.pos, "pasting %q and %q does not give one token", a.text, b.text)
		return nil
	}
	t := toks[0]
	t.pos, t.hide = use.pos, hide
	return []token{t}
}

func joinTokens(ts []token) string {
	var b strings.Builder
	for i, t := range ts {
		if i > 0 && t.space {
			b.WriteByte(' ')
		}
		b.WriteString(t.text)
	}
	return b.String()
}

// condValue evaluates the condition of #if, #elif, #ifdef or #ifndef.
func (p *preprocessor) condValue(name token, args []token) bool {
	switch name.text {
	case "ifdef", "ifndef":
		if len(args) != 1 || !isWord(args[0]) {
			p.diags.Add(name.pos, "#%s needs one macro name", name.text)
			return false
		}
		_, def := p.macros[args[0].text]
		return def == (name.text == "ifdef")
	}
	// Replace defined(X) and defined X first: their operands are not expanded.
	var pre []token
	for i := 0; i < len(args); i++ {
		t := args[i]
		if t.text != "defined" {
			pre = append(pre, t)
			continue
		}
		j := i + 1
		paren := j < len(args) && args[j].text == "("
		if paren {
			j++
		}
		if j >= len(args) || !isWord(args[j]) || paren && (j+1 >= len(args) || args[j+1].text != ")") {
			p.diags.Add(t.pos, "bad use of defined")
			return false
		}
		v := int64(0)
		if _, ok := p.macros[args[j].text]; ok {
			v = 1
		}
		pre = append(pre, token{kind: tokInt, text: strconv.FormatInt(v, 10), pos: t.pos})
		i = j
		if paren {
			i++
		}
	}
	s := &stream{toks: pre}
	var expanded []token
	for {
		t, ok := s.next()
		if !ok {
			break
		}
		if !p.expand(t, s) {
			expanded = append(expanded, t)
		}
	}
	if len(expanded) == 0 {
		p.diags.Add(name.pos, "#%s needs an expression", name.text)
		return false
	}
	e := &condEval{toks: expanded, diags: p.diags, pos: name.pos}
	v := e.expr()
	if e.i < len(e.toks) && !e.failed {
		e.fail(e.toks[e.i].pos, "unexpected %q in #%s", e.toks[e.i].text, name.text)
	}
	return v != 0 && !e.failed
}

// condEval evaluates a preprocessor expression with C's operators and
// precedence; names that are not macros are 0, as in C.
type condEval struct {
	toks   []token
	i      int
	diags  *Diagnostics
	pos    Pos
	failed bool
}

func (e *condEval) fail(pos Pos, format string, args ...any) {
	if !e.failed {
		e.diags.Add(pos, format, args...)
	}
	e.failed = true
}

func (e *condEval) peek() string {
	if e.i < len(e.toks) {
		return e.toks[e.i].text
	}
	return ""
}

func (e *condEval) expr() int64 {
	c := e.binary(0)
	if e.peek() == "?" {
		e.i++
		a := e.expr()
		if e.peek() != ":" {
			e.fail(e.pos, "missing ':' in #if expression")
			return 0
		}
		e.i++
		b := e.expr()
		if c != 0 {
			return a
		}
		return b
	}
	return c
}

var condPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9,
	"*": 10, "/": 10, "%": 10,
}

func (e *condEval) binary(min int) int64 {
	x := e.unary()
	for {
		op := e.peek()
		prec, ok := condPrec[op]
		if !ok || prec <= min {
			return x
		}
		pos := e.toks[e.i].pos
		e.i++
		y := e.binary(prec)
		x = applyBinary(op, x, y, func() { e.fail(pos, "division by zero in #if") })
	}
}

func (e *condEval) unary() int64 {
	if e.i >= len(e.toks) {
		e.fail(e.pos, "#if expression ends early")
		return 0
	}
	t := e.toks[e.i]
	e.i++
	switch {
	case t.text == "!":
		return b2i(e.unary() == 0)
	case t.text == "-":
		return -e.unary()
	case t.text == "+":
		return e.unary()
	case t.text == "~":
		return ^e.unary()
	case t.text == "(":
		v := e.expr()
		if e.peek() != ")" {
			e.fail(t.pos, "missing ')' in #if expression")
			return 0
		}
		e.i++
		return v
	case t.kind == tokInt:
		v, ok := intValue(t.text)
		if !ok {
			e.fail(t.pos, "malformed number %s in #if", t.text)
		}
		return v
	case isWord(t):
		switch t.text {
		case "true":
			return 1
		}
		return 0
	}
	e.fail(t.pos, "unexpected %q in #if expression", t.text)
	return 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// applyBinary computes x op y with C's semantics for the operators shared by
// Promela and the preprocessor. divZero is called (and 0 returned) for / or %
// by zero.
func applyBinary(op string, x, y int64, divZero func()) int64 {
	switch op {
	case "||":
		return b2i(x != 0 || y != 0)
	case "&&":
		return b2i(x != 0 && y != 0)
	case "|":
		return x | y
	case "^":
		return x ^ y
	case "&":
		return x & y
	case "==":
		return b2i(x == y)
	case "!=":
		return b2i(x != y)
	case "<":
		return b2i(x < y)
	case ">":
		return b2i(x > y)
	case "<=":
		return b2i(x <= y)
	case ">=":
		return b2i(x >= y)
	case "<<":
		return x << uint64(y&63)
	case ">>":
		return x >> uint64(y&63)
	case "+":
		return x + y
	case "-":
		return x - y
	case "*":
		return x * y
	case "/", "%":
		if y == 0 {
			divZero()
			return 0
		}
		if op == "/" {
			return x / y
		}
		return x % y
	}
	return 0
}
