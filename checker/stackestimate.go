package checker

import (
	"time"

	"gmc/store"
	"gmc/vm"
	"gmc/walk"
)

// The estimate of a depth-first search stopped early (by its memory or
// state bound, its time limit or an interrupt): eq. 5.2 and 5.3 of 004
// applied to the DFS stack, the DFS's worklist. The subtrees the search
// finished below the states on its stack are the samples: (b) how many,
// (a) the states in them; (d) the moves of the stack's states to states
// not visited; the states never visited are about a/b * d.

// StackEstimate is the coverage a stopped search estimates.
type StackEstimate struct {
	Percent       float64
	Samples       int64   // (b) subtrees finished below the stack
	SampledStates int64   // (a) their states
	Unexplored    int64   // (d) moves of the stack to states not visited (distinct)
	Unvisited     float64 // (c) = a/b * d
}

// lookup is a store that tells whether it holds a state: the exact
// stores (store.Exact, store.Collapse) and hash compaction, whose answer
// is wrong only where the search omitted a state.
type lookup interface {
	Has(v []byte) bool
}

// stackEstimate estimates the coverage of the search that stopped, or
// returns nil when it cannot: a store that forgets or misses states
// often (a cache, bitstate: no telling what is visited), a stop at an
// error or at the depth bound, no subtree finished.
func (d *DFS) stackEstimate() *StackEstimate {
	if d.res.Stats.NumErrors > 0 || !d.res.Stop.Reason.Bounded() {
		return nil
	}
	return d.estimateFromStack()
}

// estimateFromStack is the estimate of the search as it stands (nil when
// the store cannot tell what is visited, or no subtree is finished).
func (d *DFS) estimateFromStack() *StackEstimate {
	exact, ok := d.store.(lookup)
	if !ok || d.opts.Start != nil || d.frames.len() == 0 {
		return nil
	}
	w, err := walk.New(d.m, d.opts.MaxDepth)
	if err != nil {
		return nil
	}
	// No longer than the search took (at least a second): the states on
	// the stack whose moves lead through more unstored states than can
	// be listed in that time give no estimate, rather than no end.
	deadline := time.Now().Add(max(time.Since(d.start), time.Second))
	w.Stop = func() bool { return time.Now().After(deadline) }
	e := &StackEstimate{}
	var fresh, onStack int64
	unvisited := map[uint64]bool{}
	for i := range d.frames.len() {
		f := d.frames.at(i)
		if !f.stored {
			continue
		}
		onStack++
		fresh += int64(f.fresh)
		succ, _ := w.Successors(d.states.at(int(f.depth)))
		if w.Truncated() {
			return nil
		}
		for _, sc := range succ {
			if sc.S == nil {
				continue
			}
			key := d.m.Key(sc.S, nil)
			if !exact.Has(key) {
				h := store.Fingerprint(key)
				unvisited[h] = true
			}
		}
	}
	e.Samples = fresh - (onStack - 1) // the stacked states' own arrivals are not finished
	e.SampledStates = d.res.Stored - onStack
	e.Unexplored = int64(len(unvisited))
	switch {
	case e.Unexplored == 0:
		e.Percent = 100
	case e.Samples <= 0:
		return nil
	default:
		e.Unvisited = float64(e.SampledStates) / float64(e.Samples) * float64(e.Unexplored)
		e.Percent = 100 * float64(d.res.Stored) / (float64(d.res.Stored) + e.Unvisited)
	}
	return e
}

// Progress is how far a search is, for a progress display.
type Progress struct {
	Stored, Transitions int64
	Depth, MaxDepth     int // the stack's depth now, the deepest so far
	Elapsed             time.Duration
	Memory              int64 // store and stack, bytes
	// Estimate is the coverage estimated from the stack (refreshed every
	// few seconds; nil when there is none).
	Estimate *StackEstimate
}

// progress calls Options.Progress when it is due.
func (d *DFS) progress() {
	now := time.Now()
	every := d.opts.ProgressEvery
	if every <= 0 {
		every = time.Second / 4
	}
	if now.Sub(d.lastProgress) < every {
		return
	}
	d.lastProgress = now
	if now.Sub(d.lastEstimate) >= 8*every {
		d.lastEstimate = now
		d.estimate = d.estimateFromStack()
	}
	m := d.memory()
	depth := 0
	if d.frames.len() > 0 {
		depth = int(d.frames.top().depth)
	}
	d.opts.Progress(Progress{Stored: d.res.Stored, Transitions: d.res.Stored + d.res.Matched, Depth: depth, MaxDepth: d.res.DepthReached,
		Elapsed: now.Sub(d.start), Memory: m.Vectors + m.Table + m.Stack, Estimate: d.estimate})
}

// noteBeyond keeps s, a state the depth bound cut off, when the store is
// exact and has not stored it.
func (d *DFS) noteBeyond(s *vm.State) {
	exact, ok := d.store.(lookup)
	if !ok || d.opts.Start != nil {
		return
	}
	if d.beyond == nil {
		d.beyond = store.NewExact()
	}
	if key := d.m.Key(s, nil); d.beyond.Len() < maxBeyond && !exact.Has(key) {
		d.beyond.Insert(key)
	}
}

// countBeyond counts the states cut off by the depth bound that the
// search did not store by another, shorter path.
func (d *DFS) countBeyond() int64 {
	exact, ok := d.store.(lookup)
	if !ok || d.beyond == nil {
		return 0
	}
	var n int64
	d.beyond.Each(func(key []byte) {
		if !exact.Has(key) {
			n++
		}
	})
	return n
}
