package lang

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// tokenDefinition tells participle the names of gmc's token kinds. Tokens
// come from gmc's own scanner and preprocessor (see parseTokens), so Lex is
// never used.
type tokenDefinition struct{}

func (tokenDefinition) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF":      lexer.TokenType(tokEOF),
		"Ident":    lexer.TokenType(tokIdent),
		"PName":    lexer.TokenType(tokPName),
		"Keyword":  lexer.TokenType(tokKeyword),
		"Int":      lexer.TokenType(tokInt),
		"String":   lexer.TokenType(tokString),
		"Punct":    lexer.TokenType(tokPunct),
		"CCode":    lexer.TokenType(tokCCode),
		"Inline":   lexer.TokenType(tokInline),
		"Type":     lexer.TokenType(tokType),
		"TypeName": lexer.TokenType(tokTypeName),
		"Vis":      lexer.TokenType(tokVis),
		"Sep":      lexer.TokenType(tokSep),
	}
}

func (tokenDefinition) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("gmc tokens come from lang's own scanner")
}

// grammarLookahead is how many tokens participle may read into an
// alternative before it commits to it: past that, the alternative's syntax
// error is the one reported, at the offending token (participle otherwise
// tries the next alternatives and optional parts and reports the last
// failure, at the start of the statement). The longest prefix two
// alternatives share is `mtype : NAME`, a declaration `mtype:sub x` or the
// names `mtype:sub = {...}`. An ltl atom that may be a parenthesized
// formula backtracks itself (gLTLCmp).
const grammarLookahead = 3

var (
	unitParserOnce sync.Once
	unitParser     *participle.Parser[gUnit]
	unitParserErr  error
)

func getUnitParser() (*participle.Parser[gUnit], error) {
	unitParserOnce.Do(func() {
		unitParser, unitParserErr = participle.Build[gUnit](
			participle.Lexer(tokenDefinition{}),
			participle.UseLookahead(grammarLookahead),
		)
	})
	return unitParser, unitParserErr
}

// sliceLexer feeds toks[i:end] to participle, then EOF. A token's Offset is
// its index in toks.
type sliceLexer struct {
	toks   []token
	i, end int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.toks[min(l.i, l.end)]
	typ := lexer.TokenType(t.kind)
	if l.i >= l.end {
		typ = lexer.EOF // the chunk ends here
	}
	lt := lexer.Token{
		Type:  typ,
		Value: t.text,
		Pos:   lexer.Position{Filename: t.pos.File, Line: t.pos.Line, Column: t.pos.Col, Offset: min(l.i, l.end)},
	}
	l.i++
	return lt, nil
}

// Options control how a model is read.
type Options struct {
	// ReadFile loads included files; nil means os.ReadFile.
	ReadFile func(path string) ([]byte, error)
	// Defines are macros set from the command line (-DNAME=value).
	Defines map[string]string
	// LTL is a formula given outside the model (gmc run --ltl). It is
	// read as one more ltl block, named LTLArgName, after the model's
	// units and with the model's macros, as SPIN reads the formula of
	// spin -f; its tokens are positioned in LTLArgFile.
	LTL string
}

// LTLArgName is the name of the ltl property given by Options.LTL, and
// LTLArgFile the file its positions are in.
const (
	LTLArgName = "formula"
	LTLArgFile = "--ltl"
)

// ParseFile reads, preprocesses and parses the model in path. It returns the
// AST (possibly partial) and all diagnostics; the model is usable only if the
// list has no errors.
func ParseFile(path string, opts *Options) (*Spec, Diagnostics) {
	read := os.ReadFile
	if opts != nil && opts.ReadFile != nil {
		read = opts.ReadFile
	}
	src, err := read(path)
	if err != nil {
		var d Diagnostics
		d.Add(Pos{File: path}, "cannot read model: %v", unwrapPathError(err))
		return nil, d
	}
	return Parse(path, src, opts)
}

