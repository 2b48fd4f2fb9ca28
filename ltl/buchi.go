package ltl

import (
	"strings"
)

// The Büchi automaton as SPIN's tl_buchi.c finishes it
// (docs/references.md#spin-ltl): transition guards are the target node's
// propositions; contradictory guards are dropped; states with the same
// transitions are merged, transitions to the same state joined, and pairs
// of states that only lead to each other merged ("buckyballs"); then the
// reachable states are printed, the initial one first.

type btrans struct {
	name                      string // target state
	cond                      *node  // nil: true
	redundant, merged, marked bool
	nxt                       *btrans
}

type bstate struct {
	name                            string
	trans                           *btrans // newest first
	redundant, accepting, reachable bool
	nxt                             *bstate
}

// prune keeps the propositional part of a conjunction: temporal operands
// of && are dropped, a || with a temporal operand is dropped whole.
func prune(p *node) *node {
	if p == nil {
		return nil
	}
	switch p.typ {
	case nPred, nNot, nFalse, nTrue:
		return p
	case nOr:
		p.lft = prune(p.lft)
		if p.lft == nil {
			return nil
		}
		p.rgt = prune(p.rgt)
		if p.rgt == nil {
			return nil
		}
		return p
	case nAnd:
		p.lft = prune(p.lft)
		if p.lft == nil {
			return prune(p.rgt)
		}
		p.rgt = prune(p.rgt)
		if p.rgt == nil {
			return p.lft
		}
		return p
	}
	return nil
}

func (t *translator) addtrans(from string, op *node, to string) {
	tr := &btrans{name: to, cond: prune(dupnode(op))}
	if tr.cond != nil {
		tr.cond = t.rewrite(tr.cond)
	}
	for b := t.never; b != nil; b = b.nxt {
		if b.name == from {
			tr.nxt = b.trans
			b.trans = tr
			return
		}
	}
	t.never = &bstate{name: from, trans: tr, accepting: strings.HasPrefix(from, "accept"), nxt: t.never}
}

// findstate finds a state by name; T<k>_S<n> falls back to accept_S<n>.
func (t *translator) findstate(name string) *bstate {
	for b := t.never; b != nil; b = b.nxt {
		if b.name == name {
			return b
		}
	}
	if name != "accept_all" && !strings.HasPrefix(name, "accept") {
		if i := strings.IndexByte(name, '_'); i >= 0 {
			return t.findstate("accept" + name[i:])
		}
	}
	return nil
}

func (t *translator) dfs(b *bstate) {
	if b == nil || b.reachable {
		return
	}
	b.reachable = true
	for tr := b.trans; tr != nil; tr = tr.nxt {
		if !tr.redundant {
			t.dfs(t.findstate(tr.name))
			if tr.name == "accept_all" {
				t.hitsall = true
			}
		}
	}
}

func (t *translator) retarget(from, to string) {
	for b := t.never; b != nil; b = b.nxt {
		if b.name == from {
			b.redundant = true
			continue
		}
		for tr := b.trans; tr != nil; tr = tr.nxt {
			if tr.name == from {
				tr.name = to
			}
		}
	}
}

// unclutter turns a conjunction of propositions that holds both p and !p
// into false.
func unclutter(n *node) *node {
	for u := n; u != nil; u = u.rgt {
		if u.rgt != nil {
			if u.typ != nAnd || u.lft == nil || u.lft.typ != nPred && u.lft.typ != nNot {
				return n
			}
		} else if u.typ != nPred && u.typ != nNot {
			return n
		}
	}
	elem := func(u *node) *node {
		if u.rgt != nil {
			return u.lft
		}
		return u
	}
	for u := n; u != nil; u = u.rgt {
		v := elem(u)
		if v.typ != nNot || v.lft.typ != nPred {
			continue
		}
		for s := n; s != nil; s = s.rgt {
			if s == u {
				continue
			}
			if w := elem(s); w.typ == nPred && w.sym == v.lft.sym {
				return newFalse()
			}
		}
	}
	return n
}

// clutter drops the false transitions of a state that has others.
func (t *translator) clutter() {
	for p := t.never; p != nil; p = p.nxt {
		for s := p.trans; s != nil; s = s.nxt {
			s.cond = unclutter(s.cond)
			if s.cond != nil && s.cond.typ == nFalse && (s != p.trans || s.nxt != nil) {
				s.redundant = true
			}
		}
	}
}

