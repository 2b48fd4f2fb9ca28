package ltl

import (
	"strings"
)

// Op is the operator of a Formula node.
type Op int

// The operators. Implies and Equiv are kept as written: the translation
// rewrites them as SPIN's parser does (docs/references.md#spin-ltl).
const (
	True       Op = iota // true
	False                // false
	Prop                 // a proposition: Formula.Prop, opaque text
	Not                  // ! L
	And                  // L && R
	Or                   // L || R
	Implies              // L -> R
	Equiv                // L <-> R
	Until                // L U R
	Release              // L V R
	Always               // [] L
	Eventually           // <> L
)

var opText = [...]string{
	True: "true", False: "false", Prop: "prop", Not: "!", And: "&&", Or: "||",
	Implies: "->", Equiv: "<->", Until: "U", Release: "V", Always: "[]", Eventually: "<>",
}

func (o Op) String() string {
	if o >= 0 && int(o) < len(opText) {
		return opText[o]
	}
	return "?"
}

// Formula is an LTL formula as written: the tree Parse builds, before any
// of the rewriting the translation does. Propositions are opaque text: two
// propositions are the same when their texts are equal.
type Formula struct {
	Op   Op
	Prop string   // the text of a proposition (Op == Prop)
	L, R *Formula // operands: L for the unary operators, L and R for the binary ones
	Col  int      // 1-based byte column of the operator or proposition in the parsed text (0 when built)
}

// NewProp returns the proposition with the given text.
func NewProp(text string) *Formula { return &Formula{Op: Prop, Prop: text} }

// NewUnary returns op applied to x (op is Not, Always or Eventually).
func NewUnary(op Op, x *Formula) *Formula { return &Formula{Op: op, L: x} }

// NewBinary returns x op y (op is And, Or, Implies, Equiv, Until or Release).
func NewBinary(op Op, x, y *Formula) *Formula { return &Formula{Op: op, L: x, R: y} }

// WeakUntil returns p W q as SPIN writes it in ltl blocks: ([] p) || (p U q).
func WeakUntil(p, q *Formula) *Formula {
	return NewBinary(Or, NewUnary(Always, p), NewBinary(Until, p, q))
}

// IsBinary reports whether o takes two operands.
func (o Op) IsBinary() bool {
	switch o {
	case And, Or, Implies, Equiv, Until, Release:
		return true
	}
	return false
}

// String prints f fully parenthesised in the syntax Parse reads, as SPIN
// prints the formula of an ltl block before it translates it: unary
// operators as "[] (x)", binary ones as "(x) U (y)", a proposition as its
// text when that is a plain name and in parentheses otherwise. Parse reads
// the text back as SPIN does, so a parenthesised part without temporal
// operators, such as "((a) && (b))", comes back as one proposition.
func (f *Formula) String() string {
	var b strings.Builder
	f.write(&b)
	return b.String()
}

func (f *Formula) write(b *strings.Builder) {
	switch {
	case f == nil:
		b.WriteString("true")
	case f.Op == True || f.Op == False:
		b.WriteString(f.Op.String())
	case f.Op == Prop:
		if isPlainName(f.Prop) {
			b.WriteString(f.Prop)
		} else {
			b.WriteString("(" + f.Prop + ")")
		}
	case f.Op.IsBinary():
		b.WriteString("(")
		f.L.write(b)
		b.WriteString(") " + f.Op.String() + " (")
		f.R.write(b)
		b.WriteString(")")
	default:
		b.WriteString(f.Op.String() + " (")
		f.L.write(b)
		b.WriteString(")")
	}
}

// isPlainName reports whether s lexes as one proposition on its own: a
// lower-case letter then letters, digits and underscores, and no keyword.
func isPlainName(s string) bool {
	if s == "" || !isLower(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isAlnum_(s[i]) {
			return false
		}
	}
	_, kw := keywords[s]
	return !kw
}

// Props returns the distinct propositions of f in the order they first
// occur.
func (f *Formula) Props() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(*Formula)
	walk = func(g *Formula) {
		if g == nil {
			return
		}
		if g.Op == Prop && !seen[g.Prop] {
			seen[g.Prop] = true
			out = append(out, g.Prop)
		}
		walk(g.L)
		walk(g.R)
	}
	walk(f)
	return out
}

// Eval evaluates a formula without temporal operators (a guard of an
// Automaton) given the truth of each proposition. A nil formula is true.
func (f *Formula) Eval(val func(prop string) bool) bool {
	if f == nil {
		return true
	}
	switch f.Op {
	case True:
		return true
	case False:
		return false
	case Prop:
		return val(f.Prop)
	case Not:
		return !f.L.Eval(val)
	case And:
		return f.L.Eval(val) && f.R.Eval(val)
	case Or:
		return f.L.Eval(val) || f.R.Eval(val)
	case Implies:
		return !f.L.Eval(val) || f.R.Eval(val)
	case Equiv:
		return f.L.Eval(val) == f.R.Eval(val)
	}
	panic("ltl: Eval of a temporal formula")
}
