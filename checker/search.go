package checker

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"
	"unsafe"

	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

// tracker is a store that wants to know how the search uses the states
// it holds: a Cache, which must not evict the states on the search stack
// and whose policies rank the others by what the search saw (see Cache).
type tracker interface {
	Last() int32
	Entered(slot int32, depth int)
	Hit(below, slot int32, depth int)
	Done(slot, below int32)
	OnStack(slot int32) bool
	SeenBefore() bool
	Err() error
}

// numberer is a store that can number its states in the order they are
// first inserted, as a search script names them: store.Exact and
// store.Collapse.
type numberer interface {
	store.Store
	NumberStates()
	LastID() uint32
}

// errStop unwinds the search when it must stop: the panic that carries
// it is recovered in Run, after the stop was recorded in Result.Stop.
var errStop = errors.New("stop")

// unwound ends the unwinding of a search, in its deferred function with
// what recover returned: a stop (errStop, recorded before), or a store
// that cannot hold another state (store.ErrFull), recorded in res as a
// stop of the memory bound; anything else goes on up.
func unwound(r any, res *Result) {
	switch r {
	case nil, errStop:
	case store.ErrFull:
		res.Stop = search.Stop{Reason: search.MemoryBound, Detail: store.ErrFull.Error()}
	default:
		panic(r)
	}
}

// stop records why the search stops and unwinds it.
func (d *DFS) stop(st search.Stop) {
	d.res.Stop = st
	panic(errStop)
}

// DFS explores the state space of m depth-first, as pan does
// (docs/references.md#spin-new-state), with the exact store or the one Options.Store gives.
type DFS struct {
	_          vm.CacheLinePad // (a parallel search's workers: a DFS each)
	m          *vm.Model
	opts       Options
	store      store.Store
	track      tracker // the store, when it is a cache
	vm         *vm.Machine
	res        *Result
	path       stack[pathStep] // the steps from the initial state
	states     stateArena      // the state at each depth
	frames     stack[frame]    // the search stack
	childMoved bool            // what the last popped frame returned
	key        []byte          // the stored form of the state being inserted
	start      time.Time
	// when Progress was last called, and when the estimate in it was
	// last made (it walks the stack)
	lastProgress, lastEstimate time.Time
	estimate                   *StackEstimate
	// numbered is the store when it numbers its states, for a script
	numbered numberer
	// beyond holds the states the depth bound kept the search from (for
	// the exact store only, at most maxBeyond): those it never stored
	// elsewhere bound the coverage.
	beyond *store.Exact
	// reduce: the search reduces by partial order, and must know which
	// stored states are on the search stack (pan's FULLSTACK): their
	// arrivals do not justify a reduction. A store with payloads keeps
	// the mark in a byte of the state's payload (marks; frame.ref finds
	// it again on the way back); a cache knows which of its states are
	// on the stack (tracker.OnStack); a filter or a script followed keep
	// the keys apart, in onStack.
	reduce  bool
	marks   store.Payloads
	onStack map[string]struct{}
	// reach: the search explores a state again when it reaches it at a
	// smaller depth (Options.Reach, pan's -DREACH); the payload keeps the
	// depth after the mark. lstate is the payload of the last state pan's
	// h_store returned as new or on the stack (its Lstate): a state
	// explored again takes it for its own, and clears its mark on the way
	// back (pan's onstack_put and onstack_zap), as pan does.
	reach  bool
	lstate uint64
	// lowered: an iterative search lowered its depth bound at an error.
	lowered bool
	// sampler tells the sample of the states stored (Result.Sample) of
	// the search's arrivals
	sampler
	// drawn, instead of sample, is the sample of a search whose store
	// keeps every state it stored, drawn from the store when it is read
	// (sample.Deferred): a complete search's sample nobody reads
	drawn *sample.Sample
	// direct: a move to a state the store holds is counted without a
	// frame of its own (DFS.step): nothing watches the search's frames
	// one by one (no script, cache or -DREACH)
	direct bool
	// moves counts the moves tried, so that bounds are checked (time,
	// Ctrl-C, progress) in a search that stores few states for its
	// moves (boundsEvery)
	moves uint32
	// hashed is the store (or a parallel worker's view of it) when its
	// lookups can be split (store.Exact, store.HashCompact, a
	// store.Table's view) and the direct moves are taken alone (no
	// observer); hstore is the store then (one core). ahead: the store
	// has grown large (aheadFrom), and the search computes a frame's
	// next move ahead while the slot of the one before comes in
	// (DFS.takeDirect); alt is that move's state, altHash its hash, and
	// pend keeps them over the subtree of the move before when that one
	// led to a new state.
	hashed  hasher
	hstore  hashedStore
	ahead   bool
	alt     vm.State
	altKey  []byte
	altHash uint64
	pend    pendStack
	// offered is the pass of the last rendezvous offer, begun by
	// DFS.offer for the offer's frame when offering (the move was one
	// whose frame it may skip).
	offered  vm.Pass
	offering bool
	// par, when set, makes this search a worker of a parallel search
	// (parallel.go): it explores the states its frontier hands it, one
	// at a time, and hands the new states it reaches back.
	par *worker
	_   vm.CacheLinePad
}

// lossy is a store that may take a new state for one it holds (bitstate):
// the search then tells the sample of every state the store calls
// visited, and the sample detects the omissions among them.
type lossy interface{ MayConfuse() bool }

