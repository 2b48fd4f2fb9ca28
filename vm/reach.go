package vm

import (
	"fmt"
	"strings"

	"gmc/lang"
)

// pan ends a completed search with the statements no execution reached,
// per proctype ("unreached in proctype p"). Which states it lists follows
// from how pan marks states reached: some before the search (pan.t's
// pre-marks), the rest while searching. docs/spin-unreached.md specifies
// it; this file computes the static part and the listing, and the checker
// supplies the states the search reached.

// Element is one of SPIN's elements of a proctype: a pan state, numbered
// as pan numbers them, as the unreached listing needs it.
type Element struct {
	Seqno int
	PC    int      // the element's pc, or -1 if it is none
	Pos   lang.Pos // where pan says it is
	// Texts are the lines pan prints when the element is unreached, one
	// per transition of its list; Cut means a break jump ends the list, so
	// the element is printed (up to it) but not counted.
	Texts []string
	Cut   bool
	// Static: pan marks the element reached before the search starts.
	Static bool
	// Map is pan's mapstate: a choice or compound element counts as
	// reached when this element is (0: none).
	Map int
	// Own is the element's own place (Pos can be its first option's) and
	// Text the text SPIN shows for it.
	Own      lang.Pos
	Text     string
	ValidEnd bool // -end-, or an end label
	Goto     bool // a goto or break jump
	Dot      bool // a '.' node: the exit of an if or an unless, a loop's head
	// Atom: inside an atomic sequence but not its last element, or inside
	// a d_step (SPIN's ATOM or D_ATOM): after a step from here, SPIN's
	// simulator passes the '.' nodes and one goto that follow without
	// steps (silent_moves).
	Atom bool
	// DStep is, for a statement inside a d_step, what SPIN's simulator
	// does after it: [0] after the d_step's first statement, [1] after
	// any other (see DStepAfter).
	DStep [2]DStepAfter
	// DStepLoop: a d_step whose body starts with a loop, which SPIN's
	// simulator enters with a step of its own (the loop's head; a d_step's
	// steps are not shown, but they count), as Enter says of a block.
	DStepLoop bool
	// Enter is the text of the step SPIN's simulator takes to enter this
	// element, an atomic sequence or a block ("ATOMIC", "sub-sequence"),
	// when its body starts with a loop (through nested blocks): the
	// loop's head, a '.' node, is then a step of its own, shown with the
	// element's text, that leaves the process at the loop inside. Empty
	// for every other element (and a d_step, whose steps are not shown).
	Enter string
	// EnterLoop is, with Enter, the element of the loop inside, where
	// the process stands after that step (a final listing shows it there).
	EnterLoop int
	// SilentTo is where SPIN's simulator's silent moves lead from here
	// (silent_moves: past '.' nodes, into blocks and an unless's body,
	// through one goto): where a process that stands here after a step
	// from inside an atomic sequence is shown by a final listing.
	SilentTo int
	// LoopOptions are, for an if or a do, its options that start with a
	// loop (directly or through blocks): SPIN's simulator takes such an
	// option's first element, the loop's head, a '.' node, as a step of
	// its own, possible whatever the loop's guards, shown with the
	// choice's text ("IF", "DO"), that leaves the process at the loop.
	// pan passes the head: the element's list holds the loop's
	// transitions among the other options'.
	LoopOptions []LoopOption
	// Global is the flag pan gives the element's transition: it touches
	// something other processes see (G in pan -d), or not (L). Only the
	// dump shows it.
	Global bool
	// ID is pan's transition id (t_id) of the element's transition: SPIN
	// numbers elements model-wide as it makes them (see panIDs).
	ID int
}

// LoopOption is an option of an if or do that starts with a loop
// (Element.LoopOptions).
type LoopOption struct {
	Text string // the step's text: "IF" or "DO"
	// Atom: the loop is inside an atomic sequence the option enters, so
	// that the process keeps running after the step
	Atom bool
	// Loop is the loop's element, where the process stands after the step
	Loop int
	// Trans are the loop's transitions, those of the choice's list that
	// the option leads to
	Trans []*Trans
}

// DStepAfter is what SPIN's simulator does after a statement inside a
// d_step. It runs a d_step step by step, as an atomic sequence, where gmc
// runs one transition; the steps count (-u, step numbers), and only the
// one that leaves the d_step is shown.
type DStepAfter struct {
	// Hops are the jump elements it steps through after the statement:
	// after the d_step's first statement the jump that follows it,
	// then, as after any other, those that the '.' nodes and the one goto
	// it passes silently (silent_moves) lead to: a loop's exit, a loop
	// head a goto lands on.
	Hops []int32
	// Leaves: the last of these steps (or the statement, with none) leads
	// out of the d_step before any silent move: its line is the one
	// shown. (A step that leads to a '.' inside, which leads out, leaves
	// the d_step unshown.)
	Leaves bool
}

