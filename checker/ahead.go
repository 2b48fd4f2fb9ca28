package checker

import (
	"gmc/store"
	"gmc/vm"
)

// hasher is a store, or a parallel search's view of one, whose lookup
// can be taken in steps: the hash of a vector, a request for the table's
// slot it leads to, and the lookup. The search asks for the slot of one
// state while it computes the next (DFS.takeDirect).
type hasher interface {
	Hash(v []byte) uint64
	Prefetch(h uint64)
}

// hashedStore is a store whose lookups take a hash (store.Exact,
// store.HashCompact).
type hashedStore interface {
	hasher
	InsertHashed(v []byte, h uint64) bool
	PutHashed(v []byte, h uint64) (ref uint64, isNew bool)
}

// hashedView is a parallel search's view of its store whose lookups
// take a hash (store.View, of a store.Table).
type hashedView interface {
	hasher
	VisitHashed(v []byte, h uint64, mark store.Marks) (ref store.SharedRef, isNew bool, had store.Marks)
}

// aheadFrom is the size of a store's table (its slots, in bytes) from
// which the search computes its moves ahead (DFS.takeDirect): what the
// scheme hides is the miss of the slot its prefetch asks for, and a
// smaller table's slots mostly hit the processor's caches, where the
// instructions it costs (about a tenth more a transition) are not paid
// back. The table, not the states: a state the lookup then reads was
// mostly stored a few moves before (the arena fills in the search's
// order) and is still in the cache. (Not on every model: perf on
// mutex_sem N=10, 1.24 M states, puts as many of the lookup's samples on
// the matched vector's first byte as on its slot, 43% and 41%; asking
// for the vector too, by reading the slot asked for one move before,
// made that search 8.5% slower, farm-bench, 10 pairs: the read waits
// where a request would not.) Measured (farm-bench, whole runs,
// the median of 15 pairs, 2026-12-07): from a table of 4 MiB, --store
// hc (a table and nothing else) ran swp W=3,M=7,C=3 -w20 in 0.935 and
// bakery N=3,T=3 -w19 in 0.944 of the time without; a threshold of 4
// MiB of states and table made the exact store's reduced searches of
// 4-10 MiB (dtp, philo_host N=5, abp_lossy M=10) 1-5% slower, as 16 MiB
// had kept them without.
const aheadFrom = 4 << 20

// aheadPays reports whether a store of table bytes of slots is large
// enough for the search to compute its moves ahead (aheadFrom).
func aheadPays(table int64) bool { return table >= aheadFrom }

// next is what computeAhead found after a move.
type next uint8

const (
	nextUsual next = iota // the pass is where it was: step takes the next move
	nextAhead             // the next move is computed, in DFS.alt
	nextNone              // the pass is over: the move before was its last
)

// takeDirect takes frame f's move (in move) from s to next, a direct
// move: to a state outside atomic sequences and rendezvous, within the
// depth bound, that raised no error. What the child's frame would do
// first (enter, insert) is done here, and a state stored before (half of
// a search's moves, or more) never gets a frame, nor its move a place on
// the path: the step is counted as the child's return would count it.
//
// Once the store is large (DFS.ahead), it computes the frame's next move
// before it looks next up, and asks for that move's slot, so that the
// lookup of one state (a cache miss in a large store, the most of a
// large search's time) and the computation of the next overlap: a state
// stored before is followed by the move computed ahead, in the same
// loop, and a new one keeps it (pend) for when its subtree is done
// (phaseChildAhead). Only the computation is ahead: its lookup, what it
// marks reached and what it counts come in the search's order, so every
// count and report is as without (pan's). A move computed ahead that is
// not a direct one, or changes the processes or channels, is dropped,
// and the pass set back to take it again the usual way.
//
// It reports whether the frame's pass goes on from where it is (the last
// move reached a state stored before, and none was computed ahead): the
// caller, step, then takes the next move.
func (d *DFS) takeDirect(f *frame, s, next *vm.State, move pathStep) (goOn bool) {
	depth := int(f.depth)
	key := d.keyOf(next)
	ahead := d.ahead
	var h uint64
	if ahead {
		h = d.hashed.Hash(key)
		d.hashed.Prefetch(h)
	}
	for {
		then := nextUsual
		var (
			isNew bool
			ref   uint64
		)
		if ahead {
			f.pass.Took() // (a direct move always moves)
			then = d.computeAhead(f, s)
		}
		if d.par != nil {
			// A parallel worker's: insertShared counts the arrival and
			// hands over the new states past the worker's reach, with
			// their paths (the move included).
			if d.insertShared(f, next, key, h, ahead, int32(depth+1), true, &move) {
				d.path.push(move)
				d.descend(f).stored = true
				d.aheadPhase(f, then)
				d.reachedDepth(depth + 1)
				return false
			}
		} else {
			switch {
			case !ahead:
				isNew, ref = d.storeScripted(key)
			case d.marks != nil:
				ref, isNew = d.hstore.PutHashed(key, h)
			default:
				isNew = d.hstore.InsertHashed(key, h)
			}
			if d.wants(isNew) {
				d.tell(key, isNew)
			}
			if isNew {
				d.path.push(move)
				child := d.descend(f)
				if d.reduce {
					d.reduceMark(child, f, key, ref, true, false)
				}
				d.aheadPhase(f, then)
				d.newState(child, next)
				d.reachedDepth(depth + 1)
				return false
			}
			if d.reduce {
				d.reduceMark(nil, f, key, ref, false, false)
			}
			d.res.Matched++
		}
		switch then {
		case nextUsual:
			d.took(f)
			return true
		case nextNone:
			d.tookMove(s, move)
			f.phase = phasePassDone
			return false
		}
		d.tookMove(s, move)
		// the move computed ahead is the next one
		if d.moves++; d.moves&boundsEvery == 0 {
			d.checkBounds()
		}
		vm.CopyState(next, &d.alt)
		d.states.wrote(depth + 1)
		move = d.aheadMove(f)
		key, h = d.keyOf(next), d.altHash
	}
}

