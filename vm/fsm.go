package vm

import (
	"gmc/lang"
)

// hunt finds the element control arrives at when it goes to f, as SPIN's
// huntele does: '.', break and goto elements are passed over and an unless
// leads into its main part. src is the status of the element the transition
// leaves: from inside an atomic (ATOM), the hunt does not step onto an
// element without ATOM; it stops on the jump element it is at, which then
// becomes a step of its own (docs/references.md#spin-hunting). stop, if
// not nil, ends the hunt there (used by merging).
func (b *builder) hunt(f *node, src int, stop *node) *node {
	e := f
	for steps := 0; e != nil; steps++ {
		if steps > len(b.nodes) {
			b.c.errorf(f.pos, "confusing control structure (a loop of gotos?)")
		}
		if e == stop {
			return e
		}
		var g *node
		switch e.kind {
		case nGoto:
			g = e.jump
			if g == e {
				b.c.errorf(e.pos, "infinite goto loop")
			}
		case nDot, nBreak:
			if e.next == nil {
				return e
			}
			g = e.next
		case nUnless:
			g = b.hunt(e.subs[0].first, src, stop)
		default:
			return e
		}
		if src&statAtom != 0 && g.status&statAtom == 0 {
			return e
		}
		e = g
	}
	return e
}

// huntStart finds where an option, a compound body or an escape starts (SPIN's
// huntstart): only '.' elements and unless are passed over.
func (b *builder) huntStart(f *node) *node {
	e := f
	for steps := 0; steps <= len(b.nodes); steps++ {
		switch {
		case e.kind == nDot && e.next != nil:
			e = e.next
		case e.kind == nUnless:
			e = e.subs[0].first
		default:
			return e
		}
	}
	b.c.errorf(f.pos, "confusing control structure")
	return e
}

// target is where an element's own transition goes.
func (b *builder) target(e *node) *node {
	if e.kind == nGoto {
		return b.hunt(e.jump, e.status, nil)
	}
	if e.next != nil {
		return b.hunt(e.next, e.status, nil)
	}
	return nil
}

// An edge of the FSM that merging and the dead-variable analysis work on
// (SPIN's pangen5.c): one per element's transition, per if/do option, per
// compound entry and per unless escape.
type edge struct {
	to   *node // nil: the process ends
	step *node // the element whose statement the edge executes; nil for an escape
	// uses of local variables by the statement (dead-variable analysis)
	reads, writes []*lang.Var
}

func (b *builder) addEdge(from, to, step *node) {
	ed := &edge{to: to, step: step}
	if step != nil && step.kind == nStmt {
		ed.reads, ed.writes = uses(step.stmt)
	}
	from.out = append([]*edge{ed}, from.out...)
	if to != nil {
		to.in++
	}
}

// fsm builds the FSM of the proctype (SPIN's ana_seq).
func (b *builder) fsm(s *seq) {
	for e := s.first; e != nil; e = e.next {
		b.fsmNode(e)
		if e == s.last {
			break
		}
	}
}

func (b *builder) fsmNode(e *node) {
	if e.seen {
		return
	}
	e.seen = true
	switch e.kind {
	case nUnless:
		b.fsm(e.subs[0])
		b.fsm(e.subs[1])
	case nIf, nDo:
		for _, o := range e.subs {
			if st := b.huntStart(o.first); !isDeadLink(st) {
				b.addEdge(e, st, e)
			}
		}
		for _, o := range e.subs {
			b.fsm(o)
		}
	case nAtomic, nNonAtomic, nDStep:
		b.addEdge(e, b.huntStart(e.body.first), e)
		b.fsm(e.body)
	default:
		b.addEdge(e, b.target(e), e)
		if len(e.esc) > 0 && e.kind != nGoto && e.kind != nDot {
			for _, z := range e.esc {
				b.addEdge(e, b.huntStart(z.first), nil)
				b.fsm(z)
			}
		}
	}
}

