package vm

import (
	"gmc/lang"
)

// flow builds the elements of a proctype and its transitions: each
// element's own transition (merged with the statements after it when
// merging is on), then the list tried at each reachable element, as pan
// rewrites it at start-up (SPIN's retrans: choices spliced, unless escapes
// put in front).
func (c *compiler) flow(pt *ProcType) {
	b := &builder{c: c, pt: pt, labels: map[string]*node{}, dst: map[*Trans]*node{},
		rawOwner: map[*Trans]*node{}, inherit: map[*node][]*node{}}
	c.builders[pt] = b
	body := b.sequenceTo(pt.Proc.Body.Stmts, pt.Proc.Body.End)
	body.add(b.newNode(nEnd, nil, pt.Proc.Body.P))
	body.extent = body.last
	b.body = body
	for _, l := range c.remoteLabels[pt.Proc] {
		if n := b.labels[l]; n != nil {
			b.remoteTarget(n)
		}
	}
	b.link()
	start := b.hunt(body.first, body.first.status, nil)
	b.fsm(body)
	merging := c.m.Merge
	if merging {
		b.mergeChains(start)
	}
	if c.m.DeadVars {
		b.deadVars()
	}
	b.patchAtomic()
	for _, n := range b.nodes {
		b.rawTrans(n, merging)
		if n.raw != nil {
			b.rawOwner[n.raw] = n
		}
	}
	pt.Start = b.pcOf(start)
	for i := 0; i < len(pt.PCs); i++ {
		pt.PCs[i].Trans = b.finalOf(b.pcNodes[i])
		for _, t := range pt.PCs[i].Trans {
			b.pcOf(b.nodeOf(t))
		}
	}
	if c.hasUnless {
		b.escapes()
		for i := 0; i < len(pt.PCs); i++ {
			pt.PCs[i].Trans = b.pcNodes[i].final
			for _, t := range pt.PCs[i].Trans {
				b.pcOf(b.nodeOf(t))
			}
		}
	}
	for i, pc := range pt.PCs {
		for _, t := range pc.Trans {
			pc.Recv = pc.Recv || t.Recv
			t.Dst = b.pcOf(b.nodeOf(t))
			if t.Dst < 0 && !t.End && t.Text != "if" {
				b.c.errorf(t.Pos, "internal error: transition %q leads nowhere (please report this model)", t.Text)
			}
		}
		for _, src := range b.inherit[b.pcNodes[i]] {
			b.marks(pc, src)
		}
		b.checkElses(pc, b.pcNodes[i])
	}
	b.elements()
	b.branches()
}

// nodeOf returns the element a transition goes to (nil: the process ends).
func (b *builder) nodeOf(t *Trans) *node { return b.dst[t] }

// pcOf returns the pc of an element, giving it one if it has none yet.
func (b *builder) pcOf(n *node) int {
	if n == nil {
		return -1
	}
	if n.pc >= 0 {
		return n.pc
	}
	n.pc = len(b.pt.PCs)
	pc := &PC{N: n.pc, Pos: n.pos}
	b.marks(pc, n)
	if n.kind == nEnd {
		pc.ValidEnd = true
	}
	b.pt.PCs = append(b.pt.PCs, pc)
	b.pcNodes = append(b.pcNodes, n)
	if n.pc > 0xffff {
		b.c.errorf(n.pos, "proctype %s has too many control states", b.pt.Name)
	}
	return n.pc
}

// marks sets a pc's end, progress and accept marks from an element's labels.
func (b *builder) marks(pc *PC, n *node) {
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
}

func atomFlags(status int) AtomFlags {
	var a AtomFlags
	if status&statAtom != 0 {
		a |= Atomic
	}
	if status&statLast != 0 {
		a |= LastAtomic
	}
	if status&statDStep != 0 {
		a |= InDStep
	}
	return a
}

func (b *builder) newTrans(to *node, status int, stmts []lang.Stmt, pos lang.Pos) *Trans {
	t := &Trans{ID: len(b.pt.Trans), Atom: atomFlags(status), Stmts: stmts, Pos: pos}
	b.pt.Trans = append(b.pt.Trans, t)
	b.dst[t] = to
	return t
}