// sampler is what tells a search's sample of states (package sample) of
// its arrivals. With a store that may confuse states (lossy), every
// arrival is checked against the sample for omissions, but for those the
// bitstate store recognises as repeats (repeats: the store, when it is a
// bitstate filter that only this search fills; store.Bitstate.Repeated:
// the sample was told of that state at its earlier arrival, and θ only
// falls since, so telling it again would change nothing).
//
// filter, when not nil, is the bitstate filter that takes each key the
// sampler is told of just before: the sample's hash is then a mix of the
// pair of hashes its pass over the vector made (store.Bitstate.Core).
type sampler struct {
	sample          *sample.Sample // nil: none
	lossy           bool
	repeats, filter *store.Bitstate
}

// wants reports whether there is a sample and it is told of an arrival
// at a state the store took as new (isNew) or as one it holds. The
// search tests it at each arrival before it calls tell (DFS.step,
// DFS.insert, the product search's lookups), so that a search without a
// sample (an exact search's is drawn from its store, when read) pays a
// test where it paid a call (its instructions 0.8-1.0% fewer,
// bench/instructions.sh -b against 7841fac), and a bitstate search calls
// tell only for an arrival its sample takes.
func (s *sampler) wants(isNew bool) bool {
	return s.sample != nil && (isNew || s.lossy && !s.repeats.Repeated())
}

// tell tells the sample of an arrival it wants at the state of key,
// which the store took as new (isNew) or as one it holds. The sample is
// an observer: nothing the search counts depends on it.
//
// It is the whole of the sample's work on an arrival, in one frame: it
// does not inline, and the sample's fast paths inline into it
// (Sample.TryVisited): one call for an arrival the sample takes, where
// there were three (the search's, a function of its own, Visited or
// Reached). peterson_n's bitstate search with its sample: 8.4 M
// instructions a search fewer than at 7841fac (5.4 M of them the tail
// load of vhash.Lanes); the sample's share 7.4 M of 184 M, 4.0%, with
// the calls it needs counted (bench/samplecost.sh).
func (s *sampler) tell(key []byte, isNew bool) {
	smp := s.sample
	var h uint64
	if s.filter != nil {
		h = sample.Of(s.filter.Core())
	} else {
		h = sample.Hash(key)
	}
	if isNew {
		if !smp.TryVisited(h) {
			smp.Visited(h)
		}
	} else if !smp.TryReached(h) {
		smp.Reached(h)
	}
}

const maxBeyond = 1 << 20

// depthBytes is the room of a state's depth in its payload, after the
// mark (Options.Reach).
const depthBytes = 4

// NewDFS prepares a depth-first search of m.
func NewDFS(m *vm.Model, opts Options) *DFS {
	opts.MaxDepth = opts.Depth()
	st := opts.Store
	if st == nil {
		st = store.NewExact()
	}
	d := &DFS{m: m, opts: opts, store: st, vm: vm.NewMachine(m), states: newStateArena()}
	if opts.Observer != nil {
		d.vm.Cond = opts.Observer.Condition
	}
	d.track, _ = st.(tracker)
	if !opts.noSample {
		if l, ok := st.(lossy); ok && l.MayConfuse() {
			d.lossy = true
		}
		if b, ok := st.(*store.Bitstate); ok && st.Len() == 0 && opts.Follower == nil {
			// every state it holds was inserted by this search, which
			// told the sample: its repeats need no check
			d.repeats, d.filter = b, b
		}
		exact, _ := st.(*store.Exact)
		switch _, cache := st.(*store.Cache); {
		case cache:
			// it forgets states and visits them again
			d.sample = sample.New()
		case exact != nil && st.Len() == 0 && opts.Follower == nil && m.Claim == nil && opts.Cycles == NoCycles:
			// it will hold the states this search stored, and nothing
			// else: the sample is drawn from it if it is read (a
			// product search stores other vectors: it samples as it goes)
			d.drawn = sample.Deferred(exact.Each)
		default:
			// each state is new once: the sample's cheap list
			d.sample = sample.NewDistinct()
		}
	}
	d.reach = opts.Reach || opts.Iterative != NotIterative
	d.reduce = opts.Reduce && m.NoReduce == ""
	d.direct = opts.Recorder == nil && opts.Follower == nil && d.track == nil && !d.reach
	if h, ok := st.(hashedStore); ok && d.direct && opts.Observer == nil && opts.ahead != aheadNever {
		d.hashed, d.hstore = h, h
		d.ahead = opts.ahead == aheadAlways
	}
	if d.reduce || d.reach {
		if p, ok := st.(store.Payloads); ok && st.Len() == 0 && opts.Follower == nil && d.track == nil {
			if d.reach {
				p.SetPayload(1 + depthBytes)
			} else {
				p.SetPayload(1)
			}
			d.marks = p
		} else if d.reduce && (d.track == nil || opts.Follower != nil) {
			// (a script followed does not use the store)
			d.onStack = map[string]struct{}{}
		}
	}
	return d
}

