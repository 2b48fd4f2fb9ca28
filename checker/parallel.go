package checker

import (
	"errors"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"gmc/internal/hugepage"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

// Parallel is the exhaustive safety search on several cores (gmc run -j
// N): N workers that expand the states of a store.Concurrent (a
// store.Table, exact or compact, a store.CollapseTable, or the shards of
// a store.Shared) at once
// (docs/references.md#parallel-bfs), each from its own deque of states
// to expand, taking from another's when its own is empty (work
// stealing), with no barrier between them.
//
// Each worker is a DFS of its own (its machine, its stack, its counts)
// that expands one stored state at a time exactly as the one-core search
// does, through the states it does not store (inside atomic sequences,
// a rendezvous offer) and the states it stores up to parDescend moves
// below, and further while its deque holds states enough for the others
// (parStock), and hands the new states it stores past that to its deque
// instead of descending into them. It takes the state it handed over first
// (FIFO, the order of the levels there were: taking the last, LIFO, the
// states waiting piled up as on a DFS's stack, mutex_sem N=10 -j 2: 217
// to 240 MB peak against 163 MB FIFO and 129 to 133 MB by levels); a
// worker with none left takes the older half of another's (the states
// nearest the initial state, whose subtrees are the largest: few
// steals, 12 to 15 a search). When every worker waits for states, none is
// left anywhere (a worker's deque fills only while it expands), and the
// search is over. So it stores the states the one-core
// search stores, each expanded once, and counts the same arrivals,
// atomic steps and errors: without reduction the counts are the DFS's
// (but for the depth, which depends on the order, and for a search the
// depth bound cut, whose states do too).
//
// With reduction, the DFS's proviso (a move off the search stack) means
// nothing without a stack. Here a process explored alone must reach a
// state not yet expanded, or one resolved: the shared store marks a state
// store.Expanded when a worker begins to expand it, and store.Resolved
// when its expansion is over and it was expanded fully, or the reduction
// it kept reached a resolved state. That is sound in any order: from
// every reduced state a path of the moves explored leads to a fully
// expanded one (through states each expanded later than the one before,
// which cannot go on for ever, or through a resolved state), so no
// process is ignored for good. In one DFS every state finished is
// resolved, so one worker that never hands a state over reduces exactly
// as pan (TestParallelOneWorkerIsDFS). Several workers expand in another
// order, and which states are reduced depends on it: the counts differ
// from pan's, and from run to run (a state handed over is not yet
// expanded, where pan's stack would have refused it; philo_host N=5 -j
// 2: 84,000 to 88,000 states against pan's 89,695; leader_n N=7: 97,500
// to 103,000 against 95,080).
//
// Errors are found as the DFS finds them; each keeps the path from the
// initial state (parent links of the states handed over), so its trail
// replays. The search supports no claim, cycle search, script,
// observer, cache or bitstate store.
type Parallel struct {
	m       *vm.Model
	opts    Options
	store   store.Concurrent
	workers []*worker
	// drawn is the sample of a search whose store is the exact table,
	// drawn from it when read (sample.Deferred); otherwise each worker
	// samples the states it stores first
	drawn  *sample.Sample
	reduce bool
	start  time.Time
	// descend, when above 0, is how many moves below the state it
	// expands a worker goes on, always (for tests: see reach)
	descend int32

	stopped atomic.Bool
	stopMu  sync.Mutex
	stop    search.Stop // the first stop, under stopMu

	// idleMu guards the workers' waits for states: idle is how many
	// wait (written under idleMu, read without it by a worker that hands
	// states over), done says that all did at once: the search is over.
	idleMu   sync.Mutex
	idleCond sync.Cond
	idle     atomic.Int32
	done     bool

	spareMu sync.Mutex
	spare   []*parChunk // chunks whose states were all expanded
	// chunks is every chunk made, by its id: a new one is published as
	// a new slice (under spareMu), read without a lock by the workers
	// that expand the states handed over in it.
	chunks atomic.Pointer[[]*parChunk]
	// made and chunkBytes are the chunks made and their bytes
	made, chunkBytes atomic.Int64

	errSeq  atomic.Int64 // the errors found, all workers
	stored  atomic.Int64 // the states stored, all workers (with MaxStates only)
	checkMu sync.Mutex   // one worker checks the bounds at a time
	lastLog time.Time    // under checkMu
	level   atomic.Int64 // the depth of a state being expanded, for progress
}

// worker is one goroutine of a parallel search and what it keeps: the
// states it handed over and has not expanded yet, and the paths that
// lead to them.
type worker struct {
	_         vm.CacheLinePad
	p         *Parallel
	id        int
	d         *DFS
	view      store.SharedView // its access to the shared store
	hv        hashedView       // the same, when its lookups take a hash (a Table's)
	root      uint64           // the node of the state being expanded
	rootDepth int32            // and its depth
	descend   int32            // how many moves below it it goes on in any case (reach)
	// mu guards q, the states this worker handed over that no worker
	// took yet, all taken from its head. n is their number, read
	// without the lock by the workers looking for states.
	_  vm.CacheLinePad
	mu sync.Mutex
	q  ring
	n  atomic.Int64
	_  vm.CacheLinePad
	// out is the states handed over while expanding one, added to q
	// after it, or every parOutBatch of them: one lock for many.
	out []parItem
	// nodes are the states this worker handed over, each with its parent
	// and the steps from it (in steps): read by the others only after the
	// search, for trails.
	// (chunked stacks: they grow without copying what they hold)
	nodes stack[parNode]
	steps stack[pathStep]
	// last is the node this worker handed over last from the state it
	// expands (-1: none yet), and lastPath its steps from that state.
	last     int32
	lastPath []pathStep
	// refs are, with reduction, the states this worker expands now, by
	// depth below the one it took (keepRef, resolve)
	refs []store.SharedRef
	errs []parError
	// arena is the chunk the vectors of the states this worker hands
	// over are copied into (parChunk).
	arena *parChunk
	// its copies of the offsets of the states handed to it, and where
	// they are computed (vm.Model.Offsets)
	procs, chans       ownOffsets
	newProcs, newChans []int32
	// what the others may read while it runs: its counts and memory, as
	// of its last check
	stored, trans, depth, bytes atomic.Int64
	_                           vm.CacheLinePad
}

// ring is a worker's deque of the states it handed over: added at the
// tail, taken from the head (first in, first out), in a ring of a power
// of two slots that doubles when full. It replaced a slice moved to its
// front when half of it was taken: on swp W=3,M=7,C=4, -j 2
// --no-reduce, the moves and the fresh pages of the slice's growth were
// 4% of the processor time.
type ring struct {
	items     []parItem
	head, len int
}

// take removes the state at the head (false: none).
func (r *ring) take() (parItem, bool) {
	if r.len == 0 {
		return parItem{}, false
	}
	it := r.items[r.head&(len(r.items)-1)]
	r.head++
	r.len--
	return it, true
}

// add adds items at the tail.
func (r *ring) add(items []parItem) {
	if r.len+len(items) > len(r.items) {
		n := max(len(r.items), 64)
		for n < r.len+len(items) {
			n *= 2
		}
		grown := make([]parItem, n)
		for k := range r.len {
			grown[k] = r.items[(r.head+k)&(len(r.items)-1)]
		}
		r.items, r.head = grown, 0
	}
	for k, it := range items {
		r.items[(r.head+r.len+k)&(len(r.items)-1)] = it
	}
	r.len += len(items)
}

// ownOffsets is a worker's copy of the Procs or Chans of the states
// handed to it, which its moves then share (vm.State's offsets are
// copied on write), on cache lines no other worker writes: the vm reads
// them at every channel access. Measured when the states handed over
// kept the slices of the worker that reached them (a few bytes the tiny
// allocator had packed beside blocks another core writes), abp_lossy
// M=50,C=10, -j 2 --no-reduce (perf): the guard that loads a channel's
// offset took 893 samples against 115 on one core, the load three
// quarters of them; 130 with the copy, and the processor time of six
// runs 1.56-1.98 s before, 1.55-1.70 after.
type ownOffsets struct {
	copy []int32
}

// own returns the worker's copy of offs, made anew when offs differs
// from it, with a cache line free on either side.
func (o *ownOffsets) own(offs []int32) []int32 {
	switch {
	case len(offs) == 0:
		return nil
	case slices.Equal(offs, o.copy):
		return o.copy
	}
	const pad = 16 // int32s: 64 bytes
	b := make([]int32, pad+len(offs)+pad)
	o.copy = b[pad : pad+len(offs) : pad+len(offs)]
	copy(o.copy, offs)
	return o.copy
}

// paddedResult is a worker's Result, which it writes at every step, on
// cache lines of its own (vm.CacheLinePad).
type paddedResult struct {
	_ vm.CacheLinePad
	r Result
	_ vm.CacheLinePad
}

// parItem is a state waiting to be expanded: its bytes are n bytes at
// off in the chunk of id chunk, where the worker that handed it over
// copied them (no allocation per state), and its Procs and Chans follow
// from them (vm.Model.Offsets). It holds no pointer, so the collector
// does not scan the deques (it did, when a parItem held a vm.State and
// the chunk: 4% of the processor time of swp W=3,M=7,C=4 -j 2
// --no-reduce, perf).
type parItem struct {
	ref           store.SharedRef
	node          uint64
	chunk, off, n uint32
	depth         int32
}

// parChunk is a megabyte of the vectors of states handed over, and the
// count of those not yet expanded, plus one while a worker still copies
// vectors into it. Whoever brings the count to zero (the worker that
// expands its last state, or the one that leaves it for another chunk)
// gives it back to the search's spares: fresh memory costs a page fault
// a page and the collector's work, and the states of a chunk are
// expanded in the order they were handed over (FIFO), so a few chunks
// serve the whole search.
type parChunk struct {
	mem  []byte // the whole chunk: never changes once made
	used int    // its bytes filled, by the worker filling it
	live atomic.Int64
	id   uint32 // its index in Parallel.chunks
}

// parNode is a state handed over: the state it was reached from (a node)
// and the steps from there: the first shared steps of the path of the
// node handed over before it from the same state (prev, an index in the
// worker's nodes; -1: none), then w.steps[off:off+n]. The states one
// expansion hands over are met in depth-first order, so their paths
// share most of their steps (leader_n N=7: 87,163 states handed over,
// about 17 steps each): each keeps the steps where it leaves the one
// before, not a copy of the whole path, which wrote fresh memory on
// every hand-over.
type parNode struct {
	parent       uint64
	off          uint64
	n            uint32
	prev, shared int32
}

// parError is an error a worker found, in the state of node.
type parError struct {
	e    *Error
	node uint64
	seq  int64
}

// parDescend is how many moves below the state it expands a worker
// always goes on as a DFS before it hands the states it stores over:
// fewer states copied and queued (leader_n N=7: 321 MB peak against 350
// MB with 1), and still enough of them to share.
const parDescend = 16

// Past parDescend, a worker that has parStock states of its own waiting,
// while no worker waits for states, explores a new state at once too, as
// the DFS does (worker.stocked); otherwise it hands it over, and adds
// what it handed over to its deque every parOutBatch states, or at once
// when a worker waits. So each worker keeps about parStock states for
// the others to take and otherwise searches in the DFS's order, whose
// matches are more often states it stored a moment before, still in its
// core's cache. It replaced going parDescendDeep (64) moves deep with
// parStock states waiting, which handed over the states past that depth:
// -j 2 --no-reduce, 5 alternating runs (medians of the search's time; a
// cache line's round trip between the two processors 420-480 ns,
// bench/c2c, bench/README.md#coressh): abp_lossy M=50,C=10 0.645 s to
// 0.573, leader_n N=7 1.22 to 1.17, mutex_sem N=10 1.30 to 1.25, swp
// W=3,M=7,C=4 1.75 to 1.49, W=4,M=8,C=3 0.981 to 0.947; both workers on
// one processor (taskset), mutex_sem's processor time 1.57-1.63 s to
// 1.44-1.47 (-j 1: 1.37).
const (
	parStock    = 64
	parOutBatch = 32
)

// parShards is the shards of the shared store per worker: with more,
// each shard's table and chunks are smaller (below a huge page) and the
// appends scatter over more arena tails (leader_n N=7 -j 2: 8 a worker
// cost 15% more processor time than 1 or 2).
const parShards = 2

// noNode is the node of the initial state; a node is the index of a
// worker's parNode << workerBits | the worker.
const (
	noNode     = ^uint64(0)
	workerBits = 8
	// MaxWorkers is the most workers a Parallel search runs.
	MaxWorkers = 1 << workerBits
)

// NewParallel prepares a search of m by workers goroutines (1 to
// MaxWorkers). opts.Store is the shared store (nil: an exact
// store.Table).
func NewParallel(m *vm.Model, opts Options, workers int) (*Parallel, error) {
	opts.MaxDepth = opts.Depth()
	if workers < 1 || workers > MaxWorkers {
		return nil, errors.New("the parallel search runs 1 to 256 workers")
	}
	p := &Parallel{m: m, opts: opts}
	p.idleCond.L = &p.idleMu
	switch st := opts.Store.(type) {
	case nil:
		p.store = store.NewTable(workers)
	case store.Concurrent:
		if st.Len() > 0 {
			return nil, errors.New("the parallel search needs a new store")
		}
		p.store = st
	default:
		return nil, errors.New("the parallel search keeps its states in a store.Concurrent (exact, hc or collapse)")
	}
	p.reduce = opts.Reduce && m.NoReduce == ""
	if p.reduce {
		p.store.SetPayload(1) // the Marks
	}
	table, _ := p.store.(*store.Table)
	if table != nil && !table.Compact() && !opts.noSample {
		// it holds the states the search stored, and nothing else
		p.drawn = sample.Deferred(table.Each)
	}
	for i := range workers {
		o := opts
		o.Store, o.noSample = p.store, true
		d := NewDFS(m, o)
		d.onStack, d.marks = nil, nil
		d.vm.SharedOffsets = true // (ownOffsets)
		if !opts.noSample && p.drawn == nil {
			// each worker samples the states it stores first; merged
			// after the search (result)
			d.sample = sample.NewDistinct()
		}
		w := &worker{p: p, id: i, d: d, view: p.store.View(i), root: noNode}
		d.par = w
		d.hashed, d.hstore, d.ahead = nil, nil, false
		if hv, ok := w.view.(hashedView); ok && d.direct && opts.Observer == nil && opts.ahead != aheadNever {
			d.hashed, w.hv = hv, hv
			d.ahead = opts.ahead == aheadAlways
		}
		d.res = &new(paddedResult).r
		d.res.Reduced = d.reduce
		d.res.Reached = make([][]bool, m.NumIDs())
		for _, pt := range m.Units {
			d.res.Reached[pt.ID] = pt.NewReached()
		}
		markTrace(m, d.res, d.vm)
		p.workers = append(p.workers, w)
	}
	return p, nil
}

// NewSharedStore is a store.Shared for a search by workers goroutines:
// parShards shards a worker (few waits for a lock), each made by newShard.
func NewSharedStore(workers int, newShard func() store.Payloads) *store.Shared {
	return store.NewShared(parShards*workers, newShard)
}

// Run searches the state space and returns the result.
func (p *Parallel) Run() (*Result, error) {
	o := p.opts
	switch {
	case p.m.Claim != nil || o.Cycles != NoCycles:
		return nil, errors.New("the parallel search checks safety properties without a never claim (-j 1 checks the others)")
	case o.Recorder != nil || o.Follower != nil || o.Start != nil:
		return nil, errors.New("search scripts are the one-core search's (-j 1)")
	case o.Observer != nil:
		return nil, errors.New("coverage analyses observe the one-core search (-j 1)")
	case o.StackProviso:
		return nil, errors.New("the parallel search has no stack: its proviso is another (-j 1 for pan's)")
	}
	s0, err := p.m.InitialState()
	if err != nil {
		return nil, err
	}
	if len(p.workers) >= runtime.GOMAXPROCS(0) {
		defer hugepage.Busy()()
	}
	p.start = time.Now()
	w0 := p.workers[0]
	markStarts(p.m, w0.d.res.Reached, s0, 0)
	p.guard(w0, func() {
		if p.reduce {
			w0.d.registerXS(s0, w0.d.report)
			for _, w := range p.workers[1:] {
				// (each machine has its table of owners: what the first
				// registers, the others register alike)
				w.d.registerXS(s0, func(*Error) {})
			}
		}
		d := w0.d
		key := p.m.Key(s0, nil)
		var ref store.SharedRef
		w0.view.Enter()
		if p.reduce {
			ref, _, _ = w0.view.Visit(key, 0)
		} else {
			w0.view.Insert(key)
		}
		w0.view.Leave()
		d.res.Stored, d.res.MaxVector = 1, len(p.m.Vector(s0))
		if d.sample != nil {
			d.sample.Visited(sample.Hash(key))
		}
		if p.opts.MaxStates > 0 && p.stored.Add(1) >= p.opts.MaxStates {
			d.stop(search.Stopped(search.StateBound, p.opts.Budget))
		}
		w0.q.add([]parItem{w0.keep(s0.Buf, ref, 0, noNode)})
		w0.n.Store(1)
	})
	if !p.stopped.Load() {
		var wg sync.WaitGroup
		for _, w := range p.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.guard(w, func() {
					w.view.Enter()
					defer w.view.Leave()
					w.run()
				})
			}()
		}
		wg.Wait()
	}
	return p.result(), nil
}

// guard runs f for worker w, and records the stop that unwinds it.
func (p *Parallel) guard(w *worker, f func()) {
	defer func() {
		if r := recover(); r != nil {
			unwound(r, w.d.res)
			p.halt(w.d.res.Stop)
		}
	}()
	f()
}

// halt stops the search, for the first reason given.
func (p *Parallel) halt(st search.Stop) {
	p.stopMu.Lock()
	if !p.stopped.Load() {
		p.stop = st
		p.stopped.Store(true)
	}
	p.stopMu.Unlock()
	// the workers that wait for states see the stop
	p.idleMu.Lock()
	p.idleCond.Broadcast()
	p.idleMu.Unlock()
}

// run expands states, its own or others', until none is left or the
// search stops.
func (w *worker) run() {
	w.descend = w.reach()
	for !w.p.stopped.Load() {
		it, ok := w.pop()
		if !ok {
			if it, ok = w.steal(); !ok {
				if w.wait() {
					continue
				}
				w.publish()
				return
			}
		}
		w.expand(&it)
		w.push()
	}
}

// pop takes the state this worker handed over first.
func (w *worker) pop() (parItem, bool) {
	if w.n.Load() == 0 {
		// (only this worker adds to q: none is added meanwhile)
		return parItem{}, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	it, ok := w.q.take()
	w.n.Store(int64(w.q.len))
	return it, ok // (not ok: another took them)
}

// push adds the states handed over by the last expansion to the deque,
// and wakes the workers waiting for states.
func (w *worker) push() {
	if len(w.out) == 0 {
		return
	}
	w.mu.Lock()
	w.q.add(w.out)
	w.n.Store(int64(w.q.len))
	w.mu.Unlock()
	w.out = w.out[:0]
	if w.p.idle.Load() > 0 {
		// (a worker counts itself idle before it looks at the deques:
		// either it sees these states or this sees it)
		p := w.p
		p.idleMu.Lock()
		p.idleCond.Broadcast()
		p.idleMu.Unlock()
	}
}

// steal takes the older half of another worker's deque (at least one
// state) into this one's, and the first of them to expand.
func (w *worker) steal() (parItem, bool) {
	ws := w.p.workers
	for k := 1; k < len(ws); k++ {
		v := ws[(w.id+k)%len(ws)]
		if v.n.Load() == 0 {
			continue
		}
		v.mu.Lock()
		avail := v.q.len
		if avail == 0 {
			v.mu.Unlock()
			continue
		}
		for range (avail + 1) / 2 {
			it, _ := v.q.take()
			w.out = append(w.out, it)
		}
		v.n.Store(int64(v.q.len))
		v.mu.Unlock()
		// the oldest (the largest subtree, likely) now, the others as
		// this worker's own
		it := w.out[0]
		w.out = append(w.out[:0], w.out[1:]...)
		w.push()
		return it, true
	}
	return parItem{}, false
}

// wait is a worker with no state to expand: out of the table (a growth
// must not wait for it), it waits until another hands states over (true)
// or until every worker waits, which ends the search, or the search
// stops (false).
func (w *worker) wait() bool {
	p := w.p
	w.publish()
	w.view.Leave()
	defer w.view.Enter()
	p.idleMu.Lock()
	defer p.idleMu.Unlock()
	p.idle.Add(1)
	defer p.idle.Add(-1)
	for {
		if p.done || p.stopped.Load() {
			return false
		}
		for _, v := range p.workers {
			if v.n.Load() > 0 {
				return true
			}
		}
		if int(p.idle.Load()) == len(p.workers) {
			// every worker waits, with no state left: none can hand one
			// over any more
			p.done = true
			p.idleCond.Broadcast()
			return false
		}
		p.idleCond.Wait()
	}
}

// expand explores the stored state of it as the DFS explores a state:
// every move, through the states it does not store and those it stores
// within w.descend moves, up to the states it stores further down
// (insertShared), which wait in the worker's deque.
func (w *worker) expand(it *parItem) {
	d := w.d
	w.root, w.rootDepth, w.last = it.node, it.depth, -1
	if d.reduce {
		// before any of its moves is looked at: see Parallel
		w.view.Mark(it.ref, store.Expanded)
		w.refs = append(w.refs[:0], it.ref)
	}
	depth := int(it.depth)
	if depth > d.res.DepthReached {
		d.res.DepthReached = depth
	}
	d.growTo(depth)
	st := d.states.at(depth)
	c := (*w.p.chunks.Load())[it.chunk]
	st.Buf = append(st.Buf[:0], c.mem[it.off:it.off+it.n]...)
	w.newProcs, w.newChans = w.p.m.Offsets(st.Buf, w.newProcs[:0], w.newChans[:0])
	st.Procs, st.Chans = w.procs.own(w.newProcs), w.chans.own(w.newChans)
	d.states.wrote(depth)
	d.states.kept(depth)
	if c.live.Add(-1) == 0 {
		w.p.recycle(c)
	}
	if w.id == 0 {
		w.p.level.Store(int64(depth))
	}
	d.frames.push(frame{depth: int32(depth), kind: exploreFrame, phase: phasePass, slot: -1, below: -1, presel: -1, stored: true})
	d.frames.top().pass.Set(-1, 0, -1)
	d.loop()
}

// reach is how many moves below each state it expands the worker goes
// on in any case (parDescend; further while it is stocked): the same
// for the whole search, now that how deep a worker goes depends on its
// deque at each state (stocked), not at each expansion.
func (w *worker) reach() int32 {
	if w.p.descend > 0 {
		return w.p.descend
	}
	return parDescend
}

// stocked reports whether the worker explores a new state past its reach
// at once rather than hand it over (parStock): it has that many states
// waiting in its deque, no worker waits for states, and the reach is not
// fixed (Parallel.descend, for tests).
func (w *worker) stocked() bool {
	return w.p.descend == 0 && w.n.Load() >= parStock && w.p.idle.Load() == 0
}

// insertShared is DFS.insert in a parallel search: it stores s (key) in
// the shared store, and hands a new state over (its deque), but for a
// state inside an atomic sequence that blocked (f past its first
// visit), which this worker explores at once, as the DFS does, and for
// one within w.descend moves of the state it expands, which it explores
// at once too. It reports whether this worker explores the state now.
// The state is at depth, reached by the move from the frame parent
// (nil: none) or, when entering is false, a state explored already that
// is stored now (an atomic sequence that blocked). hashed: h is key's
// hash (DFS.takeDirect), for a view whose lookups take one (w.hv). move
// is the move to s when it is not on the path yet (DFS.takeDirect: most
// moves reach a state stored before, which need no path), nil when it is.
func (d *DFS) insertShared(parent *frame, s *vm.State, key []byte, h uint64, hashed bool, depth int32, entering bool, move *pathStep) bool {
	w, res := d.par, d.res
	local := !entering || depth-w.rootDepth < w.descend || w.stocked()
	if max := w.p.opts.MaxStates; max > 0 && w.p.stored.Load() >= max {
		// another worker stored the last state the bound allows (without
		// this, up to a state's successors more; with it, up to one
		// state more a worker)
		d.stop(search.Stopped(search.StateBound, w.p.opts.Budget))
	}
	var (
		ref   store.SharedRef
		isNew bool
		had   store.Marks
		mark  store.Marks // (a state this worker expands now: Expanded)
	)
	if local && d.reduce {
		mark = store.Expanded
	}
	switch {
	case hashed:
		ref, isNew, had = w.hv.VisitHashed(key, h, mark)
	case w.hv != nil:
		// (what View.Visit does, without its two calls)
		ref, isNew, had = w.hv.VisitHashed(key, w.hv.Hash(key), mark)
	case d.reduce:
		ref, isNew, had = w.view.Visit(key, mark)
	default:
		isNew = w.view.Insert(key)
	}
	if d.reduce {
		if parent != nil {
			// the proviso (see Parallel): a move to a state not yet
			// expanded, or to one resolved
			resolved := had&store.Resolved != 0
			parent.good = parent.good || had&store.Expanded == 0 || resolved
			parent.hit = parent.hit || resolved
		}
		if isNew && local {
			w.keepRef(depth, ref)
		}
	}
	if !isNew {
		res.Matched++
		return false
	}
	res.Stored++
	if n := len(d.m.Vector(s)); n > res.MaxVector {
		res.MaxVector = n
	}
	if d.sample != nil {
		d.sample.Visited(sample.Hash(key))
	}
	if res.Stored&1023 == 0 {
		d.checkBounds()
		if d.hashed != nil && !d.ahead {
			_, table := w.p.store.Bytes()
			d.ahead = aheadPays(table)
		}
	}
	if max := w.p.opts.MaxStates; max > 0 && w.p.stored.Add(1) >= max {
		d.stop(search.Stopped(search.StateBound, w.p.opts.Budget))
	}
	if local {
		return true
	}
	if move != nil {
		d.path.push(*move)
	}
	k, shared := d.path.len(), 0
	if w.last >= 0 {
		shared = sharedSteps(&d.path, w.lastPath)
	}
	w.lastPath = w.lastPath[:shared]
	off := uint64(w.steps.len())
	for i := shared; i < k; i++ {
		st := *d.path.at(i)
		w.steps.push(st)
		w.lastPath = append(w.lastPath, st)
	}
	w.nodes.push(parNode{parent: w.root, off: off, n: uint32(k - shared), prev: w.last, shared: int32(shared)})
	w.last = int32(w.nodes.len() - 1)
	node := uint64(w.last)<<workerBits | uint64(w.id)
	w.out = append(w.out, w.keep(s.Buf, ref, depth, node))
	if move != nil {
		d.path.pop()
	}
	if len(w.out) >= parOutBatch || w.p.idle.Load() > 0 {
		// (the expansion may go on for long: see parStock)
		w.push()
	}
	return false
}

// keepRef keeps ref, the state this worker stored at depth to expand it
// now, for resolve.
func (w *worker) keepRef(depth int32, ref store.SharedRef) {
	i := int(depth - w.rootDepth)
	for len(w.refs) <= i {
		w.refs = append(w.refs, store.SharedRef{})
	}
	w.refs[i] = ref
}

// resolve ends the expansion of frame f, the top one, whose state this
// worker stored and expanded, in a reduced search: the state is resolved
// (see Parallel) if it was expanded fully, or if one of the moves its
// reduction took reached a resolved state (f.hit); then the frame below
// learns it (its hit: an unstored state passes it on, DFS.pop).
func (w *worker) resolve(d *DFS, f *frame) {
	if f.presel >= 0 && !f.hit {
		return
	}
	w.view.Mark(w.refs[f.depth-w.rootDepth], store.Resolved)
	if n := d.frames.len(); n > 1 {
		d.frames.get(n - 2).hit = true
	}
}

// sharedSteps is the length of the prefix path and steps have in
// common. It compares eight steps at a time as bytes: a state handed over
// mostly shares all but its last steps with the one before (dozens of
// them, or thousands where a worker went deep: parStock), and a step at
// a time cost 3,400 instructions a state handed over (callgrind, swp
// W=2,M=6,C=3 on one worker: 4% of the search).
func sharedSteps(path *stack[pathStep], steps []pathStep) int {
	n := min(path.len(), len(steps))
	for i := 0; i < n; {
		chunk := path.chunks[i/chunkLen][i%chunkLen:]
		a, b := chunk[:min(len(chunk), n-i)], steps[i:]
		k := 0
		for k+8 <= len(a) && stepBytes(a[k:k+8]) == stepBytes(b[k:k+8]) {
			k += 8
		}
		for k < len(a) && a[k] == b[k] {
			k++
		}
		if i += k; k < len(a) {
			return i
		}
	}
	return n
}

// stepBytes is the memory of steps, as a string to compare (a pathStep
// has no padding).
func stepBytes(steps []pathStep) string {
	return unsafe.String((*byte)(unsafe.Pointer(unsafe.SliceData(steps))), len(steps)*int(unsafe.Sizeof(pathStep{})))
}

// keep copies the bytes b of a state handed over into the worker's
// chunk, counts it there, and returns its item.
func (w *worker) keep(b []byte, ref store.SharedRef, depth int32, node uint64) parItem {
	c := w.arena
	if c == nil || c.used+len(b) > len(c.mem) {
		if c != nil && c.live.Add(-1) == 0 {
			w.p.recycle(c) // (all its states were expanded)
		}
		c = w.p.chunk(len(b))
		w.arena = c
	}
	off := c.used
	c.used += copy(c.mem[off:], b)
	c.live.Add(1)
	return parItem{ref: ref, node: node, chunk: c.id, off: uint32(off), n: uint32(len(b)), depth: depth}
}

// chunk is a chunk for vectors of at least n bytes, a spare one if
// there is one, counted as being filled.
func (p *Parallel) chunk(n int) *parChunk {
	p.spareMu.Lock()
	defer p.spareMu.Unlock()
	var c *parChunk
	if k := len(p.spare) - 1; k >= 0 && len(p.spare[k].mem) >= n {
		c, p.spare[k], p.spare = p.spare[k], nil, p.spare[:k]
	} else {
		var all []*parChunk
		if old := p.chunks.Load(); old != nil {
			all = *old
		}
		c = &parChunk{mem: make([]byte, max(1<<20, n)), id: uint32(len(all))}
		// (a new slice: the workers read the old one meanwhile)
		all = append(slices.Clip(all), c)
		p.chunks.Store(&all)
		p.made.Add(1)
		p.chunkBytes.Add(int64(len(c.mem)))
	}
	c.used = 0
	c.live.Store(1)
	return c
}

// recycle makes c, none of whose states is left to expand, a spare.
func (p *Parallel) recycle(c *parChunk) {
	p.spareMu.Lock()
	p.spare = append(p.spare, c)
	p.spareMu.Unlock()
}

// report counts an error a worker found and keeps it, with the steps
// from the state being expanded (the path to that state is added after
// the search), and stops the search at the error bound (-c).
func (w *worker) report(d *DFS, e *Error) {
	maxErrors := int64(w.p.opts.MaxErrors)
	seq := w.p.errSeq.Add(1)
	if maxErrors > 0 && seq > maxErrors && e.Kind != RuntimeFailure {
		// another worker reached the bound first: it stops the search
		d.stop(search.Stop{Reason: search.ErrorLimit})
	}
	d.res.NumErrors++
	if maxErrors > 0 || len(w.errs) == 0 {
		e.Trail = d.trail()
		w.errs = append(w.errs, parError{e: e, node: w.root, seq: seq})
	}
	if maxErrors > 0 && seq >= maxErrors && e.Kind != RuntimeFailure {
		d.stop(search.Stop{Reason: search.ErrorLimit})
	}
}

// publish makes the worker's counts and memory visible to the others.
func (w *worker) publish() {
	d := w.d
	w.stored.Store(d.res.Stored)
	w.trans.Store(d.res.Stored + d.res.Matched)
	w.depth.Store(int64(d.res.DepthReached))
	perDepth := int64(d.res.MaxVector + d.m.HiddenSize + 64)
	stack := int64(d.states.capacity())*perDepth + int64(d.frames.capacity())*int64(unsafe.Sizeof(frame{}))
	w.mu.Lock()
	queued := int64(len(w.q.items)+cap(w.out)) * int64(unsafe.Sizeof(parItem{}))
	w.mu.Unlock()
	w.bytes.Store(stack + queued +
		int64(w.nodes.capacity())*int64(unsafe.Sizeof(parNode{})) + int64(w.steps.capacity())*int64(unsafe.Sizeof(pathStep{})))
}

// check is DFS.checkBounds in a parallel search: one worker at a time
// checks the bounds and reports the progress of all.
func (w *worker) check(d *DFS) {
	p := w.p
	if p.stopped.Load() {
		// another worker stopped the search (an error, a full store):
		// this one's expansion may go on for long (parStock), so it
		// ends here, not when the expansion does
		p.stopMu.Lock()
		st := p.stop
		p.stopMu.Unlock()
		d.stop(st)
	}
	w.publish()
	if !p.checkMu.TryLock() {
		return
	}
	st := p.bounds()
	p.checkMu.Unlock()
	if st != nil {
		d.stop(*st)
	}
}

// bounds is the stop the budget calls for now (nil: none), and reports
// the search's progress when it is due. The caller holds checkMu.
func (p *Parallel) bounds() *search.Stop {
	mem := p.memory()
	total := mem.Vectors + mem.Table + mem.Stack
	if p.opts.MaxMemory > 0 && total > p.opts.MaxMemory {
		st := search.Stopped(search.MemoryBound, p.opts.Budget)
		return &st
	}
	if p.opts.Progress != nil {
		every := p.opts.ProgressEvery
		if every <= 0 {
			every = time.Second / 4
		}
		if now := time.Now(); now.Sub(p.lastLog) >= every {
			p.lastLog = now
			var stored, trans, depth int64
			for _, w := range p.workers {
				stored += w.stored.Load()
				trans += w.trans.Load()
				depth = max(depth, w.depth.Load())
			}
			p.opts.Progress(Progress{Stored: stored, Transitions: trans, Depth: int(p.level.Load()),
				MaxDepth: int(depth), Elapsed: now.Sub(p.start), Memory: total})
		}
	}
	if p.opts.Time > 0 && time.Since(p.start) > p.opts.Time {
		st := search.Stopped(search.TimeLimit, p.opts.Budget)
		return &st
	}
	if p.opts.Interrupted() {
		return &search.Stop{Reason: search.Interrupted}
	}
	return nil
}

// memory is what the store and the workers use, as of their last
// checks.
func (p *Parallel) memory() Memory {
	vectors, table := p.store.Bytes()
	rest := p.chunkBytes.Load()
	for _, w := range p.workers {
		rest += w.bytes.Load()
	}
	return Memory{Vectors: vectors, Table: table, Stack: rest}
}

// result adds up the workers' results, after the search.
func (p *Parallel) result() *Result {
	res := &Result{Stop: p.stop, Workers: len(p.workers)}
	res.Reduced = p.reduce
	res.Reached = make([][]bool, p.m.NumIDs())
	for _, pt := range p.m.Units {
		res.Reached[pt.ID] = pt.NewReached()
	}
	var (
		errs    []parError
		samples []*sample.Sample
	)
	for _, w := range p.workers {
		w.publish()
		r := w.d.res
		if w.d.sample != nil {
			samples = append(samples, w.d.sample)
		}
		res.Stored += r.Stored
		res.Matched += r.Matched
		res.AtomicSteps += r.AtomicSteps
		res.NumErrors += r.NumErrors
		res.DepthReached = max(res.DepthReached, r.DepthReached)
		res.MaxVector = max(res.MaxVector, r.MaxVector)
		res.DepthLimited = res.DepthLimited || r.DepthLimited
		for id, marks := range r.Reached {
			for i, m := range marks {
				if m {
					res.Reached[id][i] = true
				}
			}
		}
		errs = append(errs, w.errs...)
	}
	if !p.stopped.Load() {
		res.Stop = search.Stop{Reason: search.Complete}
		if res.DepthLimited {
			res.Stop = search.Stop{Reason: search.DepthBound}
		}
	}
	// The errors in the order they were found, each with its whole trail.
	slices.SortFunc(errs, func(a, b parError) int { return int(a.seq - b.seq) })
	if p.opts.MaxErrors == 0 && len(errs) > 1 {
		errs = errs[:1]
	}
	for _, pe := range errs {
		pe.e.Trail = append(p.path(pe.node), pe.e.Trail...)
		res.Errors = append(res.Errors, pe.e)
	}
	switch {
	case p.drawn != nil:
		res.Sample = p.drawn
	case samples != nil:
		res.Sample = sample.Merge(samples)
	}
	res.Elapsed = time.Since(p.start)
	res.Transitions = res.Stored + res.Matched
	res.Memory = p.memory()
	res.Memory.Heap = HeapInUse()
	return res
}

// path is the steps from the initial state to node's state.
func (p *Parallel) path(node uint64) []trail.Step {
	var parts [][]pathStep
	for node != noNode {
		w := p.workers[node&(MaxWorkers-1)]
		n := *w.nodes.at(int(node >> workerBits))
		parts = append(parts, w.pathOf(n))
		node = n.parent
	}
	var out []trail.Step
	for i := len(parts) - 1; i >= 0; i-- {
		for _, st := range parts[i] {
			out = append(out, trail.Step{Pid: int(st.pid), Trans: p.m.Types[st.proctype].Trans[st.trans]})
		}
	}
	return out
}

// pathOf is the steps from n's parent to n: its own, after the first
// n.shared of the nodes before it (parNode), each of which fills the
// positions from its own shared on.
func (w *worker) pathOf(n parNode) []pathStep {
	out := make([]pathStep, int(n.shared)+int(n.n))
	need := len(out) // positions [0, need) are not filled yet
	for {
		from := int(n.shared)
		for i := from; i < need; i++ {
			out[i] = *w.steps.at(int(n.off) + i - from)
		}
		need = min(need, from)
		if need == 0 {
			return out
		}
		n = *w.nodes.at(int(n.prev))
	}
}
