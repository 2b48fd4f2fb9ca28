package lang

// Inline calls are expanded on tokens, before parsing, as SPIN does: the body
// of `inline f(a, b) { ... }` replaces a call f(x, y) with every use of a
// parameter replaced by the tokens of its argument. The body's tokens keep the
// positions of the definition, so diagnostics and the unreached-code listing
// point there, as in SPIN. The expansion is marked with a tokInline token
// (carrying the call's position) before the braces of the body, so the parser
// knows an inline's block from a plain one.

const tokInline tokKind = -100

type inlineDef struct {
	name   string
	params []string
	body   []token // between the braces
	pos    Pos
	brace  Pos // the body's opening brace
	start  int // token range of the whole definition
	end    int
}

// findInlines collects the inline definitions at the outermost level, and
// all of them: a name defined twice is reported (SPIN: procedure name
// redefined) and its second definition is left out.
func findInlines(toks []token, diags *Diagnostics) (defs map[string]*inlineDef, all []*inlineDef) {
	defs = map[string]*inlineDef{}
	depth := 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == tokPunct && t.text == "{" {
			depth++
		} else if t.kind == tokPunct && t.text == "}" {
			depth--
		}
		if depth != 0 || t.kind != tokKeyword || t.text != "inline" {
			continue
		}
		d, ok := parseInlineHeader(toks, i)
		if !ok {
			continue // the parser reports the malformed definition
		}
		if first, dup := defs[d.name]; dup {
			diags.Add(toks[i+1].pos, "inline %s redefined (first at %s)", d.name, first.pos)
		} else {
			defs[d.name] = d
		}
		all = append(all, d)
		i = d.end - 1
	}
	return defs, all
}

// parseInlineHeader matches `inline NAME ( p, ... ) { body }` at toks[i].
func parseInlineHeader(toks []token, i int) (*inlineDef, bool) {
	d := &inlineDef{pos: toks[i].pos, start: i}
	j := i + 1
	if j >= len(toks) || (toks[j].kind != tokIdent && toks[j].kind != tokPName) {
		return nil, false
	}
	d.name = toks[j].text
	j++
	if j >= len(toks) || toks[j].text != "(" {
		return nil, false
	}
	for j++; j < len(toks) && toks[j].text != ")"; j++ {
		switch {
		case toks[j].kind == tokIdent:
			d.params = append(d.params, toks[j].text)
		case toks[j].text == ",":
		default:
			return nil, false
		}
	}
	j++
	if j >= len(toks) || toks[j].text != "{" {
		return nil, false
	}
	d.brace = toks[j].pos
	bodyStart := j + 1
	depth := 0
	for ; j < len(toks) && toks[j].kind != tokEOF; j++ {
		switch toks[j].text {
		case "{":
			depth++
		case "}":
			depth--
		}
		if depth == 0 {
			d.body = toks[bodyStart:j]
			d.end = j + 1
			return d, true
		}
	}
	return nil, false
}

// maxInlineTokens bounds the expansion, which could otherwise blow up
// exponentially on inlines that call each other many times.
const maxInlineTokens = 8 << 20

// expandInlines returns toks with every inline call replaced by the inline's
// body (definitions are left in place, for the parser to check).
func expandInlines(toks []token, diags *Diagnostics) []token {
	defs, all := findInlines(toks, diags)
	if len(defs) == 0 {
		return toks
	}
	inDef := make([]bool, len(toks))
	for _, d := range all {
		for k := d.start; k < d.end; k++ {
			inDef[k] = true
		}
	}
	out := make([]token, 0, len(toks))
	produced := 0
	for i := 0; i < len(toks); {
		if inDef[i] || toks[i].kind == tokEOF {
			out = append(out, toks[i])
			i++
			continue
		}
		j := i
		for j < len(toks) && !inDef[j] && toks[j].kind != tokEOF {
			j++
		}
		var ok bool
		if out, ok = expandSegment(out, toks[i:j], defs, &produced, diags); !ok {
			return append(out, toks[len(toks)-1])
		}
		i = j
	}
	return out
}

// expandSegment appends seg to out with its inline calls expanded; the
// expansions are scanned again for further calls.
func expandSegment(out, seg []token, defs map[string]*inlineDef, produced *int, diags *Diagnostics) ([]token, bool) {
	s := &stream{toks: seg}
	for {
		t, ok := s.next()
		if !ok {
			return out, true
		}
		d := defs[t.text]
		if d == nil || (t.kind != tokIdent && t.kind != tokPName) {
			out = append(out, t)
			continue
		}
		if nt, ok := s.peek(); !ok || nt.text != "(" {
			out = append(out, t)
			continue
		}
		if t.hide.has(d.name) {
			// A call inside its own expansion: SPIN refuses it. The call
			// stays, parsed as a call Check knows not to report again.
			diags.Add(t.pos, "cyclic inline attempt on %s: an inline cannot call itself, directly or through other inlines", d.name)
			out = append(out, t)
			continue
		}
		open, _ := s.next()
		args, raw, ok := inlineArgs(t, s, diags)
		if !ok {
			continue
		}
		if len(args) == 1 && len(args[0]) == 0 && len(d.params) == 0 {
			args = nil
		}
		if len(args) != len(d.params) {
			diags.Add(t.pos, "inline %s takes %d arguments, not %d", d.name, len(d.params), len(args))
			// Leave the call as it is: it parses as a call, which Check
			// knows not to report again.
			out = append(append(out, t, open), raw...)
			continue
		}
		exp := substituteInline(d, t, args)
		*produced += len(exp)
		if *produced > maxInlineTokens {
			diags.Add(t.pos, "inline expansion too large (does %s call itself?)", d.name)
			return out, false
		}
		s.push(exp)
	}
}

// inlineArgs reads the arguments of an inline call after its '(', and also
// returns the tokens read, up to and including the ')'.
func inlineArgs(call token, s *stream, diags *Diagnostics) (args [][]token, raw []token, ok bool) {
	args = [][]token{nil}
	depth := 0
	for {
		t, ok := s.next()
		if !ok {
			diags.Add(call.pos, "unterminated call of inline %s", call.text)
			return nil, nil, false
		}
		raw = append(raw, t)
		switch t.text {
		case "(":
			depth++
		case ")":
			if depth == 0 {
				return args, raw, true
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

func substituteInline(d *inlineDef, call token, args [][]token) []token {
	hide := &hideSet{name: d.name, next: call.hide}
	out := make([]token, 0, len(d.body)+3)
	out = append(out,
		token{kind: tokInline, text: d.name, pos: call.pos, hide: hide, nl: call.nl},
		token{kind: tokPunct, text: "{", pos: d.brace, hide: hide})
	for _, t := range d.body {
		k := -1
		if t.kind == tokIdent {
			for i, p := range d.params {
				if p == t.text {
					k = i
					break
				}
			}
		}
		if k >= 0 {
			for _, a := range args[k] {
				// Like SPIN, an argument takes the place of the parameter
				// it replaces: statements of the body keep the lines of the
				// definition.
				a.hide, a.nl, a.pos = hide, false, t.pos
				out = append(out, a)
			}
			continue
		}
		t.hide = hide
		out = append(out, t)
	}
	closing := d.pos
	if len(d.body) > 0 {
		closing = d.body[len(d.body)-1].pos
	}
	return append(out, token{kind: tokPunct, text: "}", pos: closing, hide: hide})
}
