package ltl

import (
	"fmt"
	"slices"
)

// The tableau construction of Gerth, Peled, Vardi and Wolper
// (docs/references.md#gpvw) as SPIN's tl_trans.c builds it: nodes are
// expanded from a stack until their New set is empty, a finished node equal
// to an earlier one (same Old and Next formulas) is merged into it, each
// until subformula gives an acceptance class (a node satisfying it is
// "green", a node still owing it "red"), and the generalized Büchi
// automaton becomes a Büchi automaton by SPIN's counter construction
// (states T0_, T1_, ..., accept_).

// nAny asks anywhere for "one of the conjuncts".
const nAny ntype = 0

// graph is a tableau node.
type graph struct {
	name               string
	incoming, outgoing []string // names, first element first as SPIN's lists
	oldKey, nxtKey     string   // dump keys of the flattened Old and Next
	oldOK, nxtOK       bool
	New, Old, Other    *node // Old is a list while expanding, one formula after
	Next               *node
	isred, isgrn       []int // acceptance classes
	nxt                *graph
}

type mapping struct {
	from string
	to   *graph
}

func (t *translator) pushStack(g *graph) {
	g.nxt = t.stack
	t.stack = g
}

func (t *translator) popStack() *graph {
	g := t.stack
	if g != nil {
		t.stack = g.nxt
	}
	return g
}

func (t *translator) newname() string {
	s := fmt.Sprintf("S%d", t.stateCnt)
	t.stateCnt++
	return s
}

// flatten makes the conjunction of a list of formulas (last element
// outermost), rewritten.
func (t *translator) flatten(p *node) *node {
	var z *node
	for q := p; q != nil; q = q.nxt {
		r := dupnode(q)
		if z != nil {
			z = nn(nAnd, r, z)
		} else {
			z = r
		}
	}
	if z == nil {
		return nil
	}
	return t.rewrite(z)
}

// duplicate copies a list of formulas.
func duplicate(n *node) *node {
	var d, last *node
	for n1 := n; n1 != nil; n1 = n1.nxt {
		n2 := dupnode(n1)
		if last != nil {
			last.nxt = n2
		} else {
			d = n2
		}
		last = n2
	}
	return d
}

// dupSlist copies a list of names, reversed and without repeats.
func dupSlist(s []string) []string {
	var d []string
	for _, x := range s {
		if slices.Contains(d, x) {
			continue
		}
		d = append([]string{x}, d...)
	}
	return d
}

// catSlist joins two lists of names, dropping from b the names of a; a
// one-name b goes first, as in SPIN.
func catSlist(a, b []string) []string {
	var nb []string
	for _, x := range b {
		if !slices.Contains(a, x) {
			nb = append(nb, x)
		}
	}
	switch {
	case len(a) == 0:
		return nb
	case len(nb) == 0:
		return a
	case len(nb) == 1:
		return append(append([]string{}, nb[0]), a...)
	}
	return append(append([]string{}, a...), nb...)
}

// ng pushes a new tableau node. An empty name asks for a fresh one.
func (t *translator) ng(name string, in []string, isnew, isold, next *node) {
	g := &graph{name: name}
	if name == "" {
		g.name = t.newname()
	}
	if len(in) > 0 {
		g.incoming = dupSlist(in)
	}
	if isnew != nil {
		g.New = t.flatten(isnew)
	}
	if isold != nil {
		g.Old = duplicate(isold)
	}
	if next != nil {
		g.Next = t.flatten(next)
	}
	t.pushStack(g)
}

// notNew finishes a node: it is merged into an earlier node with the same
// Old and Next formulas, or added to the set.
func (t *translator) notNew(g *graph) bool {
	tmp := t.flatten(g.Old)
	g.Other = g.Old
	g.Old = tmp
	g.oldKey, g.oldOK = dumpKey(g.Old)
	g.nxtKey, g.nxtOK = dumpKey(t.flatten(g.Next))
	for q1 := t.set; q1 != nil; q1 = q1.nxt {
		if q1.oldKey != g.oldKey || q1.oldOK != g.oldOK || q1.nxtKey != g.nxtKey || q1.nxtOK != g.nxtOK {
			continue
		}
		if len(g.incoming) > 0 {
			q1.incoming = catSlist(g.incoming, q1.incoming)
		}
		for n2 := g.Other; n2 != nil; n2 = n2.nxt {
			n1 := q1.Other
			for ; n1 != nil; n1 = n1.nxt {
				if isequal(n1, n2) {
					break
				}
			}
			if n1 == nil {
				n3 := dupnode(n2)
				n3.nxt = q1.Other
				q1.Other = n3
			}
		}
		t.mapped = append(t.mapped, mapping{g.name, q1})
		return true
	}
	g.nxt = t.set
	t.set = g
	return false
}

