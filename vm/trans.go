package vm

import (
	"gmc/lang"
)

// flow builds the control flow of a proctype and its transitions.
func (c *compiler) flow(pt *ProcType) {
	f := &flowBuilder{c: c, pt: pt, labels: map[string]*node{}, escapes: map[*Trans]*Trans{}}
	body := f.sequence(pt.Proc.Body.Stmts)
	end := f.newNode(nEnd, nil, endPos(pt.Proc))
	body.add(end)
	for _, g := range f.gotos {
		target := f.labels[g.label]
		if target == nil {
			c.errorf(g.pos, "undefined label %s", g.label)
		}
		g.jump = target
	}
	f.looseEnds()
	start := f.huntStart(body.first)
	pt.Start = f.pcOf(start)
	// Build the transitions of every pc reachable from the start.
	for i := 0; i < len(pt.PCs); i++ {
		n := f.pcNodes[i]
		pc := pt.PCs[i]
		pc.Trans = f.transOf(n)
	}
	c.flows[pt] = f
}

// endPos is the position SPIN gives the -end- of a body: its closing brace.
func endPos(p *lang.Proctype) lang.Pos {
	return p.Body.P
}

// looseEnds links the end of every compound body to what follows the
// compound node, past '.' nodes (SPIN's loose_ends).
func (f *flowBuilder) looseEnds() {
	for _, n := range f.nodes {
		switch n.kind {
		case nAtomic, nNonAtomic, nDStep:
		default:
			continue
		}
		if n.next == nil {
			continue
		}
		next := n.next
		for next != nil && next.kind == nDot {
			next = next.next
		}
		if last := n.subs[0].last; last.next == nil {
			last.next = next
		}
	}
}

// hunt finds the real node control goes to when it arrives at n, as
// SPIN's huntele does: '.', break and goto nodes are passed over, and an
// unless leads into its main body. Coming from inside an atomic sequence,
// the hunt does not step onto a node outside it: it stops at the '.', break
// or goto node it is on, which becomes a step of its own (SPIN-NOTES 3.2).
func (f *flowBuilder) hunt(n *node, fromAtomic bool) *node {
	for steps := 0; n != nil; steps++ {
		if steps > len(f.nodes) {
			f.c.errorf(n.pos, "confusing control structure (a loop of gotos?)")
		}
		var next *node
		switch n.kind {
		case nGoto:
			next = n.jump
		case nDot, nBreak:
			if n.next == nil {
				return n
			}
			next = n.next
		case nUnless:
			next = f.hunt(n.subs[0].first, fromAtomic)
		default:
			return n
		}
		if fromAtomic && next.mark&markAtom == 0 {
			return n
		}
		n = next
	}
	return n
}

// huntStart finds a process's first pc (SPIN's huntstart): only '.' nodes
// and unless are passed over.
func (f *flowBuilder) huntStart(n *node) *node {
	for steps := 0; steps <= len(f.nodes); steps++ {
		switch {
		case n.kind == nDot && n.next != nil:
			n = n.next
		case n.kind == nUnless:
			n = n.subs[0].first
		default:
			return n
		}
	}
	f.c.errorf(n.pos, "confusing control structure")
	return n
}

// pcOf returns the pc of a real node, giving it one if it has none yet.
func (f *flowBuilder) pcOf(n *node) int {
	if n.pc >= 0 {
		return n.pc
	}
	n.pc = len(f.pt.PCs)
	pc := &PC{N: n.pc, Pos: n.pos}
	for _, l := range n.labels {
		switch {
		case len(l) >= 3 && l[:3] == "end":
			pc.ValidEnd = true
		case len(l) >= 8 && l[:8] == "progress":
			pc.Progress = true
		case len(l) >= 6 && l[:6] == "accept":
			pc.Accept = true
		}
	}
	if n.kind == nEnd {
		pc.ValidEnd = true
	}
	f.pt.PCs = append(f.pt.PCs, pc)
	f.pcNodes = append(f.pcNodes, n)
	return n.pc
}

func atomFlags(mark int) AtomFlags {
	var a AtomFlags
	if mark&markAtom != 0 {
		a |= Atomic
	}
	if mark&markLast != 0 {
		a |= LastAtomic
	}
	if mark&markDStep != 0 {
		a |= InDStep
	}
	return a
}