// UnreachedLine is one line of an unreached listing.
type UnreachedLine struct {
	Pos   lang.Pos
	Seqno int
	Text  string
}

// Unreached lists the elements of pt that neither pan's static marks nor
// the search reached. reached is indexed by element number (Seqno) and
// holds the marks of the search (NewReached makes one). It returns the
// lines and the "(k of n states)" figures.
func (pt *ProcType) Unreached(reached []bool) (lines []UnreachedLine, k, n int) {
	n = len(pt.Elements)
	marked := func(seqno int) bool { return pt.Elements[seqno-1].Static || reached[seqno] }
	for _, e := range pt.Elements {
		if marked(e.Seqno) || e.Map != 0 && marked(e.Map) || len(e.Texts) == 0 {
			continue
		}
		for _, text := range e.Texts {
			lines = append(lines, UnreachedLine{Pos: e.Pos, Seqno: e.Seqno, Text: text})
		}
		if !e.Cut {
			k++
		}
	}
	return lines, k, n
}

// NewReached returns an empty set of reached elements for pt, marked by
// MarkStart, MarkStep and MarkFired.
func (pt *ProcType) NewReached() []bool {
	return make([]bool, len(pt.Elements)+1)
}

// MarkStart marks the start of a new process of pt (pan's addproc).
func (pt *ProcType) MarkStart(reached []bool) {
	reached[pt.PCs[pt.Start].Seqno] = true
}

// MarkStep marks the source and target of transition t, taken from pc
// (pan's new_state, after the step).
func (pt *ProcType) MarkStep(reached []bool, pc int, t *Trans) {
	reached[pt.PCs[pc].Seqno] = true
	if t.Dst >= 0 {
		reached[pt.PCs[t.Dst].Seqno] = true
	}
}

// MarkFired marks the elements a merged chain passes through when it runs
// (the reached[] lines of pan's case code).
func MarkFired(reached []bool, t *Trans) {
	for _, s := range t.Path {
		reached[s] = true
	}
}

// elements builds pt.Elements from the builder's elements and
// transitions, after pan's retrans.
func (b *builder) elements() {
	static := make([]bool, len(b.nodes)+1)
	mark := func(n *node) {
		if n != nil {
			static[n.seqno] = true
		}
	}
	for _, n := range b.nodes {
		switch n.kind {
		case nIf, nDo:
			for _, o := range n.subs {
				mark(o.first) // put_seq: every option's first element
			}
		case nAtomic, nNonAtomic:
			mark(n.body.first) // put_sub: the body's first element
		case nBreak:
			mark(n) // generic elements: break nodes, unmerged jumps
		case nDot, nGoto:
			if n.merge == nil {
				mark(n)
			}
		case nStmt:
			if isElse(n) || isTrue(n) && n.start == nil {
				mark(n)
			}
		}
		if n.onPath && (n.kind == nDot || n.kind == nGoto) {
			mark(n) // a jump absorbed by a merged chain (6.5.2)
		}
		if b.generated(n) {
			// pan.t's "m:" pre-mark: the element after a chain's first.
			if end := n.chainEnd(); end != nil {
				if a := b.target(n); a != end {
					mark(a)
				}
			}
			for _, z := range n.escp {
				mark(z) // put_escp: where each escape starts
			}
		}
		if len(n.ptrs) > 0 {
			for _, p := range b.leaves(n, nil, 0) {
				mark(p) // retrans: every option start copied into a list
			}
		}
	}

	glob := b.panGlobals()
	b.pt.Elements = make([]Element, len(b.nodes))
	for i, n := range b.nodes {
		e := Element{Seqno: n.seqno, PC: n.pc, Pos: n.pos, Static: static[n.seqno], Text: b.panText(n), Global: glob[n.seqno]}
		if n.kind == nEnd && b.pt.Proc.Body.End.Line > 0 {
			e.Pos = b.pt.Proc.Body.End // pan puts -end- at the closing brace
		}
		e.Own = e.Pos
		if blk, ok := n.stmt.(*lang.Block); ok && blk.Kind == lang.BlockInline && blk.Brace.Line > 0 {
			e.Own = blk.Brace // (where SPIN's simulator shows an inline's block)
		}
		e.Goto = n.kind == nGoto
		e.Dot = n.kind == nDot
		e.Atom = n.status&(statAtom|statDStep) != 0
		e.SilentTo = b.silentTo(n).seqno
		if e.Enter = enterText(n); e.Enter != "" {
			e.EnterLoop = loopAt(n).seqno
		}
		e.LoopOptions = b.loopOptions(n)
		e.DStepLoop = n.kind == nDStep && loopFirst(n)
		if n.status&statDStep != 0 && n.kind == nStmt {
			e.DStep = [2]DStepAfter{b.dstepAfter(n, true), b.dstepAfter(n, false)}
		}
		e.ValidEnd = n.kind == nEnd
		for _, l := range n.labels {
			e.ValidEnd = e.ValidEnd || strings.HasPrefix(l, "end")
		}
		if len(n.ptrs) > 0 {
			if leaves := b.leaves(n, nil, 0); len(leaves) > 0 {
				e.Pos = leaves[0].pos
				if to := b.nodeOf(leaves[len(leaves)-1].raw); to != nil {
					e.Map = to.seqno
				}
			}
		}
		if n.status&statDStep == 0 || n.kind == nDStep {
			// A jump cuts the list: what came before it is printed, and
			// the element is not counted (a cut at the first line prints
			// nothing at all).
			for _, t := range b.finalOf(n) {
				text := b.panText(b.origin(t))
				if text == ".(goto)" || strings.HasPrefix(text, "goto :") {
					e.Cut = true
					break
				}
				e.Texts = append(e.Texts, text)
			}
		}
		b.pt.Elements[i] = e
	}
	for _, pc := range b.pt.PCs {
		pc.Seqno = b.pcNodes[pc.N].seqno
	}
	b.pt.StmtElem = map[lang.Stmt]int{}
	for _, n := range b.nodes {
		if n.kind == nStmt {
			b.pt.StmtElem[n.stmt] = n.seqno
		}
		if t := n.raw; t != nil {
			t.Elem = n.seqno
			t.Hops = b.hops(n)
			if t.Recv {
				t.RecvHops = b.recvHops(n)
			}
		}
	}
	for _, t := range b.pt.Trans {
		if t.Orig != nil {
			t.Elem, t.Hops, t.RecvHops = t.Orig.Elem, t.Orig.Hops, t.Orig.RecvHops
		}
	}
}

