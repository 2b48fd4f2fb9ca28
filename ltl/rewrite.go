package ltl

import "strings"

// Rewriting of formulas, as SPIN's tl_rewrt.c, tl_cache.c and tl_parse.c do
// it (docs/references.md#spin-ltl): negations pushed to the propositions,
// && and || chains sorted and cleaned of duplicates (Canonical), a cache of
// what was already rewritten, and the simplifications the parser applies
// as it builds each node.

// cacheEntry is one rewritten formula. The cache is consulted by SPIN's
// equality (isequal), which ignores the order of && and || operands, so a
// formula can come back in the shape an equal one was first rewritten to:
// that is part of the output, so the cache is kept exactly as SPIN keeps it.
type cacheEntry struct {
	before, after *node
	same          bool
}

func (t *translator) inCache(n *node) *node {
	for i := len(t.cache) - 1; i >= 0; i-- {
		d := t.cache[i]
		if isequal(d.before, n) {
			if d.same && ismatch(n, d.before) {
				return n
			}
			return dupnode(d.after)
		}
	}
	return nil
}

func (t *translator) cached(n *node) *node {
	if n == nil {
		return nil
	}
	if m := t.inCache(n); m != nil {
		return m
	}
	d := &cacheEntry{before: dupnode(n)}
	d.after = t.canonicalTop(n)
	if ismatch(d.before, d.after) {
		d.same = true
		d.after = d.before
	}
	t.cache = append(t.cache, d)
	return dupnode(d.after)
}

// canonical rewrites a right-linked formula bottom-up (right operand
// first, as SPIN does).
func (t *translator) canonical(n *node) *node {
	if n == nil {
		return nil
	}
	if m := t.inCache(n); m != nil {
		return m
	}
	n.rgt = t.canonical(n.rgt)
	n.lft = t.canonical(n.lft)
	return t.cached(n)
}

func (t *translator) rewrite(n *node) *node { return t.canonical(rightLinked(n)) }

// addcan inserts the operands of a tok chain into t.can, ordered by their
// dump keys, without duplicates. Its insertion in the middle of the list
// compares with the key of the whole rest of the list, as SPIN's does, and
// can leave a chain nested on the left: kept, since it shows in the output.
func (t *translator) addcan(tok ntype, n *node) {
	if n == nil {
		return
	}
	if n.typ == tok {
		t.addcan(tok, n.rgt)
		t.addcan(tok, n.lft)
		return
	}
	N := dupnode(n)
	if t.can == nil {
		t.can = N
		return
	}
	s, _ := dumpKey(N)
	var ptr **node
	if t.can.typ != tok {
		ptr = &t.can
	} else {
		var prev *node
		m := t.can
		for ; m.typ == tok && m.rgt != nil; prev, m = m, m.rgt {
			key, ok := dumpKey(m.lft)
			cmp := 0
			if ok {
				cmp = strings.Compare(s, key)
			}
			if cmp == 0 {
				return
			}
			if cmp < 0 {
				if prev == nil {
					t.can = nn(tok, N, t.can)
					return
				}
				break
			}
		}
		ptr = &prev.rgt
	}
	key, _ := dumpKey(*ptr)
	switch cmp := strings.Compare(s, key); {
	case cmp == 0:
	case cmp < 0:
		*ptr = nn(tok, N, *ptr)
	default:
		*ptr = nn(tok, *ptr, N)
	}
}

func marknode(tok ntype, m *node) {
	if m.typ != tok {
		m.rgt = nil
	}
	m.typ = nDeleted
}

// chainNext steps along a tok chain: nil after its last operand.
func chainNext(tok ntype, m *node) *node {
	if m.typ == tok {
		return m.rgt
	}
	return nil
}

func chainElem(tok ntype, m *node) *node {
	if m.typ == tok {
		return m.lft
	}
	return m
}