func (t *translator) mergetrans() int {
	cnt := 0
	for b := t.never; b != nil; b = b.nxt {
		if !b.reachable {
			continue
		}
		for s := b.trans; s != nil; s = s.nxt {
			if s.redundant {
				continue
			}
			for u := s.nxt; u != nil; u = u.nxt {
				if u.redundant || s.name != u.name {
					continue
				}
				var nc *node
				if s.cond == nil || u.cond == nil {
					nc = newTrue()
				} else {
					nc = nn(nOr, s.cond, u.cond)
				}
				u.cond = t.rewrite(nc)
				u.merged = true
				s.redundant = true
				cnt++
				break
			}
		}
	}
	return cnt
}

func sametrans(s, u *btrans) bool { return s.name == u.name && isequal(s.cond, u.cond) }

// allTransMatch reports whether a and b have the same transitions (and
// acceptance). It marks b's transitions while it looks.
func allTransMatch(a, b *bstate) bool {
	defer clearMarks(b)
	if a.accepting != b.accepting {
		return false
	}
	for s := a.trans; s != nil; s = s.nxt {
		if s.redundant {
			continue
		}
		found := false
		for u := b.trans; u != nil; u = u.nxt {
			if !u.redundant && sametrans(s, u) {
				found = true
				u.marked = true
				break
			}
		}
		if !found {
			return false
		}
	}
	for s := b.trans; s != nil; s = s.nxt {
		if s.redundant || s.marked {
			continue
		}
		found := false
		for u := a.trans; u != nil; u = u.nxt {
			if !u.redundant && sametrans(s, u) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func clearMarks(b *bstate) {
	for s := b.trans; s != nil; s = s.nxt {
		s.marked = false
	}
}

// allBucky reports whether a and b lead only to each other (or to
// accept_all) on the same guards. Like SPIN's, it leaves marks on a's
// transitions, which later comparisons see.
func allBucky(a, b *bstate) bool {
	defer clearMarks(b)
	pair := func(s, u *btrans, x, y *bstate) bool {
		return s.name == y.name && u.name == x.name || s.name == u.name && s.name == "accept_all"
	}
	for s := a.trans; s != nil; s = s.nxt {
		if s.redundant {
			continue
		}
		found := false
		for u := b.trans; u != nil; u = u.nxt {
			if !u.redundant && isequal(s.cond, u.cond) && pair(s, u, a, b) {
				found = true
				u.marked = true
				break
			}
		}
		if !found {
			return false
		}
	}
	for s := b.trans; s != nil; s = s.nxt {
		if s.redundant || s.marked {
			continue
		}
		found := false
		for u := a.trans; u != nil; u = u.nxt {
			if !u.redundant && isequal(s.cond, u.cond) && pair(s, u, b, a) {
				found = true
				u.marked = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// merge retargets the transitions into c to d.
func (t *translator) merge(c, d *bstate) {
	t.retarget(c.name, d.name)
	if strings.HasPrefix(c.name, "accept") && t.maxRed == 0 {
		t.retarget("T0"+c.name[len("accept"):], d.name)
	}
}

func (t *translator) buckyballs() {
	for cnt := 1; ; cnt++ {
		m := 0
		for a := t.never; a != nil; a = a.nxt {
			if !a.reachable || a.redundant {
				continue
			}
			for b := a.nxt; b != nil; b = b.nxt {
				if !b.reachable || b.redundant || !allBucky(a, b) {
					continue
				}
				m++
				c, d := a, b
				if a.accepting && !b.accepting {
					if b.name == "T0_init" {
						b.accepting = true
					} else {
						c, d = b, a
					}
				}
				t.merge(c, d)
				break
			}
		}
		if m == 0 || cnt >= 10 {
			return
		}
	}
}

// mergestates merges states with the same transitions; it returns the
// number of rounds that merged some.
func (t *translator) mergestates(onlyReachable bool) int {
	cnt := 0
	for {
		m := 0
		cnt++
		for a := t.never; a != nil; a = a.nxt {
			if onlyReachable && !a.reachable || a.redundant {
				continue
			}
			for b := a.nxt; b != nil; b = b.nxt {
				if onlyReachable && !b.reachable || b.redundant || !allTransMatch(a, b) {
					continue
				}
				m++
				t.merge(a, b)
				break
			}
		}
		if m == 0 || cnt >= 10 {
			return cnt - 1
		}
	}
}

func (t *translator) clrReach() {
	for p := t.never; p != nil; p = p.nxt {
		p.reachable = false
	}
	t.hitsall = false
}

// guard prints a transition's condition as SPIN does (the conjuncts
// printed by dump, " && " between them) and returns what it printed as a
// Formula. Nothing printed means true: the caller prints "1".
func (t *translator) guard(b *strings.Builder, pp, r *node, first bool, conj *[]*Formula) bool {
	if pp == nil {
		return first
	}
	q := t.rewrite(dupnode(pp))
	switch {
	case q.typ == nPred || q.typ == nNot || q.typ == nOr || q.typ == nFalse:
		if !first {
			b.WriteString(" && ")
		}
		dump(b, q)
		*conj = append(*conj, toFormula(q))
		return false
	case q.typ == nRelease && !anywhere(nAnd, q.rgt, r):
		return t.guard(b, q.rgt, r, first, conj)
	case q.typ == nAnd:
		first = t.guard(b, q.lft, r, first, conj)
		return t.guard(b, q.rgt, r, first, conj)
	}
	return first
}

func (t *translator) guardText(cond *node) (string, *Formula) {
	var b strings.Builder
	var conj []*Formula
	if t.guard(&b, cond, cond, true, &conj) {
		b.WriteString("1")
	}
	var f *Formula
	for _, c := range conj {
		if f == nil {
			f = c
		} else {
			f = NewBinary(And, f, c)
		}
	}
	return b.String(), f
}

// toFormula converts a propositional node.
func toFormula(n *node) *Formula {
	switch n.typ {
	case nTrue:
		return &Formula{Op: True}
	case nFalse:
		return &Formula{Op: False}
	case nPred:
		return NewProp(n.sym)
	case nNot:
		return NewUnary(Not, toFormula(n.lft))
	case nAnd:
		return NewBinary(And, toFormula(n.lft), toFormula(n.rgt))
	case nOr:
		return NewBinary(Or, toFormula(n.lft), toFormula(n.rgt))
	}
	panic(internalError("temporal operator in a guard"))
}

// finish simplifies the Büchi automaton and builds the Automaton in the
// order SPIN prints it. The guards are rewritten as they are printed, in
// that order, since the rewrite cache is shared.
func (t *translator) finish() *Automaton {
	t.clutter()
	init := t.findstate("T0_init")
	if init != nil && t.maxRed == 0 {
		init.accepting = true
	}
	t.mergestates(false)
	init = t.findstate("T0_init")
	for {
		t.clrReach()
		t.dfs(init)
		t.mergetrans()
		if t.mergestates(true) <= 0 {
			break
		}
	}
	t.buckyballs()
	t.clrReach()
	t.dfs(init)

	a := &Automaton{AcceptAll: t.hitsall}
	index := map[*bstate]int{}
	var order []*bstate
	add := func(b *bstate) {
		if b == nil || !b.reachable {
			return
		}
		b.reachable = false
		index[b] = len(order)
		order = append(order, b)
	}
	add(init)
	for b := t.never; b != nil; b = b.nxt {
		add(b)
	}
	for i, b := range order {
		st := &State{Name: b.name, Accepting: b.accepting}
		if i == 0 && b.accepting {
			st.Labels = append(st.Labels, "accept_init")
		}
		st.Labels = append(st.Labels, b.name)
		if strings.HasPrefix(b.name, "accept") && t.maxRed == 0 {
			st.Labels = append(st.Labels, "T0"+b.name[len("accept"):])
		}
		var list []*btrans
		for tr := b.trans; tr != nil; tr = tr.nxt {
			list = append(list, tr)
		}
		for j := len(list) - 1; j >= 0; j-- {
			tr := list[j]
			if tr.redundant {
				continue
			}
			out := Transition{Target: tr.name, To: ToAcceptAll}
			out.Text, out.Guard = t.guardText(tr.cond)
			if tr.name == "accept_all" {
				out.assert, _ = t.guardText(tr.cond)
			} else {
				target := t.findstate(tr.name)
				k, ok := index[target]
				if !ok {
					panic(internalError("transition to a state not printed: " + tr.name))
				}
				out.To = k
			}
			st.Trans = append(st.Trans, out)
		}
		a.States = append(a.States, st)
	}
	return a
}