// expand takes one formula out of a node's New set.
func (t *translator) expand(g *graph) {
	if g.New == nil {
		if t.notNew(g) {
			return
		}
		if g.Next != nil {
			t.ng("", []string{g.name}, g.Next, nil, nil)
		}
		return
	}
	if g.New.typ == nAnd {
		// Both operands go to the front of New.
		if g.New.nxt != nil {
			n2 := g.New.rgt
			for n2.nxt != nil {
				n2 = n2.nxt
			}
			n2.nxt = g.New.nxt
		}
		n1 := g.New.lft
		n2 := n1
		for n2.nxt != nil {
			n2 = n2.nxt
		}
		n2.nxt = g.New.rgt
		g.New = n1
		t.pushStack(g)
		return
	}
	canRelease := false // now is in Old already (SPIN's test skips Old's last element)
	now := g.New
	g.New = g.New.nxt
	now.nxt = nil
	if now.typ != nTrue {
		if g.Old != nil {
			n1 := g.Old
			for ; n1.nxt != nil; n1 = n1.nxt {
				if isequal(now, n1) {
					canRelease = true
					break
				}
			}
			if !canRelease {
				n1.nxt = now
			}
		} else {
			g.Old = now
		}
	}
	switch now.typ {
	case nRelease:
		// p V q: {q, X(p V q)} in a new node, {p, q} in this one.
		n1 := now.rgt
		n1.nxt = g.New
		nx := now
		if !canRelease {
			nx = getnode(now)
		}
		nx.nxt = g.Next
		n2 := now.lft
		n2.nxt = getnode(now.rgt)
		n2.nxt.nxt = g.New
		g.New = t.flatten(n2)
		t.pushStack(g)
		t.ng("", g.incoming, n1, g.Old, nx)
	case nUntil, nOr:
		// p U q: {p, X(p U q)} in a new node, {q} in this one;
		// p || q: {p} in a new node, {q} in this one.
		var n1, n2, nx *node
		n1 = now.lft
		if now.typ == nUntil {
			nx = now
			if !canRelease {
				nx = getnode(now)
			}
			nx.nxt = g.Next
		} else {
			nx = g.Next
		}
		n2 = now.rgt
		n2.nxt = g.New
		n1.nxt = g.New
		t.ng("", g.incoming, n1, g.Old, nx)
		g.New = t.flatten(n2)
		t.pushStack(g)
	default: // true, false, a proposition or its negation
		t.pushStack(g)
	}
}

func (t *translator) findgraph(name string) *graph {
	for p := t.set; p != nil; p = p.nxt {
		if p.name == name {
			return p
		}
	}
	for i := len(t.mapped) - 1; i >= 0; i-- {
		if t.mapped[i].from == name {
			return t.mapped[i].to
		}
	}
	return nil
}

// fixinit adds the initial node and turns incoming lists into outgoing ones.
func (t *translator) fixinit(orig *node) {
	t.ng("init", nil, nil, nil, nil)
	if p1 := t.popStack(); p1 != nil {
		p1.nxt = t.set
		p1.Other = orig
		p1.Old = orig
		t.set = p1
	}
	for g := t.set; g != nil; g = g.nxt {
		for _, from := range g.incoming {
			if p := t.findgraph(from); p != nil {
				p.outgoing = append([]string{g.name}, p.outgoing...)
			}
		}
		g.incoming = nil
	}
}