// canonicalTop is SPIN's Canonical: a && or || chain sorted, without
// duplicates, true and false folded, and absorbed operands (p && (p || q))
// dropped. The loops stop early where SPIN's do.
func (t *translator) canonicalTop(n *node) *node {
	if n == nil {
		return nil
	}
	tok := n.typ
	if tok != nAnd && tok != nOr {
		return n
	}
	t.can = nil
	t.addcan(tok, n)
	var dflt *node
	unit, zero, other := nTrue, nFalse, nOr // for &&: true is dropped, false absorbs
	newUnit, newZero := newTrue, newFalse
	if tok == nOr {
		unit, zero, other = nFalse, nTrue, nAnd
		newUnit, newZero = newFalse, newTrue
	}
	for m := t.can; m != nil; m = chainNext(tok, m) {
		k1 := chainElem(tok, m)
		if k1.typ == unit {
			marknode(tok, m)
			dflt = newUnit()
			continue
		}
		if k1.typ == zero {
			t.can = newZero()
			goto out
		}
	}
	for m := t.can; m != nil; m = chainNext(tok, m) {
		for p := t.can; p != nil; p = chainNext(tok, p) {
			if p == m || p.typ == nDeleted || m.typ == nDeleted {
				continue
			}
			k1 := chainElem(tok, m)
			k2 := chainElem(tok, p)
			if isequal(k1, k2) || anywhere(other, k1, k2) {
				marknode(tok, p)
				continue
			}
		}
	}
	{
		var prev *node
		for m := t.can; m != nil; {
			if m.typ == nDeleted {
				k2 := m.rgt
				if prev == nil {
					t.can = t.can.rgt
					m = t.can
				} else {
					prev.rgt = k2
					m = k2
					if prev.rgt == nil && prev.lft != nil && (prev.typ == nAnd || prev.typ == nOr) {
						k1 := prev.lft
						prev.typ, prev.sym, prev.rgt, prev.lft = k1.typ, k1.sym, k1.rgt, k1.lft
					}
				}
				continue
			}
			prev = m
			m = m.rgt
		}
	}
out:
	if t.can == nil {
		if dflt == nil {
			panic(internalError("cannot happen, Canonical"))
		}
		return dflt
	}
	return t.can
}

// not is SPIN's Not(a): the negation of a, pushed inwards.
func (t *translator) not(a *node) *node { return t.pushNegation(nn(nNot, a, nil)) }

// pushNegation rewrites the negation n (typ nNot) in place.
func (t *translator) pushNegation(n *node) *node {
	switch n.lft.typ {
	case nTrue:
		n.lft = nil
		n.typ = nFalse
	case nFalse:
		n.lft = nil
		n.typ = nTrue
	case nNot:
		n = n.lft.lft
	case nRelease, nUntil, nAnd, nOr:
		n.typ = map[ntype]ntype{nRelease: nUntil, nUntil: nRelease, nAnd: nOr, nOr: nAnd}[n.lft.typ]
		m := n.lft.rgt
		n.lft.rgt = nil
		n.rgt = t.not(m)
		n.lft.typ = nNot
		n.lft = t.pushNegation(n.lft)
	}
	return t.rewrite(n)
}

// binSimpler is what SPIN's parser does with each binary node it builds.
func (t *translator) binSimpler(ptr *node) *node {
	l, r := ptr.lft, ptr.rgt
	switch ptr.typ {
	case nUntil:
		switch {
		case r.typ == nTrue || r.typ == nFalse || l.typ == nFalse:
			return r
		case isequal(l, r): // p U p = p
			return r
		case l.typ == nUntil && isequal(l.lft, r): // (p U q) U p = q U p
			ptr.lft = l.rgt
		case r.typ == nUntil && r.lft.typ == nTrue: // p U <>q = <>q
			return r
		}
	case nRelease:
		switch {
		case r.typ == nFalse || r.typ == nTrue || l.typ == nTrue:
			return r
		case isequal(l, r): // p V p = p
			return r
		case l.typ == nFalse && r.typ == nRelease: // F V (p V q) = F V q
			ptr.rgt = r.rgt
		case r.typ == nRelease && r.lft.typ == nFalse: // p V (F V q) = F V q
			ptr.lft = newFalse()
			ptr.rgt = r.rgt
		}
	case nImplies:
		if isequal(l, r) {
			return newTrue()
		}
		return t.rewrite(nn(nOr, t.not(l), r))
	case nEquiv:
		if isequal(l, r) {
			return newTrue()
		}
		a := t.rewrite(nn(nAnd, dupnode(l), dupnode(r)))
		// C leaves the order of the two Not calls to the compiler; gcc,
		// which built the reference spin, evaluates the right one first.
		nr := t.not(r)
		nl := t.not(l)
		b := t.rewrite(nn(nAnd, nl, nr))
		return t.rewrite(nn(nOr, a, b))
	case nAnd:
		switch {
		case r.typ == nUntil && isequal(r.rgt, l): // p && (q U p) = p
			return l
		case l.typ == nUntil && isequal(l.rgt, r):
			return r
		case r.typ == nRelease && isequal(r.rgt, l): // p && (q V p) = q V p
			return r
		case l.typ == nRelease && isequal(l.rgt, r):
			return l
		case r.typ == nUntil && l.typ == nUntil && isequal(r.rgt, l.rgt): // (p U q) && (r U q) = (p && r) U q
			return nn(nUntil, nn(nAnd, l.lft, r.lft), l.rgt)
		case r.typ == nRelease && l.typ == nRelease && isequal(r.lft, l.lft): // (p V q) && (p V r) = p V (q && r)
			return nn(nRelease, r.lft, nn(nAnd, l.rgt, r.rgt))
		case isequal(l, r) || r.typ == nFalse || l.typ == nTrue:
			return r
		case r.typ == nTrue || l.typ == nFalse:
			return l
		case r.typ == nUntil && l.typ == nRelease && isequal(l.rgt, r.rgt): // (p V q) && (r U q) = p V q
			return l
		}
	case nOr:
		switch {
		case r.typ == nUntil && isequal(r.rgt, l): // p || (q U p) = q U p
			return r
		case r.typ == nRelease && isequal(r.rgt, l): // p || (q V p) = p
			return l
		case r.typ == nUntil && l.typ == nUntil && isequal(r.lft, l.lft): // (p U q) || (p U r) = p U (q || r)
			return nn(nUntil, r.lft, nn(nOr, l.rgt, r.rgt))
		case isequal(l, r) || r.typ == nFalse || l.typ == nTrue:
			return l
		case r.typ == nTrue || l.typ == nFalse:
			return r
		case r.typ == nRelease && l.typ == nRelease && isequal(l.rgt, r.rgt): // (p V q) || (r V q) = (p || r) V q
			return nn(nRelease, nn(nOr, l.lft, r.lft), r.rgt)
		case r.typ == nUntil && l.typ == nRelease && isequal(l.rgt, r.rgt): // (p V q) || (r U q) = r U q
			return r
		}
	}
	return ptr
}