// hops lists the jump elements SPIN's simulator steps through after
// element n: '.' nodes and break nodes one by one, up to a goto, which
// leads (hunting) to its label without further steps. A goto element
// itself has none: it is the jump.
func (b *builder) hops(n *node) []int32 {
	if n.kind == nGoto || n.kind == nEnd {
		return nil
	}
	var out []int32
	for f := n.next; f != nil && f.pc < 0 && len(out) <= len(b.nodes); f = f.next {
		// (a jump that is a pc is a transition of its own)
		switch f.kind {
		case nDot, nBreak:
			out = append(out, int32(f.seqno))
			continue
		case nGoto:
			out = append(out, int32(f.seqno))
		}
		break
	}
	return out
}

// dstepAfter is Element.DStep of statement n inside a d_step, after the
// d_step's first statement (first) or another.
func (b *builder) dstepAfter(n *node, first bool) DStepAfter {
	in := func(f *node) bool { return f != nil && f.status&statDStep != 0 && f.kind != nDStep }
	jump := func(f *node) bool { return f.kind == nDot || f.kind == nBreak || f.kind == nGoto }
	var a DStepAfter
	step := func(f *node) *node { // a jump element as a step: where it leads
		a.Hops = append(a.Hops, int32(f.seqno))
		if f.kind == nGoto {
			return b.hunt(f.jump, f.status, nil)
		}
		return f.next
	}
	last := n.next // where the last step leads
	if first && in(last) && jump(last) {
		last = step(last)
	}
	for i := 0; in(last) && i <= len(b.nodes); i++ {
		f := b.silentMoves(last, in)
		if !in(f) || !jump(f) {
			break
		}
		last = step(f)
		if f.kind == nGoto {
			break // (it hunted its way to a statement)
		}
	}
	a.Leaves = !in(last)
	return a
}

// silentMoves is where SPIN's simulator's silent moves lead from f: past
// the '.' nodes and one goto, among the elements pass admits.
func (b *builder) silentMoves(f *node, pass func(*node) bool) *node {
	for i := 0; f != nil && pass(f) && f.kind == nDot && i <= len(b.nodes); i++ {
		f = f.next
	}
	if f != nil && pass(f) && f.kind == nGoto {
		f = f.jump
	}
	return f
}

// silentTo is Element.SilentTo of n.
func (b *builder) silentTo(n *node) *node {
	for i := 0; i <= len(b.nodes); i++ {
		switch {
		case n.kind == nGoto && n.jump != nil:
			return n.jump
		case n.kind == nUnless:
			n = n.subs[0].first
		case (n.kind == nAtomic || n.kind == nNonAtomic || n.kind == nDStep) && n.body != nil:
			n = n.body.first
		case n.kind == nDot && n.next != nil:
			n = n.next
		default:
			return n
		}
	}
	return n
}