// aheadPhase is where frame f is after its child returns, then being
// what its pass found after the child's move (computeAhead): the move
// after it computed and kept (pend), or none.
func (d *DFS) aheadPhase(f *frame, then next) {
	switch then {
	case nextAhead:
		d.pend.push(d.alt.Buf, d.altHash)
		f.phase = phaseChildAhead
	case nextNone:
		f.phase = phaseChildLast
	}
}

// resumeAhead takes frame f's move computed ahead, kept over the subtree
// of the move before it.
func (d *DFS) resumeAhead(f *frame) {
	f.phase = phaseNext
	depth := int(f.depth)
	if d.moves++; d.moves&boundsEvery == 0 {
		d.checkBounds()
	}
	d.growTo(depth + 1)
	s := d.states.at(depth)
	next := d.states.at(depth + 1)
	v, h := d.pend.pop()
	d.hashed.Prefetch(h)
	next.Buf = append(next.Buf[:0], v...)
	next.Procs, next.Chans = s.Procs, s.Chans
	d.states.wrote(depth + 1)
	d.takeDirect(f, s, next, d.aheadMove(f))
}

// aheadMove is the move frame f's pass found last, computed ahead, as
// step has it: its path step, and the elements it passes marked reached
// (now that it is taken).
func (d *DFS) aheadMove(f *frame) pathStep {
	_, _, t := f.pass.Last(d.m)
	proctype := f.pass.ProcTypeID()
	if len(t.Path) > 0 {
		vm.MarkFired(d.res.Reached[proctype], t)
	}
	return pathStep{pid: int32(f.pass.Pid()), proctype: int32(proctype), trans: int32(t.ID)}
}

// computeAhead computes the next move of frame f's pass from s into
// d.alt, and asks for its slot, when it is a direct move that keeps s's
// processes and channels (nextAhead); otherwise it leaves the pass where
// it was (nextUsual: the move is taken again the usual way), or at its
// end (nextNone).
func (d *DFS) computeAhead(f *frame, s *vm.State) next {
	x := d.vm.XS
	if x == nil {
		return d.computeNext(f, s)
	}
	// The checks of xs and xr: an owner given ahead of its turn is
	// taken back, and the move taken again in its turn.
	saved := f.pass
	x.Tentative(true)
	then := d.computeNext(f, s)
	x.Tentative(false)
	if x.TakeBack() {
		f.pass = saved
		return nextUsual
	}
	return then
}

// computeNext is computeAhead but for the checks of xs and xr.
func (d *DFS) computeNext(f *frame, s *vm.State) next {
	machine := d.vm
	saved := f.pass
	_, t, ok := f.pass.Next(machine, s)
	if t == nil {
		return nextNone
	}
	if !ok || t.Atom&vm.Atomic != 0 {
		f.pass = saved
		return nextUsual
	}
	vm.CopyState(&d.alt, s)
	if !machine.Effect(&d.alt, t) || machine.Rendezvous != 0 || len(machine.Errors) > 0 ||
		!sameSlice(d.alt.Procs, s.Procs) || !sameSlice(d.alt.Chans, s.Chans) {
		f.pass = saved
		return nextUsual
	}
	key := d.m.Key(&d.alt, d.altKey)
	if d.m.KeyBuilt() {
		d.altKey = key
	}
	d.altHash = d.hashed.Hash(key)
	d.hashed.Prefetch(d.altHash)
	return nextAhead
}

// tookMove records that move, taken from s, moved: DFS.took for a move
// its frame's pass has gone past.
func (d *DFS) tookMove(s *vm.State, move pathStep) {
	pt := d.m.Types[move.proctype]
	t := pt.Trans[move.trans]
	pt.MarkStep(d.res.Reached[pt.ID], d.m.PC(s, int(move.pid)), t)
	if d.opts.Observer != nil {
		d.opts.Observer.Executed(pt, t)
	}
}

// pendStack keeps the moves computed ahead over the subtrees of the
// moves before them (a frame's one at most, so in the frames' order):
// each state's bytes, and its hash.
type pendStack struct {
	buf  []byte
	recs []pendRec
}

type pendRec struct {
	off, n int
	h      uint64
}

func (p *pendStack) push(v []byte, h uint64) {
	p.recs = append(p.recs, pendRec{len(p.buf), len(v), h})
	p.buf = append(p.buf, v...)
}

// pop removes the top state, and returns its bytes (valid until the next
// push) and hash.
func (p *pendStack) pop() ([]byte, uint64) {
	r := p.recs[len(p.recs)-1]
	p.recs = p.recs[:len(p.recs)-1]
	p.buf = p.buf[:r.off]
	return p.buf[r.off : r.off+r.n], r.h
}