// build turns a parsed formula into nodes, doing what SPIN's parser does
// as it builds each node, in the order it builds them (left to right,
// bottom up): the results go through the rewrite cache, so the order counts.
func (t *translator) build(f *Formula) *node {
	switch f.Op {
	case True:
		return newTrue()
	case False:
		return newFalse()
	case Prop:
		return &node{typ: nPred, sym: f.Prop}
	case Not:
		n := nn(nNot, t.build(f.L), nil)
		return t.pushNegation(n)
	case Always:
		p := t.build(f.L)
		if p.typ == nFalse || p.typ == nTrue {
			return p // [] false = false
		}
		if p.typ == nRelease {
			if p.lft.typ == nFalse {
				return p // [][]p = []p
			}
			p = p.rgt // [] (p V q) = [] q
		}
		return nn(nRelease, newFalse(), p)
	case Eventually:
		p := t.build(f.L)
		if p.typ == nTrue || p.typ == nFalse {
			return p // <> true = true
		}
		if p.typ == nUntil {
			if p.lft.typ == nTrue {
				return p // <><>p = <>p
			}
			p = p.rgt // <> (p U q) = <> q
		}
		return nn(nUntil, newTrue(), p)
	}
	l := t.build(f.L)
	r := t.build(f.R)
	typ := map[Op]ntype{And: nAnd, Or: nOr, Implies: nImplies, Equiv: nEquiv, Until: nUntil, Release: nRelease}[f.Op]
	return t.binSimpler(nn(typ, l, r))
}

// twocases rewrites, bottom-up, ([]p && []q) as [](p && q) and
// (<>p || <>q) as <>(p || q) before the tableau is built.
func twocases(p *node) *node {
	if p == nil {
		return nil
	}
	switch p.typ {
	case nAnd, nOr, nUntil, nRelease:
		p.lft = twocases(p.lft)
		p.rgt = twocases(p.rgt)
	case nNot:
		p.lft = twocases(p.lft)
	}
	if p.typ == nAnd && p.lft.typ == nRelease && p.lft.lft.typ == nFalse &&
		p.rgt.typ == nRelease && p.rgt.lft.typ == nFalse {
		return nn(nRelease, newFalse(), nn(nAnd, p.lft.rgt, p.rgt.rgt))
	}
	if p.typ == nOr && p.lft.typ == nUntil && p.lft.lft.typ == nTrue &&
		p.rgt.typ == nUntil && p.rgt.lft.typ == nTrue {
		return nn(nUntil, newTrue(), nn(nOr, p.lft.rgt, p.rgt.rgt))
	}
	return p
}