// Parse preprocesses and parses src, the contents of the file path.
func Parse(path string, src []byte, opts *Options) (spec *Spec, diags Diagnostics) {
	if opts == nil {
		opts = &Options{}
	}
	defer func() {
		// The front end must never crash on input. A panic here is a bug in
		// gmc; report it as a diagnostic rather than a stack trace.
		if r := recover(); r != nil {
			diags.Add(Pos{File: path}, "internal error in the parser: %v (please report this model)", r)
			spec = nil
		}
	}()
	toks := preprocess(path, src, opts.ReadFile, opts.Defines, opts.LTL, &diags)
	markDeclaredNames(toks)
	toks = expandInlines(toks, &diags)
	toks = insertSemicolons(toks)
	units := parseTokens(toks, &diags, lexicalErrorLines(diags))
	spec = build(path, units, &diags, forScopes(toks))
	diags.Sort()
	return spec, diags
}

// markDeclaredNames gives the names declared with `proctype NAME` and
// `typedef NAME` their own token kinds, as SPIN's lexer does: P[i]:v and P@L
// then parse as remote references while (a -> b : c) stays a conditional
// expression, and `T x` is a declaration at a glance.
func markDeclaredNames(toks []token) {
	names := map[string]tokKind{}
	for i := 0; i+1 < len(toks); i++ {
		if toks[i].kind != tokKeyword || toks[i+1].kind != tokIdent {
			continue
		}
		switch toks[i].text {
		case "proctype", "D_proctype":
			names[toks[i+1].text] = tokPName
		case "typedef":
			names[toks[i+1].text] = tokTypeName
		}
	}
	if len(names) == 0 {
		return
	}
	for i := range toks {
		if k, ok := names[toks[i].text]; ok && toks[i].kind == tokIdent {
			toks[i].kind = k
		}
	}
}

// parseTokens parses the units of a model one at a time, so that a syntax
// error in one proctype does not hide the errors in the next. Large models
// are cut into chunks of whole units, parsed in parallel.
//
// A syntax error on a line that already has a lexical error (a bad character,
// an unterminated string) is left out: it is a consequence of the first.
func parseTokens(toks []token, diags *Diagnostics, skipLines map[lineKey]bool) []*gUnit {
	cuts := chunkCuts(toks, chunkTokens)
	type result struct {
		units []*gUnit
		diags Diagnostics
	}
	results := make([]result, len(cuts)-1)
	parse := func(k int) {
		results[k].units = parseChunk(toks, cuts[k], cuts[k+1], &results[k].diags, skipLines)
	}
	if len(results) == 1 {
		parse(0)
	} else {
		var wg sync.WaitGroup
		work := make(chan int)
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range work {
					parse(k)
				}
			}()
		}
		for k := range results {
			work <- k
		}
		close(work)
		wg.Wait()
	}
	var units []*gUnit
	for _, r := range results {
		units = append(units, r.units...)
		*diags = append(*diags, r.diags...)
	}
	return units
}

// chunkTokens is the size of the chunks a large model is cut into for
// parsing in parallel. It does not depend on the machine, so diagnostics do
// not either.
const chunkTokens = 4096

// chunkCuts returns where chunks of about size tokens begin: after a ';' or
// '}' at the outermost level that is followed by a word that starts a unit.
// The last cut is the EOF token.
func chunkCuts(toks []token, size int) []int {
	cuts := []int{0}
	depth := 0
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokPunct && (t.text == "{" || t.text == "(" || t.text == "["):
			depth++
		case t.kind == tokPunct && (t.text == "}" || t.text == ")" || t.text == "]"):
			if depth > 0 {
				depth--
			}
		}
		if depth != 0 || i+1-cuts[len(cuts)-1] < size {
			continue
		}
		if (t.kind == tokSep && t.text == ";" || t.kind == tokPunct && t.text == "}") &&
			isWord(toks[i+1]) && unitStarts[toks[i+1].text] {
			cuts = append(cuts, i+1)
		}
	}
	return append(cuts, len(toks)-1)
}