// copyTrans makes a copy of t for another list (an escape).
func (b *builder) copyTrans(t *Trans) *Trans {
	c := *t
	c.ID = len(b.pt.Trans)
	b.pt.Trans = append(b.pt.Trans, &c)
	b.dst[&c] = b.dst[t]
	if t.Orig != nil {
		c.Orig = t.Orig
	} else {
		c.Orig = t
	}
	return &c
}

// rawTrans gives an element its own transition (SPIN's put_el): a choice or
// compound gets pointers to where its options or body start instead.
func (b *builder) rawTrans(n *node, merging bool) {
	switch n.kind {
	case nUnless:
		return
	case nIf, nDo:
		for _, o := range n.subs {
			if st := b.huntStart(o.first); !isDeadLink(st) {
				n.ptrs = append(n.ptrs, st)
			}
		}
		if len(n.ptrs) == 0 {
			// every option starts with false: the process blocks here
			t := b.newTrans(nil, 0, nil, n.pos)
			g := b.c.gen(b.pt)
			g.op(OpFail)
			t.Code, t.Text = g.code, "if"
			n.raw = t
		}
		return
	case nAtomic, nNonAtomic:
		n.ptrs = []*node{b.huntStart(n.body.first)}
		return
	case nDStep:
		t := b.newTrans(b.hunt(n.next, n.status, nil), n.status&(statAtom|statLast)|statDStep, []lang.Stmt{n.stmt}, n.pos)
		blk := n.stmt.(*lang.Block)
		t.DStep = true
		if first := firstLeaf(blk); first != nil {
			_, t.Recv = first.(*lang.Recv)
		}
		g := b.c.gen(b.pt)
		g.dstep(blk)
		t.Code, t.Text = g.code, "d_step"
		n.raw = t
	case nEnd:
		t := b.newTrans(nil, 0, nil, n.pos)
		t.End = true
		g := b.c.gen(b.pt)
		g.op(OpEndGuard)
		g.op(OpGuardOK)
		g.op(OpEnd)
		t.Code, t.Text = g.code, "-end-"
		n.raw = t
	default:
		n.raw = b.stmtTrans(n, merging)
	}
	if len(n.esc) > 0 && n.kind != nDot {
		for _, z := range n.esc {
			n.escp = append(n.escp, b.hunt(z.first, n.status, nil))
		}
	}
}

// stmtTrans is the transition of a basic statement (or jump element), or
// the merged transition of the chain it starts.
func (b *builder) stmtTrans(n *node, merging bool) *Trans {
	end := n.start
	if end == nil {
		end = n.merge
	}
	if !merging || end == nil {
		t := b.newTrans(b.target(n), n.status&statAtom, b.stmtsOf(n), n.pos)
		g := b.c.gen(b.pt)
		b.guard(g, t, n)
		b.effect(g, n)
		t.Code, t.Text = g.code, b.textOf(n)
		return t
	}
	// A merged chain: the first statement decides; the others follow on the
	// raw path up to the chain's end (SPIN's case_cache).
	t := b.newTrans(end, n.status&statAtom, nil, n.pos)
	g := b.c.gen(b.pt)
	b.guard(g, t, n)
	b.effect(g, n)
	t.Stmts = append(t.Stmts, b.stmtsOf(n)...)
	mark := n.status & statAtom
	text := b.textOf(n)
	for f := n; ; {
		if f.kind == nGoto {
			if g := f.jump; g == end {
				f = g
			} else {
				f = b.hunt(g, f.status, end)
			}
		} else {
			f = f.next
		}
		if f == nil || f == end || f.merge == nil && f.single == nil {
			break
		}
		b.effect(g, f)
		t.Stmts = append(t.Stmts, b.stmtsOf(f)...)
		t.Path = append(t.Path, int32(f.seqno))
		f.onPath = true
		if f.mergeIn == 1 {
			f.absorbed = true
		}
		mark = f.status & (statAtom | statLast)
		if s := b.textOf(f); s != "" && f.kind == nStmt {
			text += "; " + s
		}
	}
	t.Atom = atomFlags(mark)
	t.Code, t.Text = g.code, text
	return t
}

func (b *builder) stmtsOf(n *node) []lang.Stmt {
	if n.kind == nStmt {
		return []lang.Stmt{n.stmt}
	}
	return nil
}