// isDeadLink reports whether an option starts with the constant false (and
// no escape covers it): SPIN leaves such an option out.
func isDeadLink(n *node) bool {
	if n.kind != nStmt || len(n.esc) > 0 {
		return false
	}
	e, ok := n.stmt.(*lang.ExprStmt)
	if !ok {
		return false
	}
	k, ok := e.X.(*lang.Const)
	return ok && k.Val == 0
}

// Statement merging (docs/references.md#spin-merging, docs/spin-flow.md 5):
// a run of member statements becomes one transition.

// stmtKind classifies an element's statement as merging sees it.
type stmtKind int

const (
	kOther  stmtKind = iota // never merged: compounds, else, set_priority, -end-
	kMember                 // assignment, printf, printm, assert, '.', goto
	kCond                   // a condition (skip, run, timeout, poll included)
	kRecv
	kSend
)

func kindOf(n *node) stmtKind {
	switch n.kind {
	case nDot, nGoto:
		return kMember
	case nStmt:
	default:
		return kOther
	}
	switch n.stmt.(type) {
	case *lang.Assign, *lang.Printf, *lang.Printm, *lang.Assert, *lang.DeclStmt:
		return kMember
	case *lang.ExprStmt:
		return kCond
	case *lang.Recv:
		return kRecv
	case *lang.Send:
		return kSend
	}
	return kOther
}

// single reports whether an element has one way out and nothing that stops
// merging at it.
func (n *node) oneWayOut() bool {
	return len(n.out) == 1 && len(n.esc) == 0 && !n.check2
}

func (b *builder) local(n *node) bool {
	return n.status&(statAtom|statLast) != 0 || n.kind != nStmt || !b.c.hasGlobal(n.stmt)
}

// member reports whether edge t (of element el) can be inside a chain.
func (b *builder) member(el *node, t *edge) bool {
	if t.step == nil || !el.oneWayOut() || el.isLabelled() {
		return false
	}
	return kindOf(t.step) == kMember && b.local(t.step)
}

// head reports whether edge t can start a chain.
func (b *builder) head(el *node, t *edge) bool {
	if t.step == nil || !el.oneWayOut() {
		return false
	}
	switch kindOf(t.step) {
	case kCond:
		if hasRun(t.step.stmt) {
			return false
		}
	case kRecv:
	case kSend:
		if b.c.m.hasRendezvous {
			return false
		}
	default:
		return false
	}
	return b.local(t.step)
}

func hasRun(s lang.Stmt) bool {
	found := false
	lang.WalkStmtExprs(s, func(e lang.Expr) {
		if _, ok := e.(*lang.Run); ok {
			found = true
		}
	})
	return found
}

// merge computes the chains (SPIN's FSM_MERGER).
func (b *builder) mergeChains(start *node) {
	onStack := map[*edge]bool{}
	var build func(from *node, t *edge) *node
	build = func(from *node, t *edge) *node {
		if t.step == nil {
			return nil // an escape (unless) is no member of a chain
		}
		if t.step.merge != nil {
			return t.step.merge
		}
		if !b.member(from, t) || onStack[t] {
			return nil
		}
		onStack[t] = true
		var r *node
		if g := t.to; g != nil && len(g.out) > 0 {
			r = build(g, g.out[0])
		}
		delete(onStack, t)
		if r == nil {
			r = t.to
		}
		t.step.merge = r
		return r
	}
	for _, f := range b.nodes {
		for _, t := range f.out {
			if t.step == nil {
				continue
			}
			t.step.mergeIn = f.in
			if t.step.merge != nil || kindOf(t.step) != kMember || !b.member(f, t) {
				continue
			}
			if g := t.to; g == nil || len(g.out) == 0 || !b.member(g, g.out[0]) {
				t.step.single = t.to
			} else {
				build(f, t)
			}
		}
	}
	for _, f := range b.nodes {
		for _, t := range f.out {
			if t.step == nil || t.step.merge != nil || !b.head(f, t) {
				continue
			}
			g := t.to
			if g == nil || len(g.out) == 0 || g.out[0].step == nil {
				continue
			}
			s := g.out[0].step
			if s.merge != nil {
				t.step.start = s.merge
			} else if s.single != nil {
				t.step.start = s.single
			}
		}
	}
	if start != nil {
		start.mergeIn = 1
	}
}
