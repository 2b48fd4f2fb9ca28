package lang

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// tokKind classifies a token. The values are also the participle token types
// (see lexer.go), so they must stay negative and distinct.
type tokKind int

const (
	tokEOF      tokKind = -1 - iota
	tokIdent            // a name
	tokPName            // a name declared as a proctype (set before parsing; needed for P[i]:v)
	tokKeyword          // a reserved word
	tokInt              // a number or character constant
	tokString           // a string literal, quotes included
	tokPunct            // an operator or punctuation
	tokCCode            // c_code, c_expr, ... with its braced block skipped
	tokHash             // '#' starting a preprocessor directive
	tokEOL              // end of a directive line
	tokType             // a basic type: bit bool byte short int pid chan unsigned mtype
	tokTypeName         // a name declared with typedef (set before parsing)
	tokVis              // hidden, show or local
	tokSep              // a statement separator, ';' or '->'
	tokInvalid          // a character that is not Promela (already reported)
)

// token is one lexical token with the position the user wrote it at.
// Number tokens keep their text; intValue reads it.
type token struct {
	kind  tokKind
	space bool // whitespace or a line start came before it
	nl    bool // a newline came before it (for SPIN's implied semicolons)
	text  string
	pos   Pos
	hide  *hideSet // macros and inlines whose expansion produced it
}

// hideSet lists the macros (or inlines) that a token came out of: it is
// not expanded again by them, which stops recursive expansion.
type hideSet struct {
	name string
	next *hideSet
}

func (h *hideSet) has(name string) bool {
	for ; h != nil; h = h.next {
		if h.name == name {
			return true
		}
	}
	return false
}

// isWord reports whether t is a name or a reserved word (the tokens a macro
// can be named by).
func isWord(t token) bool {
	switch t.kind {
	case tokIdent, tokKeyword, tokType, tokVis, tokPName, tokTypeName:
		return true
	}
	return false
}

// keywords are Promela's reserved words. ("in" is one only inside for (...),
// so it is scanned as a name and matched by the grammar there.)
var keywords = map[string]tokKind{
	"active":       tokKeyword,
	"assert":       tokKeyword,
	"atomic":       tokKeyword,
	"bit":          tokType,
	"bool":         tokType,
	"break":        tokKeyword,
	"byte":         tokType,
	"chan":         tokType,
	"d_step":       tokKeyword,
	"D_proctype":   tokKeyword,
	"do":           tokKeyword,
	"else":         tokKeyword,
	"empty":        tokKeyword,
	"enabled":      tokKeyword,
	"eval":         tokKeyword,
	"false":        tokKeyword,
	"fi":           tokKeyword,
	"for":          tokKeyword,
	"full":         tokKeyword,
	"get_priority": tokKeyword,
	"goto":         tokKeyword,
	"hidden":       tokVis,
	"if":           tokKeyword,
	"init":         tokKeyword,
	"inline":       tokKeyword,
	"int":          tokType,
	"len":          tokKeyword,
	"local":        tokVis,
	"ltl":          tokKeyword,
	"mtype":        tokType,
	"nempty":       tokKeyword,
	"never":        tokKeyword,
	"nfull":        tokKeyword,
	"notrace":      tokKeyword,
	"np_":          tokKeyword,
	"od":           tokKeyword,
	"of":           tokKeyword,
	"pc_value":     tokKeyword,
	"pid":          tokType,
	"printf":       tokKeyword,
	"printm":       tokKeyword,
	"priority":     tokKeyword,
	"proctype":     tokKeyword,
	"provided":     tokKeyword,
	"return":       tokKeyword,
	"run":          tokKeyword,
	"select":       tokKeyword,
	"set_priority": tokKeyword,
	"short":        tokType,
	"show":         tokVis,
	"skip":         tokKeyword,
	"timeout":      tokKeyword,
	"trace":        tokKeyword,
	"true":         tokKeyword,
	"typedef":      tokKeyword,
	"unless":       tokKeyword,
	"unsigned":     tokType,
	"xr":           tokKeyword,
	"xs":           tokKeyword,
}

// ltlKeywords are operators only inside an ltl block.
var ltlKeywords = map[string]bool{
	"U": true, "W": true, "V": true, "X": true, "always": true, "eventually": true,
	"until": true, "weakuntil": true, "stronguntil": true, "release": true,
	"next": true, "implies": true, "equivalent": true,
}

// embeddedC are the constructs gmc rejects: it does not run C code.
var embeddedC = map[string]bool{
	"c_code": true, "c_decl": true, "c_expr": true, "c_state": true, "c_track": true,
}

// puncts lists multi-character operators, longest first where prefixes overlap.
var puncts = []string{
	"<->", "->", "::", "..", "!!", "??", "++", "--", "==", "!=", "<=", ">=",
	"<<", ">>", "&&", "||",
}

