package lang

// Semicolons, as SPIN's lexer supplies and repairs them (Src/spinlex.c).
// Promela separates statements with ';' or '->', but SPIN makes most of them
// optional, and models depend on it:
//
//   - Inside a body (proctype, init, never, trace, inline, typedef) and
//     outside parentheses, a newline after a token that can end a statement
//     (a name, a constant, ')', ']', '}', od, fi, else, break, ++, --) acts as
//     a ';', except a newline between '}' and unless.
//   - After else, a ';' is inserted unless ';', '->' or fi follows.
//   - After '}', a ';' is inserted unless what follows is proctype, init,
//     never, '::', fi, od, '}', unless, ';', '->' or the end of the file.
//   - A ';' or '->' directly followed by '}', ';' or '->' is dropped.
//
// insertSemicolons applies these rules to the token stream.
func insertSemicolons(toks []token) []token {
	r := &repairer{out: make([]token, 0, len(toks)+len(toks)/8)}
	impliedSemicolons(toks, r.add)
	r.flush()
	return r.out
}

// bodyKeywords introduce a unit whose braces hold a sequence.
var bodyKeywords = map[string]bool{
	"proctype": true, "D_proctype": true, "init": true, "never": true,
	"trace": true, "notrace": true, "typedef": true, "inline": true,
}

func endsStatement(t token) bool {
	switch t.kind {
	case tokIdent, tokInt, tokCCode:
		return true
	case tokKeyword:
		switch t.text {
		case "od", "fi", "else", "break", "true", "false", "skip", "timeout":
			return true
		}
	case tokPunct:
		switch t.text {
		case "}", ")", "]", "++", "--":
			return true
		}
	}
	return false
}

func semicolon(at Pos) token { return token{kind: tokSep, text: ";", pos: at} }

func is(t token, kind tokKind, text string) bool { return t.kind == kind && t.text == text }

// impliedSemicolons passes the tokens to emit with a ';' inserted where a
// newline ends a statement.
func impliedSemicolons(toks []token, emit func(token)) {
	inSeq, pending := false, false
	depth, parens := 0, 0
	var last token
	for i, t := range toks {
		if t.nl && inSeq && parens == 0 && i > 0 && endsStatement(last) &&
			!(is(last, tokPunct, "}") && is(t, tokKeyword, "unless")) {
			emit(semicolon(last.pos))
		}
		emit(t)
		switch {
		case t.kind == tokKeyword && depth == 0 && bodyKeywords[t.text]:
			pending = true
		case t.kind != tokPunct:
		case t.text == "(":
			parens++
		case t.text == ")":
			if parens > 0 {
				parens--
			}
		case t.text == "{":
			if depth == 0 && pending {
				inSeq, pending = true, false
			}
			depth++
		case t.text == "}":
			depth--
			if depth <= 0 {
				depth, inSeq = 0, false
			}
		}
		last = t
	}
}

// afterBrace lists what may follow a '}' without a ';' in between.
func afterBrace(t token) bool {
	switch t.kind {
	case tokEOF:
		return true
	case tokKeyword:
		switch t.text {
		case "proctype", "init", "never", "fi", "od", "unless":
			return true
		}
	case tokPunct:
		switch t.text {
		case "::", "}":
			return true
		}
	case tokSep:
		return true
	}
	return false
}

func isSeparator(t token) bool { return t.kind == tokSep }

// repairer applies SPIN's yylex repairs to the tokens added to it, one at a
// time: it holds back the one token SPIN reads ahead after a separator.
type repairer struct {
	out  []token
	last token  // the previous token, as SPIN's yylex remembers it
	sep  *token // a separator waiting for the token after it
}

func (r *repairer) add(c token) {
	if r.sep != nil {
		// SPIN reads one token ahead after a separator: before '}', ';' or
		// '->' the separator is dropped. Either way the token read ahead
		// is handed over next without being looked at again.
		if !is(c, tokPunct, "}") && !isSeparator(c) {
			r.out = append(r.out, *r.sep)
		}
		r.sep = nil
		r.out = append(r.out, c)
		r.last = c
		return
	}
	if is(r.last, tokKeyword, "else") && !isSeparator(c) && !is(c, tokKeyword, "fi") ||
		is(r.last, tokPunct, "}") && !afterBrace(c) {
		// SPIN returns a ';' and holds c back; the held token is handed
		// over next without being looked at again.
		r.out = append(r.out, semicolon(c.pos), c)
		r.last = c
		return
	}
	if isSeparator(c) {
		r.sep = &c
		return
	}
	r.out = append(r.out, c)
	r.last = c
}

// flush emits a separator still held at the end.
func (r *repairer) flush() {
	if r.sep != nil {
		r.out = append(r.out, *r.sep)
		r.sep = nil
	}
}
