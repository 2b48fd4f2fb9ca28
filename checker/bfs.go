package checker

import (
	"errors"
	"time"
	"unsafe"

	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

// BFS explores the state space of m breadth-first, as pan built with
// -DBFS does (its bfs(), docs/references.md#spin-bfs), and counts as it
// counts: the first error found is one a shortest path reaches.
//
// Its rules are pan's, which are not those of its depth-first search:
// every state a move reaches is stored when it is generated, those inside
// an atomic sequence and the intermediate state of a rendezvous (the
// offer, waiting for its receive) included; a state reached by a move
// inside an atomic sequence is expanded with its process alone (an atomic
// step), and all the processes when that one cannot move; the timeout
// pass follows any pass in which nothing moved; a rendezvous offer that
// no receive takes is a failed rendezvous, and when the state that made it
// was inside an atomic sequence, that state is queued again to be
// expanded without exclusivity. The depth bound cuts off the states at
// depth -m, which were stored and count as matched too.
type BFS struct {
	m       *vm.Model
	opts    Options
	store   store.Store
	vm      *vm.Machine
	res     *Result
	nodes   []bfsNode  // every state queued, for its trail and pan's marks
	queue   []bfsEntry // the states to expand, in order
	head    int        // the next entry of queue
	queued  int64      // the bytes the queue's states hold
	start   time.Time
	lastLog time.Time

	// Partial-order reduction (Options.Reduce): a process explored
	// alone keeps the reduction when one of its moves reached a state
	// not yet expanded (pan's tau&64 in bfs: a new state, or one still
	// in the queue). A store with payloads marks the queued states in a
	// byte of theirs (marks; lastRef is the state looked up last, pan's
	// Lstate); a filter counts the vectors queued (inQueue).
	reduce  bool
	marks   store.Payloads
	lastRef uint64
	inQueue map[string]int32
	good    bool
}

// bfsNode is a state the search queued: how it was reached (pan's Trail
// frame, which it keeps for the trail and its rendezvous marks).
type bfsNode struct {
	parent   int32 // the node it was reached from (-1: the initial state)
	pid      int16 // the process that moved into it
	proctype int16
	trans    int32 // the transition (its ID in proctype)
	depth    int32
	atomic   bool  // reached by a move inside an atomic sequence (pan's tau&8)
	marks    uint8 // pan's o_pm: a rendezvous from it succeeded (4); queued again after one failed (8)
}

// bfsEntry is a state waiting in the queue.
type bfsEntry struct {
	node  int32
	state *vm.State
	// A rendezvous offer: its channel and sender, and the state before
	// the offer (pan's x, queued again when the offer fails).
	pending, sender int32
	before          *vm.State
	// mark is the payload whose queued mark the entry clears when it
	// is expanded (0: none). pan clears its Lstate of the time it
	// queued the entry: the entry's own state, or for a state queued
	// again after a failed rendezvous, the last state looked up.
	mark uint64
}

// Marks of bfsNode.marks, as pan names them in o_pm.
const (
	bfsRendezvousDone = 4
	bfsRequeued       = 8
)

// BreadthStats are the counts a breadth-first search reports besides
// Stats, as pan -DBFS prints them.
type BreadthStats struct {
	// Nominal is the states stored less the intermediate states of
	// atomic sequences and rendezvous (pan's "nominal states").
	Nominal int64
	// Rendezvous counts the rendezvous offers that a receive took (pan's
	// "rvs succeeded"); HasRendezvous says whether the model has
	// rendezvous channels (pan prints the line then).
	Rendezvous    int64
	HasRendezvous bool
}

// NewBFS prepares a breadth-first search of m.
func NewBFS(m *vm.Model, opts Options) *BFS {
	opts.MaxDepth = opts.Depth()
	st := opts.Store
	if st == nil {
		st = store.NewExact()
	}
	b := &BFS{m: m, opts: opts, store: st, vm: vm.NewMachine(m)}
	if opts.Reduce && m.NoReduce == "" {
		b.reduce = true
		if p, ok := st.(store.Payloads); ok && st.Len() == 0 {
			p.SetPayload(1)
			b.marks = p
		} else {
			b.inQueue = map[string]int32{}
		}
	}
	return b
}

// Run searches the state space and returns the result. A never claim,
// a cycle search, a search script and a state cache are the depth-first
// search's only.
func (b *BFS) Run() (*Result, error) {
	switch {
	case b.m.Claim != nil || b.opts.Cycles != NoCycles:
		return nil, errors.New("the breadth-first search checks safety properties without a never claim")
	case b.opts.Recorder != nil || b.opts.Follower != nil || b.opts.Start != nil:
		return nil, errors.New("search scripts are the depth-first search's")
	case b.opts.Iterative != NotIterative || b.opts.Reach:
		// (pan -DBFS ignores -i: its first error is a shortest one)
		return nil, errors.New("-i and -I are the depth-first search's: the breadth-first search finds a shortest error first")
	}
	if _, ok := b.store.(*store.Cache); ok {
		return nil, errors.New("a state cache needs the depth-first search's stack")
	}
	s0, err := b.m.InitialState()
	if err != nil {
		return nil, err
	}
	res := &Result{Breadth: &BreadthStats{}}
	res.Reduced = b.reduce
	b.res = res
	res.Reached = make([][]bool, b.m.NumIDs())
	for _, pt := range b.m.Units {
		res.Reached[pt.ID] = pt.NewReached()
	}
	for _, ct := range b.m.Chans {
		res.Breadth.HasRendezvous = res.Breadth.HasRendezvous || ct.Cap == 0
	}
	markStarts(b.m, res.Reached, s0, 0)
	markTrace(b.m, res, b.vm)
	if b.opts.Observer != nil {
		b.vm.Cond = b.opts.Observer.Condition
	}
	b.start = time.Now()
	var midrv, failedrv, revrv int64
	func() {
		defer func() { unwound(recover(), b.res) }()
		if !b.insert(s0) {
			return
		}
		b.push(bfsNode{parent: -1, pid: -1}, s0.Clone(), 0, -1, nil, b.lastRef, true)
		for b.head < len(b.queue) {
			e := b.pop()
			n := b.nodes[e.node]
			if n.marks&bfsRendezvousDone != 0 {
				continue // queued again after a failed rendezvous, but one succeeded since
			}
			atomic := n.atomic && e.pending == 0
			if n.marks == bfsRequeued {
				revrv++
				atomic = false // the failed rendezvous breaks the atomic sequence
			}
			depth := int(n.depth)
			if depth > res.DepthReached {
				res.DepthReached = depth
			}
			if depth >= b.opts.MaxDepth {
				if e.pending != 0 && n.parent >= 0 {
					b.nodes[n.parent].marks |= bfsRendezvousDone // not a failure
				}
				res.Matched++
				res.DepthLimited = true
				continue
			}
			var pass vm.Pass
			switch {
			case e.pending != 0:
				pass.Set(-1, int(e.pending), int(e.sender))
			case atomic:
				pass.Set(int(n.pid), 0, -1)
				res.AtomicSteps++
			default:
				pass.Set(-1, 0, -1)
			}
			if b.expand(e, &pass, &midrv) {
				continue
			}
			switch {
			case e.pending != 0:
				failedrv++
				if n.parent >= 0 && b.nodes[n.parent].atomic {
					x := &b.nodes[n.parent]
					x.marks |= bfsRequeued
					b.push(*x, e.before, 0, -1, nil, b.lastRef, false)
				}
			case e.state.NrProcs() > 0 && !b.opts.NoEnds && !b.m.EndState(e.state, b.opts.StrictEnd):
				b.report(&Error{Kind: InvalidEndState, Msg: "invalid end state", Depth: depth}, e.node, nil)
			}
		}
		res.Stop = search.Stop{Reason: search.Complete}
		if res.DepthLimited {
			res.Stop = search.Stop{Reason: search.DepthBound}
		}
	}()
	res.Elapsed = time.Since(b.start)
	res.Transitions = res.Stored + res.Matched
	res.Breadth.Nominal = res.Stored - midrv - res.AtomicSteps + revrv
	if !res.Breadth.HasRendezvous {
		res.Breadth.Nominal = res.Stored - res.AtomicSteps
	}
	res.Breadth.Rendezvous = midrv - failedrv
	res.Memory = b.memory()
	res.Memory.Heap = HeapInUse()
	if b.opts.Observer != nil {
		b.opts.Observer.Finished(res)
	}
	return res, nil
}

// expand makes the passes over the processes of the entry's state that
// pan makes (vm.Pass: the atomic owner alone, then everyone, then the
// timeout pass; a rendezvous offer's receives only), queueing every new
// state a move reaches, and reports whether something moved.
//
// Reducing, it first tries the processes pan's bfs preselects, one at a
// time from the highest pid down (firstSafe, with one process too,
// unlike the depth-first search): the first whose moves reach a state
// not yet expanded is explored alone. When none is, every process
// moves, those tried included: their moves are made, and counted,
// again.
func (b *BFS) expand(e bfsEntry, pass *vm.Pass, midrv *int64) bool {
	s, res, machine := e.state, b.res, b.vm
	depth := int(b.nodes[e.node].depth)
	presel := -1
	if b.reduce && e.pending == 0 && pass.Owner() < 0 {
		// (pan also skips it for a state queued again after a failed
		// rendezvous that was preselected, nps; but it queues a state
		// again only when it was inside an atomic sequence)
		presel = firstSafe(b.m, s, s.NrProcs()-1, 0, 0, false, false)
	}
	for {
		if presel >= 0 {
			pass.BeginOnly(s, presel)
			b.good = false
		} else {
			pass.Begin(s)
		}
		for {
			pid, t, ok := pass.Next(machine, s)
			if t == nil {
				break
			}
			if !ok {
				b.errors(machine, depth, e.node, nil)
				continue
			}
			proctype := pass.ProcTypeID()
			next := s.Clone()
			done := machine.Effect(next, t)
			// pan's bfs: a move is a move when it executes, a
			// rendezvous offer included
			pass.Took()
			pt, pc, _ := pass.Last(b.m)
			vm.MarkFired(res.Reached[proctype], t)
			pt.MarkStep(res.Reached[proctype], pc, t)
			if next.NrProcs() > s.NrProcs() {
				markStarts(b.m, res.Reached, next, s.NrProcs())
			}
			if b.opts.Observer != nil {
				b.opts.Observer.Executed(pt, t)
			}
			step := &trail.Step{Pid: pid, Trans: t}
			if len(machine.Errors) > 0 {
				b.errors(machine, depth, e.node, step)
			}
			if !done {
				continue
			}
			if !b.insert(next) {
				continue
			}
			offer := machine.Rendezvous
			switch {
			case offer != 0:
				*midrv++
			case e.pending != 0:
				if p := b.nodes[e.node].parent; p >= 0 {
					b.nodes[p].marks |= bfsRendezvousDone
				}
			}
			n := bfsNode{parent: e.node, pid: int16(pid), proctype: int16(proctype), trans: int32(t.ID),
				depth: int32(depth + 1), atomic: offer == 0 && t.Atom&vm.Atomic != 0}
			var before *vm.State
			if offer != 0 {
				before = s
			}
			b.push(n, next, int32(offer), int32(pid), before, b.lastRef, true)
		}
		if presel >= 0 {
			if b.good {
				return true
			}
			presel = firstSafe(b.m, s, presel-1, 0, 0, false, false)
			continue
		}
		if pass.Moved() {
			return true
		}
		// Nothing moved: an atomic sequence loses exclusivity, then the
		// timeout pass (pan's bfs makes it whether or not a process
		// reads timeout); an offer is taken at once or fails.
		if e.pending != 0 || s.NrProcs() == 0 || !pass.Retry() {
			return false
		}
	}
}

// errors records the errors the machine raised in a move of the state
// of node (the step, nil for a guard's): counted ones, then a fatal one,
// which stops the search.
func (b *BFS) errors(machine *vm.Machine, depth int, node int32, step *trail.Step) {
	for _, e := range machine.Errors {
		if !e.Fatal && !(e.Assert && b.opts.NoAsserts) {
			err := stepError(e, depth)
			err.Depth = depth // a trace assertion's too: pan's bfs names the expanded state's depth
			err.Guard = step == nil
			b.report(err, node, step)
		}
	}
	for _, e := range machine.Errors {
		if e.Fatal {
			err := machineError(RuntimeFailure, e, depth)
			err.Guard = step == nil
			b.report(err, node, step)
			b.stop(search.Stop{Reason: search.RuntimeError, Detail: e.Msg})
		}
	}
}

// report counts an error found at node's state and keeps it with its
// trail: the path to the state, and the step that failed.
func (b *BFS) report(e *Error, node int32, step *trail.Step) {
	path := func() []trail.Step {
		p := b.path(node)
		if step != nil {
			p = append(p, *step)
		}
		return p
	}
	if b.res.record(e, &b.opts, path) {
		b.stop(search.Stop{Reason: search.ErrorLimit})
	}
}

// path is the steps from the initial state to node's state.
func (b *BFS) path(node int32) []trail.Step {
	var rev []trail.Step
	for n := node; n >= 0 && b.nodes[n].parent >= 0; n = b.nodes[n].parent {
		x := b.nodes[n]
		rev = append(rev, trail.Step{Pid: int(x.pid), Trans: b.m.Types[x.proctype].Trans[x.trans]})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// insert stores s and reports whether it is new: the whole vector, as
// pan's bfs stores it (a rendezvous channel's message included, which its
// depth-first search masks out).
func (b *BFS) insert(s *vm.State) bool {
	res := b.res
	v := b.m.Vector(s)
	var isNew bool
	if b.marks != nil {
		b.lastRef, isNew = b.marks.Put(v)
	} else {
		isNew = b.store.Insert(v)
	}
	if !isNew {
		res.Matched++
		if b.reduce {
			switch {
			case b.marks != nil:
				b.good = b.good || b.marks.Payload(b.lastRef)[0] != 0
			default:
				b.good = b.good || b.inQueue[string(v)] > 0
			}
		}
		return false
	}
	b.good = true
	res.Stored++
	if len(v) > res.MaxVector {
		res.MaxVector = len(v)
	}
	if res.Stored&1023 == 0 {
		b.checkBounds()
	}
	if res.Stored == b.opts.MaxStates {
		b.stop(search.Stopped(search.StateBound, b.opts.Budget))
	}
	return true
}

// push queues a node's state; mark is the payload the entry clears when
// it is expanded (bfsEntry.mark), and marks as queued when the state is
// new (fresh), as pan's h_store tags a new state only.
func (b *BFS) push(n bfsNode, s *vm.State, pending, sender int32, before *vm.State, mark uint64, fresh bool) {
	if len(b.nodes) == 1<<31-1 {
		b.stop(search.Stop{Reason: search.StateBound, Detail: "more than 2^31 states queued"})
	}
	b.nodes = append(b.nodes, n)
	e := bfsEntry{node: int32(len(b.nodes) - 1), state: s, pending: pending, sender: sender, before: before}
	switch {
	case b.marks != nil:
		e.mark = mark
		if fresh {
			b.marks.Payload(mark)[0] = 1
		}
	case b.inQueue != nil:
		// (pan -DBITSTATE compares the state with every vector queued,
		// a state queued again included)
		b.inQueue[string(b.m.Vector(s))]++
	}
	b.queue = append(b.queue, e)
	b.queued += int64(len(s.Buf))
}

// pop takes the next entry of the queue, dropping the expanded ones from
// its front now and then.
func (b *BFS) pop() bfsEntry {
	e := b.queue[b.head]
	b.queue[b.head] = bfsEntry{}
	b.head++
	switch {
	case b.marks != nil:
		b.marks.Payload(e.mark)[0] = 0
	case b.inQueue != nil:
		key := string(b.m.Vector(e.state))
		if b.inQueue[key]--; b.inQueue[key] == 0 {
			delete(b.inQueue, key)
		}
	}
	b.queued -= int64(len(e.state.Buf))
	if b.head >= 1024 && b.head*2 >= len(b.queue) {
		b.queue = append(b.queue[:0], b.queue[b.head:]...)
		b.head = 0
	}
	return e
}

// stop records why the search stops and unwinds it.
func (b *BFS) stop(st search.Stop) {
	b.res.Stop = st
	panic(errStop)
}

// checkBounds stops the search at the memory bound, the time limit or an
// interrupt, and reports its progress.
func (b *BFS) checkBounds() {
	m := b.memory()
	if b.opts.MaxMemory > 0 && m.Vectors+m.Table+m.Stack > b.opts.MaxMemory {
		b.stop(search.Stopped(search.MemoryBound, b.opts.Budget))
	}
	if b.opts.Progress != nil {
		every := b.opts.ProgressEvery
		if every <= 0 {
			every = time.Second / 4
		}
		if now := time.Now(); now.Sub(b.lastLog) >= every {
			b.lastLog = now
			depth := 0
			if b.head < len(b.queue) {
				depth = int(b.nodes[b.queue[b.head].node].depth)
			}
			b.opts.Progress(Progress{Stored: b.res.Stored, Transitions: b.res.Stored + b.res.Matched, Depth: depth,
				MaxDepth: b.res.DepthReached, Elapsed: now.Sub(b.start), Memory: m.Vectors + m.Table + m.Stack})
		}
	}
	if b.opts.Time > 0 && time.Since(b.start) > b.opts.Time {
		b.stop(search.Stopped(search.TimeLimit, b.opts.Budget))
	}
	if b.opts.Interrupted() {
		b.stop(search.Stop{Reason: search.Interrupted})
	}
}

// memory is what the store, the queue and the nodes use now (Stack holds
// the last two: a breadth-first search has no stack).
func (b *BFS) memory() Memory {
	vectors, table := b.store.Bytes()
	perEntry := int64(unsafe.Sizeof(bfsEntry{}) + unsafe.Sizeof(vm.State{}))
	queue := int64(cap(b.queue))*perEntry + b.queued
	return Memory{Vectors: vectors, Table: table, Stack: queue + int64(cap(b.nodes))*int64(unsafe.Sizeof(bfsNode{}))}
}