// scanner turns one file's text into tokens. It knows just enough about
// directives (a '#' at the start of a line runs to the end of the line) and
// ltl blocks (where [] <> and U V W X are operators) to tokenise them right.
type scanner struct {
	src   []byte
	text  string // src as a string: token texts are slices of it
	file  string
	off   int
	line  int
	col   int
	diags *Diagnostics

	lineStart bool // only whitespace so far on this line
	newline   bool // a newline was passed since the last token
	directive bool // inside a # line
	ltlState  int  // 0 outside, 1 after the ltl keyword, 2 inside its braces
	ltlDepth  int
}

func newScanner(file string, src []byte, diags *Diagnostics) *scanner {
	return &scanner{src: src, text: string(src), file: file, line: 1, col: 1, diags: diags, lineStart: true, newline: true}
}

func (s *scanner) pos() Pos { return Pos{File: s.file, Line: s.line, Col: s.col} }

func (s *scanner) peekByte(k int) byte {
	if s.off+k < len(s.src) {
		return s.src[s.off+k]
	}
	return 0
}

func (s *scanner) advance(n int) {
	for i := 0; i < n && s.off < len(s.src); i++ {
		if s.src[s.off] == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
		s.off++
	}
}

// skipSpace skips blanks and comments. It stops at a newline that ends a
// directive (returning true), since that newline is a token there.
func (s *scanner) skipSpace() (sawSpace bool) {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case c == '\n':
			if s.directive {
				return true
			}
			s.advance(1)
			s.lineStart = true
			s.newline = true
			sawSpace = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.advance(1)
			sawSpace = true
		case c == '\\' && s.directive && (s.peekByte(1) == '\n' || (s.peekByte(1) == '\r' && s.peekByte(2) == '\n')):
			// line continuation inside a directive
			if s.peekByte(1) == '\r' {
				s.advance(1)
			}
			s.advance(2)
			sawSpace = true
		case c == '/' && s.peekByte(1) == '/':
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.advance(1)
			}
			sawSpace = true
		case c == '/' && s.peekByte(1) == '*':
			start := s.pos()
			s.advance(2)
			for {
				if s.off >= len(s.src) {
					s.diags.Add(start, "comment not terminated")
					return true
				}
				if s.src[s.off] == '*' && s.peekByte(1) == '/' {
					s.advance(2)
					break
				}
				s.advance(1)
			}
			sawSpace = true
		default:
			return sawSpace
		}
	}
	return sawSpace
}

// next returns the next token, skipping characters that are not Promela
// (each reported once).
func (s *scanner) next() token {
	for {
		if tok := s.scan(); tok.kind != tokInvalid {
			return tok
		}
	}
}

func (s *scanner) scan() token {
	space := s.skipSpace()
	tok := token{pos: s.pos(), space: space || s.lineStart, nl: s.newline}
	s.newline = false
	if s.off >= len(s.src) {
		if s.directive {
			s.directive = false
			tok.kind = tokEOL
			return tok
		}
		tok.kind = tokEOF
		return tok
	}
	c := s.src[s.off]
	if c == '\n' { // only reached inside a directive
		s.advance(1)
		s.directive = false
		s.lineStart = true
		s.newline = true
		tok.kind = tokEOL
		return tok
	}
	atLineStart := s.lineStart
	s.lineStart = false
	switch {
	case c == '#' && atLineStart && !s.directive:
		s.advance(1)
		s.directive = true
		tok.kind, tok.text = tokHash, "#"
	case isLetter(c):
		start := s.off
		for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
			s.advance(1)
		}
		tok.text = s.text[start:s.off]
		s.classify(&tok)
	case isDigit(c):
		s.number(&tok)
	case c == '"':
		s.str(&tok)
	case c == '\'':
		s.char(&tok)
	default:
		s.punct(&tok)
	}
	return tok
}

func (s *scanner) classify(tok *token) {
	switch {
	case embeddedC[tok.text] && !s.directive:
		tok.kind = tokCCode
		s.skipEmbeddedC(tok.text)
	case keywords[tok.text] != 0:
		tok.kind = keywords[tok.text]
		if tok.text == "ltl" && !s.directive {
			s.ltlState = 1
		}
	case s.ltlState == 2 && ltlKeywords[tok.text]:
		tok.kind = tokKeyword
	default:
		tok.kind = tokIdent
	}
}

// skipEmbeddedC skips the optional [..] and the {..} block after c_code,
// c_decl and c_expr, so that the C text inside is never tokenised.
func (s *scanner) skipEmbeddedC(kw string) {
	if kw == "c_state" || kw == "c_track" {
		return // followed by strings, which scan normally
	}
	s.skipSpace()
	if s.peekByte(0) == '[' {
		s.skipBalanced('[', ']')
		s.skipSpace()
	}
	if s.peekByte(0) == '{' {
		s.skipBalanced('{', '}')
	}
}