// transOf returns the transitions tried at node n, in order: escapes of
// enclosing unless statements first, then n's own.
func (f *flowBuilder) transOf(n *node) []*Trans {
	if n.built {
		return n.trans
	}
	n.built = true
	var ts []*Trans
	for _, e := range n.esc {
		for _, t := range f.transOf(e.first) {
			ts = append(ts, f.escapeOf(t))
		}
	}
	switch n.kind {
	case nStmt:
		ts = append(ts, f.stmtTrans(n))
	case nIf, nDo:
		for _, o := range n.subs {
			if isFalse(o.first) {
				continue
			}
			ts = append(ts, f.transOf(o.first)...)
		}
	case nAtomic, nNonAtomic, nUnless:
		// A compound node offers what the first real node of its body does.
		ts = append(ts, f.transOf(f.hunt(n.subs[0].first, false))...)
	case nDStep:
		ts = append(ts, f.dstepTrans(n))
	case nDot, nBreak, nGoto:
		// reached only through the atomic exception of hunt: a step that
		// just moves on
		t := f.newTrans(n, nil)
		next := n.next
		if n.kind == nGoto {
			next = n.jump
		}
		t.Dst = f.pcOf(f.hunt(next, n.mark&markAtom != 0))
		g := f.c.gen(f.pt)
		g.op(OpGuardOK)
		t.Code = g.code
		ts = append(ts, t)
	case nEnd:
		t := f.newTrans(n, nil)
		t.End = true
		t.Dst = n.pc
		g := f.c.gen(f.pt)
		g.op(OpEndGuard)
		g.op(OpGuardOK)
		g.op(OpEnd)
		t.Code = g.code
		t.Text = "-end-"
		ts = append(ts, t)
	}
	n.trans = ts
	return ts
}

func isFalse(n *node) bool {
	if n == nil || n.kind != nStmt {
		return false
	}
	e, ok := n.stmt.(*lang.ExprStmt)
	if !ok {
		return false
	}
	k, ok := e.X.(*lang.Const)
	return ok && k.Val == 0
}

func (f *flowBuilder) newTrans(n *node, stmts []lang.Stmt) *Trans {
	t := &Trans{ID: len(f.pt.Trans), Atom: atomFlags(n.mark), Stmts: stmts, Pos: n.pos}
	f.pt.Trans = append(f.pt.Trans, t)
	return t
}

// escapeOf returns t marked as an unless escape.
func (f *flowBuilder) escapeOf(t *Trans) *Trans {
	if e := f.escapes[t]; e != nil {
		return e
	}
	e := *t
	e.ID = len(f.pt.Trans)
	e.Escape = true
	f.pt.Trans = append(f.pt.Trans, &e)
	f.escapes[t] = &e
	return &e
}

// stmtTrans is the transition of a basic statement.
func (f *flowBuilder) stmtTrans(n *node) *Trans {
	t := f.newTrans(n, []lang.Stmt{n.stmt})
	t.Dst = f.pcOf(f.hunt(n.next, n.mark&markAtom != 0))
	g := f.c.gen(f.pt)
	switch st := n.stmt.(type) {
	case *lang.Else:
		t.Else = true
	case *lang.Recv:
		t.Recv = true
	case *lang.Labeled:
		_ = st
	}
	if !g.test(n.stmt) {
		g.op(OpJzFail)
	}
	g.op(OpGuardOK)
	g.effect(n.stmt)
	t.Code = g.code
	t.Text = lang.FormatStmt(n.stmt)
	return t
}

// dstepTrans is the single transition of a d_step: the whole body runs as
// one step (SPIN-NOTES 5.3).
func (f *flowBuilder) dstepTrans(n *node) *Trans {
	blk := n.stmt.(*lang.Block)
	t := f.newTrans(n, []lang.Stmt{blk})
	t.DStep = true
	t.Dst = f.pcOf(f.hunt(n.next, n.mark&markAtom != 0))
	if first := firstLeaf(blk); first != nil {
		_, t.Recv = first.(*lang.Recv)
	}
	g := f.c.gen(f.pt)
	g.dstep(blk)
	t.Code = g.code
	t.Text = "d_step"
	return t
}

// firstLeaf returns the first basic statement of a block.
func firstLeaf(s lang.Stmt) lang.Stmt {
	for {
		switch x := s.(type) {
		case *lang.Block:
			if len(x.Stmts) == 0 {
				return nil
			}
			s = x.Stmts[0]
		case *lang.Labeled:
			if x.Stmt == nil {
				return nil
			}
			s = x.Stmt
		default:
			return s
		}
	}
}