// Run searches the state space and returns the result.
func (d *DFS) Run() (*Result, error) {
	if d.m.Claim != nil || d.opts.Cycles != NoCycles {
		return d.runProduct()
	}
	s0, err := d.m.InitialState()
	if err != nil {
		return nil, err
	}
	depth := 0
	if start := d.opts.Start; start != nil {
		s0, depth = start.State, start.Depth
	}
	d.res = &Result{Sample: d.sample}
	if d.drawn != nil {
		d.res.Sample = d.drawn
	}
	d.res.Reduced = d.reduce
	if d.reach && (d.marks == nil || d.opts.Recorder != nil || d.opts.Start != nil) {
		return nil, errors.New("exploring states again at a smaller depth (-i, -I; pan's -DREACH) needs a new exact, hc or collapse store, and no script")
	}
	if d.opts.Recorder != nil {
		switch st := d.store.(type) {
		case numberer:
			if st.Len() > 0 {
				return nil, errors.New("a search script needs a new store")
			}
			st.NumberStates()
			d.numbered = st
		case *store.Cache:
			// the script names the states itself
		default:
			return nil, errors.New("a search script needs an exact store (exact or collapse) or a cache")
		}
	}
	d.res.Reached = make([][]bool, d.m.NumIDs())
	for _, pt := range d.m.Units {
		d.res.Reached[pt.ID] = pt.NewReached()
	}
	d.markStarts(s0, 0)
	markTrace(d.m, d.res, d.vm)
	d.start = time.Now()
	func() {
		defer func() { unwound(recover(), d.res) }()
		if d.reduce && d.opts.Start == nil {
			d.registerXS(s0, d.report)
		}
		d.search(s0, depth)
		d.res.Stop = search.Stop{Reason: search.Complete}
		if d.res.DepthLimited {
			d.res.Stop = search.Stop{Reason: search.DepthBound}
		}
		if d.opts.Follower != nil {
			d.deviate(d.opts.Follower.End())
		}
	}()
	d.res.Elapsed = time.Since(d.start)
	d.res.DepthBound = d.opts.MaxDepth
	d.res.Transitions = d.res.Stored + d.res.Matched
	if !d.res.Complete() && d.opts.Follower == nil && d.opts.Recorder == nil {
		d.res.Estimate = d.stackEstimate()
		d.res.Beyond = d.countBeyond()
	}
	d.res.Memory = d.memory()
	d.res.Memory.Heap = HeapInUse()
	if d.opts.Observer != nil {
		d.opts.Observer.Finished(d.res)
	}
	return d.res, nil
}

// pathStep is a step of the path, without pointers (the GC scans
// nothing in a path millions of steps long).
type pathStep struct {
	pid, proctype, trans int32
}

// trail returns the path as steps of transitions.
func (d *DFS) trail() []trail.Step {
	var root []trail.Step
	if d.opts.Start != nil {
		root = d.opts.Start.Path
	}
	out := make([]trail.Step, len(root), len(root)+d.path.len())
	copy(out, root)
	for i := range d.path.len() {
		st := d.path.at(i)
		out = append(out, trail.Step{Pid: int(st.pid), Trans: d.m.Types[st.proctype].Trans[st.trans]})
	}
	return out
}

// The search is pan's new_state written as a loop over an explicit stack
// of frames (a recursive one would overflow Go's stack on searches a
// million steps deep). A frame is a node of the search: a state to explore
// (explore frames), or the intermediate state of a rendezvous whose
// message waits for a receiver (handshake frames, neither stored nor
// counted). Each frame runs passes over the processes' transitions,
// descending into a child frame for every transition that executes.

// frameKind says what a frame is.
type frameKind uint8

const (
	exploreFrame   frameKind = iota
	handshakeFrame           // a rendezvous offer: only receives may follow
)

// phase is where a frame is in its work.
type phase uint8

const (
	phaseEnter      phase = iota // first visit: bounds, store
	phasePass                    // start a pass over the processes
	phaseNext                    // find and take the next transition
	phaseChildDone               // back from a child
	phaseChildAhead              // back from a child, the next move computed ahead (DFS.takeDirect)
	phaseChildLast               // back from a child, the pass's last move (DFS.takeDirect)
	phasePassDone                // a pass ended: decide what follows
)

// frame is one node of the search and where its passes are. It holds no
// pointers: its state is the one kept for its depth (DFS.states).
type frame struct {
	// (The fields in an order without padding: 64 bytes, a cache line,
	// where the order they are described in took 72.)
	ref   uint64 // the payload of the frame's state, with DFS.marks
	depth int32
	kind  frameKind
	phase phase
	// Partial-order reduction: the process explored alone (-1: none,
	// pan's tau&32), and whether one of its moves led off the search
	// stack (pan's tau&64, passed up through the unstored states of
	// atomic sequences and rendezvous).
	presel int16
	// pass is where the frame's pass over the processes is, and the
	// state's context (atomic exclusivity, a rendezvous offer): the
	// rules of who moves are vm.Pass's, which the Runner follows too.
	pass vm.Pass

	// For a state cache (DFS.track): the frame's state's slot (-1: not
	// stored), the slot of the nearest stored frame below, and whether
	// the frame explores a state again (after an eviction).
	slot, below int32

	// For the estimate of a search stopped early: whether the frame's
	// state is stored (in a parallel search: by this worker, which
	// expands it), and how many new states its moves led to.
	fresh  int32
	redo   bool
	stored bool

	good bool // (see presel)
	// With Options.StackProviso: one of the moves met the search stack
	// or the depth bound (pan's tau&16, passed up the same way). In a
	// parallel search (which has no stack, nor StackProviso): one of the
	// moves reached a state marked store.Resolved (see Parallel).
	hit bool
}

// growTo checks the bounds when the stack must grow to hold depth: one
// state per depth. It comes before the states a step uses are asked for:
// the progress report may walk the stack's states (see stateArena).
func (d *DFS) growTo(depth int) {
	if depth >= d.states.capacity() {
		d.checkBounds()
	}
}