func (s *scanner) skipBalanced(open, close byte) {
	start := s.pos()
	depth := 0
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch c {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 {
				s.advance(1)
				return
			}
		case '"', '\'':
			// skip a C string or character literal
			s.advance(1)
			for s.off < len(s.src) && s.src[s.off] != c && s.src[s.off] != '\n' {
				if s.src[s.off] == '\\' {
					s.advance(1)
				}
				s.advance(1)
			}
		}
		s.advance(1)
	}
	s.diags.Add(start, "embedded C block not terminated")
}

func (s *scanner) number(tok *token) {
	start := s.off
	tok.kind = tokInt
	if s.src[s.off] == '0' && (s.peekByte(1) == 'x' || s.peekByte(1) == 'X') {
		s.advance(2)
		for s.off < len(s.src) && isHex(s.src[s.off]) {
			s.advance(1)
		}
		tok.text = s.text[start:s.off]
		if _, err := strconv.ParseInt(tok.text[2:], 16, 64); err != nil {
			s.diags.Add(tok.pos, "malformed number %s", tok.text)
		}
	} else {
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.advance(1)
		}
		tok.text = s.text[start:s.off]
		// SPIN reads every number in decimal, also with a leading zero.
		if _, err := strconv.ParseInt(tok.text, 10, 64); err != nil {
			s.diags.Add(tok.pos, "number %s is too large", tok.text)
		}
	}
	if s.off < len(s.src) && isLetter(s.src[s.off]) {
		for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
			s.advance(1)
		}
		s.diags.Add(tok.pos, "malformed number %s", s.text[start:s.off])
		tok.text = s.text[start:s.off]
	}
}

func (s *scanner) str(tok *token) {
	start := s.off
	s.advance(1)
	for {
		if s.off >= len(s.src) || s.src[s.off] == '\n' {
			s.diags.Add(tok.pos, "string not terminated")
			tok.kind, tok.text = tokString, s.text[start:s.off]+`"`
			return
		}
		c := s.src[s.off]
		if c == '\\' && s.off+1 < len(s.src) && s.src[s.off+1] != '\n' {
			s.advance(2)
			continue
		}
		s.advance(1)
		if c == '"' {
			break
		}
	}
	tok.kind, tok.text = tokString, s.text[start:s.off]
}

func (s *scanner) char(tok *token) {
	start := s.off
	s.advance(1)
	var v int64
	switch {
	case s.peekByte(0) == '\\':
		s.advance(1)
		switch e := s.peekByte(0); e {
		case 'n':
			v = '\n'
		case 't':
			v = '\t'
		case 'r':
			v = '\r'
		case '0':
			v = 0
		case '\\', '\'', '"':
			v = int64(e)
		default:
			s.diags.Add(tok.pos, "unknown escape '\\%c' in character constant", e)
		}
		s.advance(1)
	case s.off < len(s.src) && s.src[s.off] != '\n' && s.src[s.off] != '\'':
		v = int64(s.src[s.off])
		s.advance(1)
	}
	if s.peekByte(0) != '\'' {
		s.diags.Add(tok.pos, "malformed character constant")
	} else {
		s.advance(1)
	}
	tok.kind, tok.text = tokInt, s.text[start:s.off]
	if _, ok := intValue(tok.text); !ok && v != 0 {
		// An escape strconv does not know: keep the value SPIN gives it.
		tok.text = strconv.FormatInt(v, 10)
	}
}

func (s *scanner) punct(tok *token) {
	tok.kind = tokPunct
	rest := s.src[s.off:]
	if s.ltlState == 2 {
		for _, op := range []string{"<->", "[]", "<>"} {
			if strings.HasPrefix(string(rest[:min(len(rest), 3)]), op) {
				tok.text = op
				s.advance(len(op))
				return
			}
		}
	}
	if s.directive && len(rest) >= 2 && rest[0] == '#' && rest[1] == '#' {
		tok.text = "##"
		s.advance(2)
		return
	}
	for _, op := range puncts {
		if op == "<->" && s.ltlState != 2 {
			continue
		}
		if len(rest) >= len(op) && string(rest[:len(op)]) == op {
			tok.text = op
			if op == "->" {
				tok.kind = tokSep
			}
			s.advance(len(op))
			return
		}
	}
	c := rest[0]
	switch c {
	case ';':
		tok.kind = tokSep
	case ',', '(', ')', '[', ']', '.', ':', '?', '!', '=', '<', '>',
		'+', '-', '*', '/', '%', '&', '|', '^', '~', '@':
	case '{':
		if s.ltlState == 1 {
			s.ltlState, s.ltlDepth = 2, 0
		}
		if s.ltlState == 2 {
			s.ltlDepth++
		}
	case '}':
		if s.ltlState == 2 {
			s.ltlDepth--
			if s.ltlDepth == 0 {
				s.ltlState = 0
			}
		}
	case '#':
		if !s.directive {
			s.diags.Add(tok.pos, "'#' must start a preprocessor line")
		}
	default:
		r, n := utf8.DecodeRune(rest)
		s.diags.Add(tok.pos, "unexpected character %q", r)
		s.advance(n)
		tok.kind = tokInvalid
		return
	}
	tok.text = string(c)
	s.advance(1)
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }
