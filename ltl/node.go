package ltl

import "strings"

// The translation works on SPIN's own representation of formulas
// (docs/references.md#spin-ltl): mutable binary nodes that are also linked
// into lists through nxt, rewritten in place. Which node is copied and which
// is shared decides what a later in-place rewrite changes, and the text of
// the claim depends on it, so the functions below copy exactly where SPIN's
// do.

type ntype int8

const (
	nDeleted ntype = -1 // a node Canonical has marked for removal
	nTrue    ntype = iota
	nFalse
	nPred
	nNot
	nAnd
	nOr
	nImplies // only until the parse-time rewriting removes it
	nEquiv   // likewise
	nUntil
	nRelease
)

type node struct {
	typ      ntype
	sym      string // a proposition's text (typ == nPred)
	lft, rgt *node
	nxt      *node // the next node when the node is in a list
}

func nn(t ntype, l, r *node) *node { return &node{typ: t, lft: l, rgt: r} }

func newTrue() *node  { return nn(nTrue, nil, nil) }
func newFalse() *node { return nn(nFalse, nil, nil) }

// getnode copies one node; its operands are shared with the original.
func getnode(p *node) *node {
	if p == nil {
		return nil
	}
	return &node{typ: p.typ, sym: p.sym, lft: p.lft, rgt: p.rgt}
}

// dupnode copies a whole tree (not the list it may be in).
func dupnode(n *node) *node {
	if n == nil {
		return nil
	}
	d := getnode(n)
	d.lft = dupnode(n.lft)
	d.rgt = dupnode(n.rgt)
	return d
}

// symsDiffer reports whether a and b are propositions of different texts.
func symsDiffer(a, b *node) bool {
	return a.typ == nPred && b.typ == nPred && a.sym != b.sym
}

// isequal is SPIN's equality of formulas: structural, except that && and ||
// compare as sets of operands (sameform), and a missing formula equals true.
func isequal(a, b *node) bool {
	if a == nil && b == nil {
		return true
	}
	if a == nil {
		return b.typ == nTrue
	}
	if b == nil {
		return a.typ == nTrue
	}
	if a.typ != b.typ || symsDiffer(a, b) {
		return false
	}
	if isequal(a.lft, b.lft) && isequal(a.rgt, b.rgt) {
		return true
	}
	return sameform(a, b)
}

// ismatch is exact structural equality.
func ismatch(a, b *node) bool {
	if a == nil && b == nil {
		return true
	}
	if a == nil || b == nil || a.typ != b.typ || symsDiffer(a, b) {
		return false
	}
	return ismatch(a.lft, b.lft) && ismatch(a.rgt, b.rgt)
}

func sameform(a, b *node) bool {
	if a == nil && b == nil {
		return true
	}
	if a == nil || b == nil || a.typ != b.typ || symsDiffer(a, b) {
		return false
	}
	switch a.typ {
	case nTrue, nFalse:
		return true
	case nPred:
		return a.sym == b.sym
	case nNot:
		return sameform(a.lft, b.lft)
	case nUntil, nRelease:
		return sameform(a.lft, b.lft) && sameform(a.rgt, b.rgt)
	case nAnd, nOr:
		return allLfts(a.typ, a, b) && allLfts(a.typ, b, a)
	}
	panic(internalError("sameform of an unexpected node"))
}

// oneLft reports whether x is one of the t-operands of in.
func oneLft(t ntype, x, in *node) bool {
	if x == nil {
		return true
	}
	if in == nil {
		return false
	}
	if sameform(x, in) {
		return true
	}
	if in.typ != t {
		return false
	}
	return oneLft(t, x, in.lft) || oneLft(t, x, in.rgt)
}

// allLfts reports whether every operand along the right spine of from is
// one of the operands of in.
func allLfts(t ntype, from, in *node) bool {
	if from == nil {
		return true
	}
	if from.typ != t {
		return oneLft(t, from, in)
	}
	if !oneLft(t, from.lft, in) {
		return false
	}
	return allLfts(t, from.rgt, in)
}

func anyTerm(srch, in *node) bool {
	if in == nil {
		return false
	}
	if in.typ == nAnd {
		return anyTerm(srch, in.lft) || anyTerm(srch, in.rgt)
	}
	return isequal(in, srch)
}

func anyAnd(srch, in *node) bool {
	if in == nil {
		return false
	}
	if srch.typ == nAnd {
		return anyAnd(srch.lft, in) && anyAnd(srch.rgt, in)
	}
	return anyTerm(srch, in)
}

func anyLor(srch, in *node) bool {
	if in == nil {
		return false
	}
	if in.typ == nOr {
		return anyLor(srch, in.lft) || anyLor(srch, in.rgt)
	}
	return isequal(in, srch)
}

// anywhere: with nAnd, whether every conjunct of srch is a conjunct of in;
// with nOr, whether srch is a disjunct of in; with 0 (any), whether srch is
// a conjunct of in.
func anywhere(tok ntype, srch, in *node) bool {
	if in == nil {
		return false
	}
	switch tok {
	case nAnd:
		return anyAnd(srch, in)
	case nOr:
		return anyLor(srch, in)
	}
	return anyTerm(srch, in)
}

// dumpKey is SPIN's DoDump: the prefix text of a formula that orders the
// operands of && and || and names tableau nodes. ok is false for no formula.
func dumpKey(n *node) (key string, ok bool) {
	if n == nil {
		return "", false
	}
	if n.typ == nPred {
		return n.sym, true
	}
	var b strings.Builder
	sdump(&b, n)
	return b.String(), true
}

func sdump(b *strings.Builder, n *node) {
	switch n.typ {
	case nPred:
		b.WriteString(n.sym)
	case nUntil, nRelease, nOr, nAnd:
		b.WriteString(map[ntype]string{nUntil: "U", nRelease: "V", nOr: "|", nAnd: "&"}[n.typ])
		sdump(b, n.rgt)
		sdump(b, n.lft)
	case nNot:
		b.WriteString("!")
		sdump(b, n.lft)
	case nTrue:
		b.WriteString("T")
	case nFalse:
		b.WriteString("F")
	default:
		b.WriteString("?")
	}
}

// rightLinked rotates left-nested chains of && (and of ||) to the right,
// in place.
func rightLinked(n *node) *node {
	if n == nil {
		return nil
	}
	if n.typ == nAnd || n.typ == nOr {
		for n.lft != nil && n.lft.typ == n.typ {
			tmp := n.lft
			n.lft = tmp.rgt
			tmp.rgt = n
			n = tmp
		}
	}
	n.lft = rightLinked(n.lft)
	n.rgt = rightLinked(n.rgt)
	return n
}

// dump prints a formula as SPIN prints guards: fully parenthesised.
func dump(b *strings.Builder, n *node) {
	if n == nil {
		return
	}
	switch n.typ {
	case nOr, nAnd, nUntil, nRelease:
		op := map[ntype]string{nOr: " || ", nAnd: " && ", nUntil: " U ", nRelease: " V "}[n.typ]
		b.WriteString("(")
		dump(b, n.lft)
		b.WriteString(op)
		dump(b, n.rgt)
		b.WriteString(")")
	case nNot:
		b.WriteString("! (")
		dump(b, n.lft)
		b.WriteString(")")
	case nFalse:
		b.WriteString("false")
	case nTrue:
		b.WriteString("true")
	case nPred:
		b.WriteString("(" + n.sym + ")")
	case nDeleted:
		b.WriteString(" D ")
	}
}

// internalError is a state SPIN's translator treats as fatal ("cannot
// happen"); Translate turns it into an error.
type internalError string