// search explores the state space from s0, at depth depth.
func (d *DFS) search(s0 *vm.State, depth int) {
	d.growTo(depth)
	vm.CopyState(d.states.at(depth), s0)
	d.states.wrote(depth)
	d.states.kept(depth)
	d.frames.push(frame{depth: int32(depth), kind: exploreFrame, slot: -1, below: -1, presel: -1})
	d.frames.top().pass.Set(-1, 0, -1)
	d.loop()
}

// loop runs the frames on the stack until it is empty.
func (d *DFS) loop() {
	for d.frames.len() > 0 {
		f := d.frames.top()
		switch f.phase {
		case phaseEnter:
			d.enter(f)
		case phasePass:
			f.phase = phaseNext
			s := d.states.at(int(f.depth))
			if d.reduce && f.kind == exploreFrame && f.pass.Owner() < 0 && !f.pass.Timeout() {
				if pid := d.preselect(s, s.NrProcs()-1); pid >= 0 {
					f.presel, f.good, f.hit = int16(pid), false, false
					f.pass.BeginOnly(s, pid)
					break
				}
			}
			f.pass.Begin(s)
		case phaseNext:
			d.step(f)
		case phaseChildDone:
			d.path.pop()
			if d.childMoved {
				d.took(f)
			}
			f.phase = phaseNext
		case phaseChildAhead, phaseChildLast:
			// (the pass has gone past the move into the child)
			if d.childMoved {
				d.tookMove(d.states.at(int(f.depth)), *d.path.top())
			}
			d.path.pop()
			if f.phase == phaseChildAhead {
				d.resumeAhead(f)
			} else {
				f.phase = phasePassDone
			}
		case phasePassDone:
			d.passDone(f)
		}
	}
}

// took records that the transition frame f's step took last moved.
func (d *DFS) took(f *frame) {
	pt, pc, t := f.pass.Last(d.m)
	pt.MarkStep(d.res.Reached[pt.ID], pc, t)
	if d.opts.Observer != nil {
		d.opts.Observer.Executed(pt, t)
	}
	f.pass.Took()
}

// pop returns from the top frame; moved tells its parent whether the step
// into it counts as a move.
func (d *DFS) pop(moved bool) {
	switch {
	case d.opts.Recorder != nil:
		d.opts.Recorder.Backtrack()
	case d.opts.Follower != nil:
		d.deviate(d.opts.Follower.Backtrack())
	}
	if d.track != nil {
		if f := d.frames.top(); f.slot >= 0 {
			d.track.Done(f.slot, f.below)
		}
	}
	if d.reduce {
		f := d.frames.top()
		switch {
		case d.par != nil:
			// (a parallel search's marks stay: Expanded; and Resolved)
			if f.stored {
				d.par.resolve(d, f)
			}
		case !f.stored:
			// (never on the stack: nothing to take off)
		case d.marks != nil:
			d.marks.Payload(f.ref)[0] = 0
		case d.onStack == nil:
			// a cache: Done above took the state off its stack
		default:
			delete(d.onStack, string(d.m.Key(d.states.at(int(f.depth)), d.key)))
		}
		// An unstored state (inside an atomic sequence, a rendezvous
		// offer) passes up what its moves reached.
		if (f.kind == handshakeFrame || f.pass.Owner() >= 0) && d.frames.len() > 1 {
			p := d.frames.get(d.frames.len() - 2)
			p.good = p.good || f.good
			p.hit = p.hit || f.hit
		}
	}
	d.frames.pop()
	d.childMoved = moved
}

// enter is the first visit of a frame: the depth bound, and the store for
// a state that is not inside an atomic sequence or a rendezvous.
func (d *DFS) enter(f *frame) {
	res := d.res
	depth := int(f.depth)
	if depth >= d.opts.MaxDepth {
		res.DepthLimited = true
		res.TooShallow = res.TooShallow || !d.lowered
		res.Matched++
		if n := d.frames.len(); n > 1 && d.par == nil {
			d.frames.get(n - 2).hit = true // (pan's tau&16 of the parent)
		}
		if f.redo {
			res.Redundant++
		}
		if f.kind == exploreFrame && f.pass.Owner() < 0 {
			d.noteBeyond(d.states.at(depth))
		}
		d.pop(true)
		return
	}
	if f.kind == exploreFrame && f.pass.Owner() < 0 && !d.insert(f, d.states.at(depth)) {
		d.pop(true)
		return
	}
	d.reachedDepth(depth)
	f.phase = phasePass
}

// step finds the next executable transition of the frame's pass (the
// rules are vm.Pass's) and descends into the state it leads to. It ends
// the pass when there is none. A move to a state stored before leaves
// the frame where it was, and step takes the next move itself, rather
// than return to loop for it (what loop would do: a third of the
// instructions of loop and step's prologue on --no-reduce searches).
func (d *DFS) step(f *frame) {
	machine := d.vm
	depth := int(f.depth)
again:
	if d.moves++; d.moves&boundsEvery == 0 {
		d.checkBounds()
	}
	d.growTo(depth + 1) // (first: see growTo)
	s := d.states.at(depth)
	var (
		pid int
		t   *vm.Trans
		ok  bool
	)
	for !ok {
		if pid, t, ok = f.pass.Next(machine, s); t == nil {
			f.phase = phasePassDone
			return
		}
		if !ok {
			// a run-time error in a guard: fatal, or (xs, xr) counted
			d.assertions(machine, depth, true)
			d.fatal(machine, depth, true)
		}
	}
	proctype := f.pass.ProcTypeID()
	next := d.states.at(depth + 1)
	vm.CopyState(next, s)
	ok = machine.Effect(next, t)
	d.states.wrote(depth + 1)
	if len(t.Path) > 0 {
		vm.MarkFired(d.res.Reached[proctype], t)
	}
	if next.NrProcs() > s.NrProcs() {
		d.markStarts(next, s.NrProcs())
	}
	move := pathStep{pid: int32(pid), proctype: int32(proctype), trans: int32(t.ID)}
	direct := d.direct && machine.Rendezvous == 0 && t.Atom&vm.Atomic == 0 && depth+1 < d.opts.MaxDepth && ok && len(machine.Errors) == 0
	if direct {
		// (a parallel worker's too: takeDirect hands over the new states
		// past its reach, their paths with the move)
		if d.takeDirect(f, s, next, move) {
			goto again
		}
		return
	}
	if machine.Rendezvous != 0 && !d.offer(pid, t, next, depth+1, ok) {
		goto again // no process can take the offer: the send did not move
	}
	d.path.push(move)
	if len(machine.Errors) > 0 { // (not a call per transition: few raise any)
		d.assertions(machine, depth, false)
	}
	if !ok {
		d.fatal(machine, depth, false)
	}
	if d.opts.Recorder != nil || d.opts.Follower != nil {
		d.moveScripted(pid, t, f.pass.Timeout())
	}
	f.phase = phaseChildDone
	below := f.below
	if f.slot >= 0 {
		below = f.slot
	}
	d.states.kept(depth + 1)
	child := d.frames.pushZero() // (kind: exploreFrame)
	child.depth, child.slot, child.below, child.redo, child.presel = int32(depth+1), -1, below, f.redo, -1
	child.pass.SetAfter(pid, t, machine.Rendezvous)
	if child.pass.Pending() != 0 {
		// The send half of a rendezvous: a handshake frame, where only
		// the receive of its message can follow.
		child.kind = handshakeFrame
		if d.offering {
			// its first visit (within the bound, not stored) and the
			// start of its pass made (DFS.offer)
			child.pass, child.phase = d.offered, phaseNext
		}
	} else if child.pass.Owner() >= 0 {
		d.res.AtomicSteps++
	}
}

// offer makes the first visit of the frame of the rendezvous offer that
// process pid made by taking t (ok: its effect raised no fatal error),
// to next at depth, and the start of its pass (in d.offered), which
// opens the first process that may take the offer
// (vm.Pass.BeginOffer), when the move is one takeDirect would take but
// for the offer (d.offering). It reports whether there may be a
// receiver: most offers of a model that talks by rendezvous find none
// (philo_host N=5: 102,107 of 201,911), and their frame, which would
// have been pushed, entered, passed over and popped to find none, is
// never made. (Its conditions are tested here, not in step, whose cost
// is at the budget of the profile-guided inliner, 2000: a few more and
// loop no longer inlines step, as with a53e6b9.)
func (d *DFS) offer(pid int, t *vm.Trans, next *vm.State, depth int, ok bool) bool {
	d.offering = d.direct && depth < d.opts.MaxDepth && ok && len(d.vm.Errors) == 0
	if !d.offering {
		return true
	}
	d.reachedDepth(depth) // (not stored: the rest of what enter does)
	return d.offered.BeginOffer(d.vm, next, pid, t)
}

// descend pushes the frame of the state frame f's step stored just now,
// past its first visit (what enter does but for the depth reached, the
// caller's: DFS.step's fast path).
func (d *DFS) descend(f *frame) *frame {
	f.phase = phaseChildDone
	depth := f.depth + 1
	d.states.kept(int(depth))
	child := d.frames.pushZero() // (kind: exploreFrame)
	child.depth, child.slot, child.below, child.redo, child.presel = depth, -1, f.below, f.redo, -1
	child.pass.Set(-1, 0, -1)
	child.phase = phasePass
	return child
}

// reachedDepth counts the depth of a state stored (after it is counted:
// a state bound that stops the search at it leaves the depth as it was,
// as enter does).
func (d *DFS) reachedDepth(depth int) {
	if depth > d.res.DepthReached {
		d.res.DepthReached = depth
	}
}

// passDone decides what follows a pass over the processes: a rendezvous
// offer returns whether a receiver took it; a state returns if something
// moved, else loses atomic exclusivity (and is stored), else tries the
// timeout pass, else is an end state, valid or not.
func (d *DFS) passDone(f *frame) {
	if f.kind == handshakeFrame {
		d.pop(f.pass.Moved())
		return
	}
	s := d.states.at(int(f.depth))
	if f.presel >= 0 {
		holds := f.good
		if d.opts.StackProviso {
			holds = f.pass.Moved() && !f.hit
		}
		if holds {
			d.pop(true) // the reduction holds
			return
		}
		// Rejected: the next safe process below, else all of them
		// (those tried included: their moves are taken again).
		pid := d.preselect(s, int(f.presel)-1)
		f.presel, f.good, f.hit = int16(pid), false, false
		f.phase = phaseNext
		if pid >= 0 {
			f.pass.BeginOnly(s, pid)
		} else {
			f.pass.Begin(s)
		}
		return
	}
	if f.pass.Moved() || d.noProcs(s) || int(f.depth) >= d.opts.MaxDepth-1 {
		d.pop(true)
		return
	}
	// The next pass: when an atomic sequence is blocked, it loses
	// exclusivity, and the state is now stored like any other; then the
	// timeout pass, which pan makes only when a process reads timeout
	// (its ETIM): without, nothing can move in it, but the rendezvous
	// offers of the first pass would be made, and a trace assertion
	// would see their sends, again.
	owned := f.pass.Owner() >= 0
	if f.pass.Retry() && (owned || d.m.HasTimeout) {
		if owned && !d.insert(f, s) {
			d.pop(true)
			return
		}
		f.phase = phasePass
		return
	}
	if d.opts.Recorder != nil {
		d.opts.Recorder.DeadEnd()
	}
	if !d.opts.NoEnds && !d.validEnd(s) {
		// pan names the depth one less than the state's (its search
		// has stepped back when it checks); so does gmc, so that the
		// two reports agree. The trail still has depth steps.
		d.report(&Error{Kind: InvalidEndState, Msg: "invalid end state", Depth: int(f.depth) - 1})
	}
	d.pop(true)
}

// noProcs reports whether s has no processes left, which ends a path
// without an error; under -q only with its channels empty (pan: the
// state is then checked as an end state).
func (d *DFS) noProcs(s *vm.State) bool {
	return s.NrProcs() == 0 && (!d.opts.StrictEnd || d.m.ChansEmpty(s))
}

// storeScripted inserts key into the store, recording the arrival in the
// script being written; a certification asks the script instead.
func (d *DFS) storeScripted(key []byte) (isNew bool, ref uint64) {
	if r := d.opts.Follower; r != nil {
		isNew, err := r.Arrive(store.Fingerprint(key))
		d.deviate(err)
		return isNew, 0
	}
	if d.marks != nil {
		ref, isNew = d.marks.Put(key)
	} else {
		isNew = d.store.Insert(key)
	}
	if w := d.opts.Recorder; w != nil {
		if d.numbered != nil {
			w.Arrive(nil, isNew, d.numbered.LastID())
		} else {
			w.Arrive(key, isNew, 0)
		}
	}
	return isNew, ref
}

// moveScripted records that the search takes transition t of process pid,
// or checks that the script being followed does.
func (d *DFS) moveScripted(pid int, t *vm.Trans, timeout bool) {
	switch {
	case d.opts.Recorder != nil:
		d.opts.Recorder.Move(pid, t, timeout)
	case d.opts.Follower != nil:
		d.deviate(d.opts.Follower.Move(pid, t.ID, d.moveName))
	}
}

// moveName names transition trans of process pid in the current state,
// for certification messages.
func (d *DFS) moveName(pid, trans int) string {
	name := fmt.Sprintf("transition %d of process %d", trans, pid)
	if s := d.states.at(int(d.frames.top().depth)); pid < s.NrProcs() {
		pt := d.m.ProcType(s, pid)
		if trans < len(pt.Trans) {
			t := pt.Trans[trans]
			name += fmt.Sprintf(" (%s, %s: %s)", pt.Name, t.Pos, t.Text)
		}
	}
	return name
}

// deviate stops a certification at a deviation from its script.
func (d *DFS) deviate(err error) {
	if err == nil {
		return
	}
	d.res.Deviation = err
	d.stop(search.Stop{Reason: search.Deviation, Detail: "certification failed: " + err.Error()})
}

// insert stores s, the state of frame f, and reports whether it is new; a
// state seen before counts as matched.
func (d *DFS) insert(f *frame, s *vm.State) bool {
	res := d.res
	key := d.keyOf(s)
	if d.par != nil {
		local := d.insertShared(d.parentOf(f), s, key, 0, false, f.depth, f.phase == phaseEnter, nil)
		f.stored = local
		return local
	}
	if f.redo {
		res.Redundant++ // an arrival from a state explored again
	}
	isNew, ref := d.storeScripted(key)
	if d.wants(isNew) {
		d.tell(key, isNew)
	}
	again := false // (a state explored again: pan's -DREACH)
	if d.reach {
		again = d.reached(f, ref, isNew)
	}
	if d.reduce {
		d.reduceMark(f, d.parentOf(f), key, ref, isNew, again)
	}
	if again {
		// explored again, not counted again: pan takes the state off
		// its count of stored states before it counts it as new
		f.stored = true
		return true
	}
	if !isNew {
		res.Matched++
		if d.track != nil {
			d.track.Hit(f.below, d.track.Last(), int(f.depth))
		}
		return false
	}
	d.newState(f, s)
	return true
}

// parentOf is the frame below f when f is the top frame (the frame
// whose step reached f's state), else nil.
func (d *DFS) parentOf(f *frame) *frame {
	if n := d.frames.len(); n > 1 && d.frames.get(n-1) == f {
		return d.frames.get(n - 2)
	}
	return nil
}

// keyOf is the stored form of s (in d.key's buffer, grown if it had to).
func (d *DFS) keyOf(s *vm.State) []byte {
	key := d.m.Key(s, d.key)
	if d.m.KeyBuilt() {
		d.key = key // keep the buffer, grown if it had to
	}
	return key
}

// reduceMark keeps the partial-order reduction's account of an arrival
// at the state of key (its payload ref), the state of frame f (nil: a
// state stored before that gets no frame, DFS.step), from the frame
// parent (nil: none): a new state is marked as on the search stack, and
// the parent learns whether the move left the stack (pan's tau&64) or
// met it (tau&16). again: the state is explored again (-DREACH).
func (d *DFS) reduceMark(f, parent *frame, key []byte, ref uint64, isNew, again bool) {
	var on bool
	switch {
	case again:
		f.ref = d.lstate // (pan's stale Lstate, see DFS.lstate)
	case d.marks != nil:
		mark := d.marks.Payload(ref)
		on = mark[0] != 0
		if isNew {
			mark[0], f.ref = 1, ref
		}
	case d.onStack == nil:
		// a cache, which knows its stack
		on = !isNew && d.track.OnStack(d.track.Last())
	case isNew:
		d.onStack[string(key)] = struct{}{}
	default:
		_, on = d.onStack[string(key)]
	}
	if parent != nil {
		parent.good = parent.good || !on
		parent.hit = parent.hit || on && !isNew
	}
}

// newState counts s, the state of frame f, as stored for the first time.
func (d *DFS) newState(f *frame, s *vm.State) {
	res := d.res
	if d.track != nil {
		f.slot = d.track.Last()
		if f.slot < 0 {
			d.stop(search.Stop{Reason: search.CacheFull,
				Detail: fmt.Sprintf("%v, at depth %d (give it room for more states than the search goes deep; -m bounds the depth)", d.track.Err(), f.depth)})
		}
		d.track.Entered(f.slot, int(f.depth))
		f.redo = d.track.SeenBefore()
	}
	res.Stored++
	f.stored = true
	for i := d.frames.len() - 2; i >= 0; i-- {
		if p := d.frames.get(i); p.stored {
			p.fresh++
			break
		}
	}
	if n := len(d.m.Vector(s)); n > res.MaxVector {
		res.MaxVector = n
	}
	if res.Stored&1023 == 0 {
		d.checkBounds()
		if d.hashed != nil && !d.ahead {
			_, table := d.store.Bytes()
			d.ahead = aheadPays(table)
		}
	}
	if res.Stored == d.opts.MaxStates {
		d.stop(search.Stopped(search.StateBound, d.opts.Budget))
	}
}

// reached keeps the depth of the state whose payload is ref, just stored
// at frame f's depth (isNew: for the first time), as pan -DREACH keeps it,
// and reports whether the search explores the state again: it was
// reached before at a greater depth, and is not on the search stack (pan
// looks at the stack's mark first).
func (d *DFS) reached(f *frame, ref uint64, isNew bool) bool {
	pl := d.marks.Payload(ref)
	depth := uint32(f.depth)
	if isNew {
		binary.LittleEndian.PutUint32(pl[1:], depth)
		d.lstate = ref
		return false
	}
	if d.reduce && pl[0] != 0 {
		d.lstate = ref
		return false
	}
	if binary.LittleEndian.Uint32(pl[1:]) <= depth {
		return false
	}
	binary.LittleEndian.PutUint32(pl[1:], depth)
	return true
}

// boundsEvery+1 is how many moves a search tries between two checks of
// its bounds, besides one every 1024 states stored: a tree of unstored
// states (an atomic sequence that loops, down to the depth bound) can
// take 2^10000 moves without storing a state, where --time and Ctrl-C
// must still stop it (a generated model ran past its 20 seconds for
// eight minutes).
const boundsEvery = 1<<16 - 1

// checkBounds stops the search when the memory bound is reached or the
// caller asked it to stop.
func (d *DFS) checkBounds() {
	if d.par != nil {
		d.par.check(d)
		return
	}
	if d.opts.MaxMemory > 0 {
		if m := d.memory(); m.Vectors+m.Table+m.Stack > d.opts.MaxMemory {
			d.stop(search.Stopped(search.MemoryBound, d.opts.Budget))
		}
	}
	if d.opts.Progress != nil {
		d.progress()
	}
	if d.opts.Time > 0 && time.Since(d.start) > d.opts.Time {
		d.stop(search.Stopped(search.TimeLimit, d.opts.Budget))
	}
	if d.opts.Interrupted() {
		d.stop(search.Stop{Reason: search.Interrupted})
	}
}

// memory is what the store and the stack use now.
func (d *DFS) memory() Memory {
	vectors, table := d.store.Bytes()
	// One scratch state per depth (about the largest vector each), the
	// frames and the path; an estimate, as walking the stack would cost
	// as much as the search on deep models.
	perDepth := int64(d.res.MaxVector + d.m.HiddenSize + 64)
	stack := int64(d.states.capacity())*perDepth + int64(d.frames.capacity())*int64(unsafe.Sizeof(frame{})) +
		int64(d.path.capacity())*int64(unsafe.Sizeof(pathStep{}))
	return Memory{Vectors: vectors, Table: table, Stack: stack}
}

// markStarts marks the start of the processes from pid first on as
// reached (pan's addproc).
func (d *DFS) markStarts(s *vm.State, first int) { markStarts(d.m, d.res.Reached, s, first) }

// markStarts marks, in reached, the start of the processes of s from pid
// first on.
func markStarts(m *vm.Model, reached [][]bool, s *vm.State, first int) {
	for pid := first; pid < s.NrProcs(); pid++ {
		pt := m.ProcType(s, pid)
		pt.MarkStart(reached[pt.ID])
	}
}

// assertions records the assertion violations the last step raised (a
// guard's, when guard).
func (d *DFS) assertions(machine *vm.Machine, depth int, guard bool) {
	for _, e := range machine.Errors {
		if !e.Fatal && !(e.Assert && d.opts.NoAsserts) {
			if d.par == nil && d.res.countOnly(e.Msg, &d.opts) {
				continue
			}
			err := stepError(e, depth)
			err.Guard = guard
			d.report(err)
		}
	}
}

// stepError is the Error of an assertion violation a step raised at
// depth: pan reports a trace assertion's one level deeper (its require
// steps in to report it).
func stepError(e *vm.RuntimeError, depth int) *Error {
	if e.EventTrace {
		return machineError(EventTrace, e, depth+1)
	}
	return machineError(AssertionViolated, e, depth)
}

// markTrace makes the machine mark the states the trace assertion
// reaches, and marks its start (pan: reached[EVENT_TRACE][start_event]),
// when the model has one.
func markTrace(m *vm.Model, res *Result, machine *vm.Machine) {
	if t := m.Trace; t != nil {
		machine.TraceReached = res.Reached[t.ID]
		t.MarkStart(machine.TraceReached)
	}
}

// fatal records a fatal run-time error, if the machine raised one (in a
// guard, when guard), and stops the search. It reports whether there was
// one.
func (d *DFS) fatal(machine *vm.Machine, depth int, guard bool) bool {
	for _, e := range machine.Errors {
		if e.Fatal {
			err := machineError(RuntimeFailure, e, depth)
			err.Guard = guard
			d.report(err)
			d.stop(search.Stop{Reason: search.RuntimeError, Detail: e.Msg})
		}
	}
	return false
}

// machineError is the Error of a run-time error the machine raised.
func machineError(kind ErrorKind, e *vm.RuntimeError, depth int) *Error {
	return &Error{Kind: kind, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid, Pos: e.Pos}
}

// report counts an error, keeps it with its trail, and stops the search
// when the error bound is reached; an iterative search lowers its depth
// bound instead (pan's uerror, docs/references.md#spin-pan-flags).
func (d *DFS) report(e *Error) {
	if d.par != nil {
		d.par.report(d, e)
		return
	}
	stop := d.res.record(e, &d.opts, d.trail)
	if d.opts.Iterative != NotIterative {
		e.Bound = -1 // (the error bound stops the search at a bound of 0)
	}
	if d.opts.Iterative != NotIterative && d.opts.MaxDepth > 0 {
		// pan lowers the bound only below the error, but says the bound
		// at every error; once it is 0, -c stops the search again.
		if d.opts.MaxDepth > e.Depth {
			if d.opts.Iterative == Shortest {
				d.opts.MaxDepth = e.Depth + 1
			} else {
				d.opts.MaxDepth = e.Depth / 2
			}
		}
		e.Bound = d.opts.MaxDepth
		d.lowered = true
		return
	}
	if stop {
		d.stop(search.Stop{Reason: search.ErrorLimit})
	}
}

// record counts an error and keeps it with its trail, and reports whether
// the search must stop at the bound opts.MaxErrors. It keeps all of them
// up to the bound, every one with opts.EveryError, only the first when
// there is no bound (and the line of each later one whose message
// differs from the one before: Result.Later); an iterative search keeps every error and the trail
// of the last only, the shortest it found.
func (r *Result) record(e *Error, opts *Options, trail func() []trail.Step) bool {
	if r.countOnly(e.Msg, opts) {
		return false
	}
	r.Stats.NumErrors++
	switch {
	case opts.Iterative != NotIterative:
		if n := len(r.Errors); n > 0 {
			r.Errors[n-1].Trail = nil
		}
		fallthrough
	case opts.MaxErrors > 0 || opts.EveryError || len(r.Errors) == 0:
		e.Trail = trail()
		r.Errors = append(r.Errors, e)
	case e.Msg != r.lastMsg:
		r.Later = append(r.Later, ErrorLine{N: r.Stats.NumErrors, Error: e})
	}
	r.lastMsg = e.Msg
	return opts.MaxErrors > 0 && r.Stats.NumErrors >= int64(opts.MaxErrors) && e.Kind != RuntimeFailure
}

// countOnly counts an error of message msg, and reports so, when that is
// all that record and report would do with it: no error bound, the first
// error kept, msg the last one's (record asks it first, so the rule is
// in one place). The search asks it before it makes the Error, which
// then need not be made, for each of the thousands a model may raise
// under -c0 (cambridge: 45,410 xs errors, an Error and its garbage
// each).
func (r *Result) countOnly(msg string, opts *Options) bool {
	if opts.Iterative != NotIterative || opts.MaxErrors > 0 || opts.EveryError || len(r.Errors) == 0 || msg != r.lastMsg {
		return false
	}
	r.Stats.NumErrors++
	return true
}

// validEnd reports whether s is a valid end state (-q: with its
// channels empty).
func (d *DFS) validEnd(s *vm.State) bool { return d.m.EndState(s, d.opts.StrictEnd) }

// registerXS starts the checks of xs and xr declarations, which pan makes
// only when it reduces: the processes of the initial state s0 register
// first, and report reports what their declarations violate.
func (d *DFS) registerXS(s0 *vm.State, report func(*Error)) {
	if d.vm.XS = d.m.NewXSTable(); d.vm.XS != nil {
		for pid := range s0.NrProcs() {
			for _, msg := range d.vm.XS.Register(d.m, s0, pid) {
				report(&Error{Kind: AssertionViolated, Msg: msg, Pid: pid})
			}
		}
	}
}

// preselect returns the highest pid from from down whose process a
// reduced search may explore alone in s (-1: none). It needs two live
// processes, as pan's From != To.
func (d *DFS) preselect(s *vm.State, from int) int {
	if s.NrProcs() < 2 {
		return -1
	}
	return firstSafe(d.m, s, from, 0, 0, false, false)
}

// firstSafe returns the highest slot from from down to to whose process
// (pid slot-base) a reduced search may explore alone in s (pan's
// preselection: a safe pc, in a cycle search SafeCycles, whose channel
// conditions hold), -1 if none.
func firstSafe(m *vm.Model, s *vm.State, from, to, base int, cycles, timeoutPass bool) int {
	for slot := from; slot >= to; slot-- {
		if m.Preselectable(s, slot-base, cycles, timeoutPass) {
			return slot
		}
	}
	return -1
}