// parseChunk parses the units of toks[from:to].
func parseChunk(toks []token, from, to int, diags *Diagnostics, skipLines map[lineKey]bool) []*gUnit {
	parser, err := getUnitParser()
	if err != nil {
		panic(fmt.Sprintf("bad grammar: %v", err))
	}
	// One peeking lexer serves all units: after a syntax error it is moved
	// back to the unit's start and then forward to where parsing resumes.
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks, i: from, end: to})
	if err != nil {
		panic(err)
	}
	var units []*gUnit
	for start := from; start < to && !diags.Full(); {
		unitStart := pl.MakeCheckpoint()
		u, err := parser.ParseFromLexer(pl, participle.AllowTrailing(true))
		if err == nil {
			units = append(units, u)
			start = from + pl.Cursor()
			continue
		}
		pos, msg := syntaxError(err)
		if !skipLines[lineKey{pos.File, pos.Line}] {
			diags.Add(pos, "%s", msg)
		}
		// Skip to the next token that can start a unit at the outermost level.
		// (The offending token may start the next unit: a unit missing its
		// closing brace before the next proctype. A word that starts a
		// unit in the middle of a line does not: `chan c = [2] of byte`.)
		next := start + 1
		if errOff := errorOffset(err); errOff > next {
			next = errOff
			if errOff < to && toks[errOff-1].pos.Line == toks[errOff].pos.Line {
				next++
			}
		}
		start = min(resync(toks[:to+1], start, next), to)
		pl.LoadCheckpoint(unitStart)
		for from+pl.Cursor() < start {
			pl.Next()
		}
	}
	return units
}

type lineKey struct {
	file string
	line int
}

func lexicalErrorLines(diags Diagnostics) map[lineKey]bool {
	lines := map[lineKey]bool{}
	for _, d := range diags {
		lines[lineKey{d.Pos.File, d.Pos.Line}] = true
	}
	return lines
}

// syntaxError turns a participle error into a position and a message in gmc's
// words.
func syntaxError(err error) (Pos, string) {
	var perr participle.Error
	if errors.As(err, &perr) {
		p := perr.Position()
		pos := Pos{File: p.Filename, Line: p.Line, Col: p.Column}
		msg := perr.Message()
		var ute *participle.UnexpectedTokenError
		if errors.As(err, &ute) {
			msg = "syntax error: unexpected " + describeToken(ute.Unexpected)
			expect := ute.Expect
			if expect == "" {
				expect = expectedWords(ute.Message())
			}
			if expect != "" {
				msg += ", expected " + expect
			}
		} else if !strings.HasPrefix(msg, "syntax error") {
			msg = "syntax error: " + msg
		}
		return pos, msg
	}
	return Pos{}, "syntax error: " + err.Error()
}

// expectedWords says in words what participle expected, from its message
// "unexpected token X (expected EBNF)": the first token of the grammar's
// rest, with what else may come there where the grammar's rest does not
// say it (a separator before a closing word), "" when it cannot tell.
func expectedWords(msg string) string {
	const mark = " (expected "
	i := strings.LastIndex(msg, mark)
	if i < 0 || !strings.HasSuffix(msg, ")") {
		return ""
	}
	ebnf := strings.TrimLeft(msg[i+len(mark):len(msg)-1], "(")
	first := ebnf
	if strings.HasPrefix(ebnf, `"`) {
		if j := strings.IndexByte(ebnf[1:], '"'); j >= 0 {
			first = ebnf[:j+2]
		}
	} else if j := strings.IndexAny(ebnf, " (|*?+"); j >= 0 {
		first = ebnf[:j]
	}
	switch first {
	case `"fi"`, `"od"`:
		// after a statement of an option: another, or the next option
		return `";", "::" or ` + first
	case "GFi":
		return `";", "::" or "fi"`
	case "GOd":
		return `";", "::" or "od"`
	case "GClose":
		return `";" or "}"`
	case "GBlock", `"{"`:
		return `"{"`
	case "GType":
		return "a type"
	case "GIVar", "GNamePos":
		return "a name"
	case "gExpr", "gLTLCmp":
		return "an expression"
	case "gVarRef":
		return "a variable"
	case "GLTLAtom", "GLTLExpr":
		return "a formula"
	case "<ident>":
		return "a name"
	}
	if strings.HasPrefix(first, `"`) {
		return first
	}
	return ""
}

func describeToken(t lexer.Token) string {
	if t.EOF() {
		return "end of file"
	}
	return fmt.Sprintf("%q", t.Value)
}

func errorOffset(err error) int {
	var perr participle.Error
	if errors.As(err, &perr) {
		return perr.Position().Offset
	}
	return 0
}

// unitStarts are the tokens that begin a top-level unit.
var unitStarts = map[string]bool{
	"active": true, "proctype": true, "D_proctype": true, "init": true, "never": true,
	"trace": true, "notrace": true, "ltl": true, "typedef": true, "mtype": true,
	"inline": true, "hidden": true, "show": true, "local": true, "bit": true,
	"bool": true, "byte": true, "short": true, "int": true, "pid": true,
	"chan": true, "unsigned": true,
}

// resync finds where to resume parsing after a syntax error found at token
// from in the unit that starts at token start: at the first token from there
// on that starts a unit outside all braces, or just after the brace that
// closes the failed unit, whichever comes first.
func resync(toks []token, start, from int) int {
	depth := 0
	for i := start; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tokEOF {
			return i
		}
		if i >= from && depth == 0 && isWord(t) && unitStarts[t.text] {
			return i
		}
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case "{":
			depth++
		case "}":
			depth--
			if depth <= 0 && i >= from {
				return i + 1
			}
		}
	}
	return len(toks) - 1
}

// Load reads, preprocesses, parses and checks the model in path: the whole
// front end. Each ltl block becomes a never claim, appended to spec.Procs
// (see Proctype.LTL). The model can be used when the diagnostics hold no
// error.
func Load(path string, opts *Options) (spec *Spec, diags Diagnostics) {
	spec, diags = ParseFile(path, opts)
	if spec == nil || diags.ErrorCount() > 0 {
		return spec, diags
	}
	defer func() {
		if r := recover(); r != nil {
			diags.Add(Pos{File: path}, "internal error in the checker: %v (please report this model)", r)
			diags.Sort()
		}
	}()
	ltlClaims(spec, &diags)
	Check(spec, &diags)
	if diags.ErrorCount() == 0 {
		runnable(spec, &diags)
	}
	relocateClaimDiags(spec, &diags)
	diags.Sort()
	return spec, diags
}

// runnable reports a checked model that starts no process, as SPIN refuses
// it ("no runable process"): no init and no active proctype (a never claim
// or a trace alone does not run). It is Load's, not Check's: Check also
// serves the claims gmc compiles alone.
func runnable(spec *Spec, diags *Diagnostics) {
	var first *Proctype
	for _, p := range spec.Procs {
		if p.Kind == KindInit || p.Kind == KindProctype && p.Active > 0 {
			return
		}
		if p.Kind == KindProctype && first == nil {
			first = p
		}
	}
	if first != nil {
		diags.Add(first.P, "no runnable process: no init and no active proctype (%s is never started)", first.Name)
		return
	}
	diags.Add(Pos{File: spec.File, Line: 1, Col: 1}, "no runnable process: the model has no init and no active proctype")
}

// forScopes returns, for each for keyword of toks (by its index), the
// scope SPIN's lexer is in there: "_" and, for each level of braces, the
// number of braces opened at that level so far, each followed by "_"
// (its CurScope). It counts braces as that lexer reads them: those of an
// inline's expansion, not those of its definition (which it reads raw).
func forScopes(toks []token) map[int]string {
	var out map[int]string
	var opened []int // per level, the braces opened at it so far
	level := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == tokKeyword && t.text == "inline" && level == 0:
			for depth := 0; i+1 < len(toks); {
				i++
				if toks[i].kind != tokPunct {
					continue
				}
				if toks[i].text == "{" {
					depth++
				} else if toks[i].text == "}" {
					if depth--; depth == 0 {
						break
					}
				}
			}
		case t.kind == tokPunct && t.text == "{":
			for len(opened) <= level {
				opened = append(opened, 0)
			}
			opened[level]++
			level++
		case t.kind == tokPunct && t.text == "}" && level > 0:
			level--
		case t.kind == tokKeyword && t.text == "for":
			scope := "_"
			for _, n := range opened[:level] {
				scope += strconv.Itoa(n) + "_"
			}
			if out == nil {
				out = map[int]string{}
			}
			out[i] = scope
		}
	}
	return out
}