// hasClause reports whether node p's formulas hold n (with nAnd: every
// conjunct of n; with nAny: n as a conjunct). It right-links p's formulas
// in place, as SPIN does.
func hasClause(tok ntype, p *graph, n *node) bool {
	switch n.typ {
	case nAnd:
		return hasClause(tok, p, n.lft) && hasClause(tok, p, n.rgt)
	case nOr:
		return hasClause(tok, p, n.lft) || hasClause(tok, p, n.rgt)
	}
	for q := p.Other; q != nil; q = q.nxt {
		if anywhere(tok, n, rightLinked(q)) {
			return true
		}
	}
	return false
}

func (t *translator) mkGrn(n *node) {
	if n == nil {
		return
	}
	n = rightLinked(n)
	for {
		for p := t.set; p != nil; p = p.nxt {
			if len(p.outgoing) > 0 && hasClause(nAnd, p, n) {
				p.isgrn = append(p.isgrn, t.redCnt)
				t.labCnt++
			}
		}
		if n.typ != nUntil {
			return
		}
		n = n.rgt
	}
}

func (t *translator) mkRed(n *node) {
	if n == nil {
		return
	}
	n = rightLinked(n)
	for p := t.set; p != nil; p = p.nxt {
		if len(p.outgoing) > 0 && hasClause(nAny, p, n) {
			if len(p.isred) >= 63 {
				panic(internalError("too many until operators (SPIN's limit is 63)"))
			}
			p.isred = append(p.isred, t.redCnt)
			t.labCnt++
			t.maxRed = t.redCnt
		}
	}
}

// liveness numbers the until subformulas (acceptance classes 1, 2, ...)
// and marks the nodes red and green for each.
func (t *translator) liveness(n *node) {
	if n == nil {
		return
	}
	switch n.typ {
	case nUntil:
		t.redCnt++
		t.mkRed(n)
		t.mkGrn(n.rgt)
		fallthrough
	case nRelease, nOr, nAnd:
		t.liveness(n.lft)
		t.liveness(n.rgt)
	}
}

// choueka counts the acceptance classes from count on that node p
// satisfies (green, or not red) before the first it owes.
func (t *translator) choueka(p *graph, count int) int {
	incr := 0
	for j := count; j <= t.maxRed; j++ {
		if slices.Contains(p.isgrn, j) {
			incr++
			continue
		}
		if slices.Contains(p.isred, j) {
			break
		}
		incr++
	}
	return incr
}

func (t *translator) setPrefix(count int, r2 *graph) string {
	if t.labCnt == 0 || t.maxRed == 0 {
		return "accept"
	}
	if count >= t.maxRed {
		return "T0"
	}
	incr := t.choueka(r2, count+1)
	if incr+count >= t.maxRed {
		return "accept"
	}
	return fmt.Sprintf("T%d", count+incr)
}

func (t *translator) fsmTrans(p *graph, count int, curnm string) {
	if len(p.outgoing) == 0 {
		t.addtrans(curnm, newFalse(), "accept_all")
	}
	for _, s := range p.outgoing {
		r := t.findgraph(s)
		if r == nil {
			continue
		}
		nwnm := "accept_all"
		if len(r.outgoing) > 0 {
			nwnm = t.setPrefix(count, r) + "_" + s
		}
		t.addtrans(curnm, r.Old, nwnm)
	}
}

// mkbuchi makes the Büchi states: a copy of the tableau per acceptance
// class (T0_, T1_, ...; accept_ for the last), the initial node once.
func (t *translator) mkbuchi() {
	for k := 0; k <= t.maxRed; k++ {
		for p := t.set; p != nil; p = p.nxt {
			if len(p.outgoing) == 0 {
				continue
			}
			if k != 0 && p.name == "init" && t.maxRed != 0 {
				continue
			}
			curnm := fmt.Sprintf("T%d_", k)
			if k == t.maxRed && p.name != "init" {
				curnm = "accept_"
			}
			t.fsmTrans(p, k, curnm+p.name)
		}
	}
}

// tableau runs the whole construction on the rewritten formula.
func (t *translator) tableau(p *node) {
	p = twocases(p)
	op := dupnode(p)
	t.ng("", []string{"init"}, p, nil, nil)
	for t.stack != nil {
		g := t.stack
		t.stack = g.nxt
		t.expand(g)
	}
	t.fixinit(p)
	t.liveness(t.flatten(op))
	t.mkbuchi()
}