func (b *builder) textOf(n *node) string {
	switch n.kind {
	case nStmt:
		return lang.FormatStmt(n.stmt)
	case nGoto:
		if n.loop != nil {
			return "break"
		}
		return "goto " + n.label
	case nBreak:
		return "break"
	}
	return ".(goto)"
}

// guard emits the test of element n's statement, ending the guard.
func (b *builder) guard(g *gen, t *Trans, n *node) {
	if n.kind == nStmt {
		switch n.stmt.(type) {
		case *lang.Else:
			t.Else = true
		case *lang.Recv:
			t.Recv = true
		}
		g.mark(n.stmt)
		if !g.test(n.stmt) {
			g.op(OpJzFail)
		}
	}
	g.op(OpGuardOK)
}

// effect emits what element n's statement does, then its dead-variable
// resets.
func (b *builder) effect(g *gen, n *node) {
	if n.kind != nStmt {
		return
	}
	g.mark(n.stmt)
	g.effect(n.stmt)
	for _, v := range n.dead {
		g.reset(v)
	}
}

// finalOf is the list of transitions tried at element n: a choice or
// compound offers the first transition of each of its options (nested
// choices spliced in), anything else its own transition.
func (b *builder) finalOf(n *node) []*Trans {
	if n.done {
		return n.final
	}
	n.done = true
	if len(n.ptrs) > 0 {
		n.final = b.flatten(n, nil, 0)
	} else if n.raw != nil {
		n.final = []*Trans{n.raw}
	}
	return n.final
}

func (b *builder) flatten(n *node, out []*Trans, depth int) []*Trans {
	if depth > len(b.nodes) {
		b.c.errorf(n.pos, "confusing control structure (a choice inside itself)")
	}
	for _, p := range n.ptrs {
		if len(p.ptrs) > 0 {
			out = b.flatten(p, out, depth+1)
			continue
		}
		if p.raw == nil {
			continue
		}
		out = append(out, p.raw)
		// pan's imed(): the target of a spliced transition inherits the
		// end, progress and accept marks of the element it was taken from.
		if len(p.labels) > 0 {
			if to := b.nodeOf(p.raw); to != nil {
				b.inherit[to] = append(b.inherit[to], p)
			}
		}
	}
	return out
}

// escapes puts unless escapes in front of the lists, as pan's retrans
// does: elements in number order, each escape's transitions prepended one
// by one, and a transition already in the list not added again.
func (b *builder) escapes() {
	for _, n := range b.nodes {
		orig := b.finalOf(n)
		list := orig
		for _, t0 := range orig {
			from := b.origin(t0)
			for k := len(from.escp) - 1; k >= 0; k-- {
				p := from.escp[k]
				for _, t1 := range b.finalOf(p) {
					if hasTrans(list, t1) {
						continue
					}
					c := b.copyTrans(t1)
					c.EscOrg = p.seqno
					c.Escape = true
					list = append([]*Trans{c}, list...)
				}
			}
		}
		n.final = list
	}
}

// origin returns the element whose own transition t is (or copies).
func (b *builder) origin(t *Trans) *node {
	if t.Orig != nil {
		t = t.Orig
	}
	return b.rawOwner[t]
}

func hasTrans(list []*Trans, t *Trans) bool {
	id := t
	if t.Orig != nil {
		id = t.Orig
	}
	for _, x := range list {
		if x == id || x.Orig == id {
			return true
		}
	}
	return false
}

// checkElses refuses what pan refuses at start-up: a pc with two else
// transitions.
func (b *builder) checkElses(pc *PC, n *node) {
	elses := 0
	for _, t := range pc.Trans {
		if t.Else {
			elses++
		}
	}
	if elses > 1 {
		b.c.errorf(n.pos, "this choice inherits %d else statements (SPIN refuses it too)", elses)
	}
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

// SelfLoop returns a transition of a process (not of a never claim)
// whose text is "(1)" (skip, true, 1) from a pc back to itself, nil if
// there is none: a loop that may run forever doing nothing, which pan's
// verifier refuses at start-up (its settable); the simulators run it.
func (m *Model) SelfLoop() *Trans {
	for _, pt := range m.Types {
		if pt.Proc.Kind == lang.KindNever {
			continue
		}
		for i, pc := range pt.PCs {
			for _, t := range pc.Trans {
				if t.Dst == i && pt.Elements[t.Elem-1].Text == "(1)" {
					return t
				}
			}
		}
	}
	return nil
}