// enterText is Element.Enter of n.
func enterText(n *node) string {
	switch {
	case !loopFirst(n):
		return ""
	case n.kind == nAtomic:
		return "ATOMIC"
	case n.kind == nNonAtomic:
		return "sub-sequence"
	}
	return ""
}

// loopOptions is Element.LoopOptions of n.
func (b *builder) loopOptions(n *node) []LoopOption {
	if n.kind != nIf && n.kind != nDo {
		return nil
	}
	text := "IF"
	if n.kind == nDo {
		text = "DO"
	}
	var out []LoopOption
	for _, o := range n.subs {
		if o.first == nil || o.first.kind == nDStep {
			continue // (a d_step is one step, its inside not shown)
		}
		if loop := loopAt(o.first); loop != nil {
			out = append(out, LoopOption{Text: text, Atom: loop.status&statAtom != 0, Loop: loop.seqno, Trans: b.finalOf(b.huntStart(o.first))})
		}
	}
	return out
}

// loopAt returns the loop a sequence starting with f starts with, through
// blocks ({ }, atomic, d_step): f is, or the block's first element is,
// the loop's head, a '.' before it. Nil if it does not start with a loop.
func loopAt(f *node) *node {
	for f != nil && (f.kind == nAtomic || f.kind == nNonAtomic || f.kind == nDStep) && f.body != nil {
		f = f.body.first
	}
	if f == nil || f.kind != nDot {
		return nil
	}
	return f.next
}

// loopFirst reports whether n is a block (atomic, d_step, { }) whose body
// starts, through nested blocks, with a loop's head.
func loopFirst(n *node) bool {
	switch n.kind {
	case nAtomic, nNonAtomic, nDStep:
		return loopAt(n) != nil
	}
	return false
}

// recvHops lists the jump elements SPIN's simulator steps through after
// element n when n's receive completes a rendezvous: there it passes the
// '.' nodes after n and one goto without steps (silent_moves, which
// follows a goto once and stops at anything else), and steps from where
// that leaves it: a jump element there is a step, and so are the hops
// after it.
func (b *builder) recvHops(n *node) []int32 {
	if n.kind == nGoto || n.kind == nEnd {
		return nil
	}
	// (A jump that is a pc is a transition of its own, which the
	// simulator passes or steps as the silent moves say.)
	f := b.silentMoves(n.next, func(f *node) bool { return f.pc < 0 })
	if f == nil || f.pc >= 0 {
		return nil
	}
	switch f.kind {
	case nDot, nBreak, nGoto:
		return append([]int32{int32(f.seqno)}, b.hops(f)...)
	}
	return nil
}

// leaves returns the elements whose transitions make up the list of a
// choice or compound n (pan's retrans pointers, nested choices spliced).
func (b *builder) leaves(n *node, out []*node, depth int) []*node {
	if depth > len(b.nodes) {
		return out
	}
	for _, p := range n.ptrs {
		switch {
		case len(p.ptrs) > 0:
			out = b.leaves(p, out, depth+1)
		case p.raw != nil:
			out = append(out, p)
		}
	}
	return out
}

// generated reports whether pan generates n's own transition (rather than
// none, or a dummy for an element a merged chain absorbed).
func (b *builder) generated(n *node) bool {
	switch n.kind {
	case nUnless, nIf, nDo, nAtomic, nNonAtomic, nDStep:
		return false
	case nDot, nGoto:
		return n.status&statDStep == 0
	}
	if n.status&statDStep != 0 {
		return false
	}
	return !b.c.m.Merge || n.mergeIn > 0 && !n.absorbed
}

// chainEnd is where the merged chain that n starts ends (nil: none).
func (n *node) chainEnd() *node {
	if n.start != nil {
		return n.start
	}
	return n.merge
}

func isElse(n *node) bool {
	_, ok := n.stmt.(*lang.Else)
	return ok
}

// isTrue reports whether n is a condition that is the constant 1 (skip,
// true, 1).
func isTrue(n *node) bool {
	e, ok := n.stmt.(*lang.ExprStmt)
	if !ok {
		return false
	}
	k, ok := e.X.(*lang.Const)
	return ok && k.Val == 1
}

// panText is the text pan gives element n's transition.
func (b *builder) panText(n *node) string {
	if n == nil {
		return ""
	}
	switch n.kind {
	case nStmt:
		return b.c.m.Spec.SpinText(n.stmt)
	case nGoto:
		if n.loop != nil {
			return fmt.Sprintf("goto :b%d", n.loop.n)
		}
		return "goto " + n.label
	case nBreak:
		return "break"
	case nEnd:
		return "-end-"
	case nDStep:
		return fmt.Sprintf("D_STEP%d", n.pos.Line)
	case nIf, nDo:
		return "IF"
	}
	return ".(goto)"
}
