package checker

import (
	"unsafe"

	"gmc/internal/hugepage"
	"gmc/vm"
)

// stack is a stack kept in fixed-size chunks: it never moves what it holds,
// so pointers into it stay valid, and growing it a million entries deep
// copies nothing (a slice that doubles would copy hundreds of megabytes
// at once, out of the garbage collector's reach).
type stack[T any] struct {
	chunks []*[chunkLen]T // (arrays: an index within one needs no bounds check)
	n      int
	last   *T  // the top entry (nil: empty), which the search asks for most
	spare  []T // chunks made but not yet used (a slab, see newChunk)
}

const chunkLen = 4096

// A stack deeper than slabFrom chunks takes its chunks from slabs of
// about slabBytes, on huge pages: a search millions of steps deep
// touches hundreds of megabytes of fresh stack, whose page faults cost
// more than the steps themselves.
const (
	slabFrom  = 8
	slabBytes = 8 << 20
)

// at returns the i-th entry (from the bottom), growing the stack's
// capacity to hold it.
func (s *stack[T]) at(i int) *T {
	// Small enough to inline, unsigned (a shift and a mask): the search
	// asks for its frames and states several times a step.
	if c := uint(i) / chunkLen; c < uint(len(s.chunks)) {
		return &s.chunks[c][uint(i)%chunkLen]
	}
	return s.grow(i)
}

// get returns the i-th entry, which the stack's capacity holds already
// (an entry at was asked for, or below the top): at without its growth
// inlines, where at does not (its call to grow puts it over the
// inliner's budget), and the search asks for its frames several times a
// step.
func (s *stack[T]) get(i int) *T {
	return &s.chunks[uint(i)/chunkLen][uint(i)%chunkLen]
}

// grow adds chunks until the stack can hold entry i, and returns it.
func (s *stack[T]) grow(i int) *T {
	for len(s.chunks)*chunkLen <= i {
		s.chunks = append(s.chunks, s.newChunk())
	}
	return &s.chunks[i/chunkLen][i%chunkLen]
}

// push adds v on top.
func (s *stack[T]) push(v T) { *s.add() = v }

// pushZero pushes a zero entry and returns it, to be filled in place:
// push's argument, a struct literal, is built on the goroutine's stack
// by small stores and then copied by wide loads, which wait for those
// stores to reach the cache (a store-to-load forwarding stall: 12% of
// DFS.loop's samples, perf record on philo_host N=6).
func (s *stack[T]) pushZero() *T {
	p := s.add()
	var zero T
	*p = zero
	return p
}

// add makes room for one more entry on top and returns it, as it was.
func (s *stack[T]) add() *T {
	if s.n >= len(s.chunks)*chunkLen {
		s.grow(s.n)
	}
	s.last = s.get(s.n)
	s.n++
	return s.last
}

// pop removes the top entry.
func (s *stack[T]) pop() {
	s.n--
	s.last = nil
	if s.n > 0 {
		s.last = s.get(s.n - 1)
	}
}

// top returns the top entry.
func (s *stack[T]) top() *T { return s.last }

// len is the number of entries.
func (s *stack[T]) len() int { return s.n }

// capacity is the number of entries the allocated chunks hold.
func (s *stack[T]) capacity() int { return len(s.chunks) * chunkLen }

// newChunk returns a new chunk: a chunk of its own while the stack is
// shallow, else the next of a slab.
func (s *stack[T]) newChunk() *[chunkLen]T {
	if len(s.chunks) < slabFrom {
		// (hugepage.Make faults it in at once: a chunk is filled)
		return (*[chunkLen]T)(hugepage.Make[T](chunkLen))
	}
	if len(s.spare) == 0 {
		var t T
		n := max(1, slabBytes/(chunkLen*int(unsafe.Sizeof(t))))
		s.spare = hugepage.Make[T](n * chunkLen)
	}
	c := (*[chunkLen]T)(s.spare)
	s.spare = s.spare[chunkLen:]
	// What follows it, two huge pages of it, is faulted in on another
	// goroutine while it fills (a search a million steps deep touches
	// hundreds of megabytes of fresh stack: hugepage.FaultAhead; the
	// pages already in cost the other goroutine a look).
	var t T
	hugepage.FaultAhead(s.spare[:min(2*hugepage.Size/int(unsafe.Sizeof(t)), len(s.spare))])
	return c
}

// stateStack is the state kept for each depth of the product search,
// whose recursion holds a depth's state across its subtree: a vm.State
// per depth, which never moves (the DFS keeps its states in a
// stateArena, more compact but with two states valid at a time). The buffer
// of a depth's state is cut from a slab when the depth is first reached,
// as wide as the state below it (with room to grow); a state that
// outgrows it (a process created) gets one of its own from append. A
// buffer per depth from the heap cost an allocation per depth and, on a
// search hundreds of thousands of steps deep, most of its page faults.
type stateStack struct {
	stack[vm.State]
	free []byte // the rest of the current slab
	slab int    // the size of the last slab made: they double
}

// Sizes of the slabs of state buffers: small while the search is
// shallow, at most maxSlab (on huge pages).
const (
	minSlab = 64 << 10
	maxSlab = 8 << 20
)

// at returns the state of depth i, growing the stack to hold it.
func (s *stateStack) at(i int) *vm.State {
	st := s.stack.at(i)
	if st.Buf == nil && i > 0 {
		if below := s.stack.at(i - 1).Buf; below != nil {
			st.Buf = s.cut(len(below) + len(below)/4)
		}
	}
	return st
}

// cut returns an empty buffer of capacity n (rounded up to 16 bytes)
// from the slab.
func (s *stateStack) cut(n int) []byte {
	n = (n + 15) &^ 15
	if len(s.free) < n {
		s.slab = min(max(2*s.slab, minSlab, n), max(maxSlab, n))
		s.free = hugepage.Make[byte](s.slab)
	}
	b := s.free[:0:n]
	s.free = s.free[n:]
	return b
}

// stateArena is the state kept for each depth of the DFS, in memory the
// garbage collector never scans: each depth's bytes in a pointer-free
// arena, and its Procs and Chans as the index of a layout in a short
// table (they change only when a process is created or removed). A depth
// costs its bytes and a 20-byte record, where a stateStack's costs a
// vm.State (72 bytes of slice headers, which the collector marks at
// every cycle) and a buffer a quarter wider than its state: on
// philo_host N=6, 567,000 steps deep, the search stack's fresh pages
// were a tenth of the search's time.
//
// at hands out vm.State values over the arena, two of them, by the
// parity of the depth: a step reads the state of its depth and writes
// the one below it. A state written (vm.CopyState, then the vm's Effect)
// must be said to be (wrote), and when it becomes a frame's, kept: what
// the vm changed in the value (a Buf that outgrew its room, the Procs
// and Chans of a process created or removed) is then written back to
// the depth's record. A state written and not kept (a move to a state
// stored before: half of a search's moves) is scratch, dropped when
// its depth's value is handed out for another depth, and written over
// by the next step from the depth above. So a *vm.State from at stays
// valid only until at is asked for another depth of the same parity,
// which suits the DFS's loop (it asks again at every phase) but not the
// product search's recursion, which holds a state across its subtree
// (stateStack). And a depth kept makes every deeper one meaningless
// until it is kept again: the layouts are a stack.
type stateArena struct {
	recs    stack[stateRec]
	slabs   [][]byte // the arena: a depth's bytes are in one slab
	used    int      // bytes used in the last slab
	layouts []layout // layouts[0]: none (a record never written)
	open    [2]openState
}

// stateRec is where a depth's state is: its bytes at off in slab (n of
// them, room for size), its Procs and Chans in layouts[layout].
type stateRec struct {
	slab, off, n, size uint32
	layout             uint32
}

// layout is the Procs and Chans of the states of some depths.
type layout struct{ procs, chans []int32 }

// openState is a depth's state handed out by at (depth -1: none); dirty:
// it was written since, and its record is not up to date; rec: the
// depth's record (found once: the records never move).
type openState struct {
	depth int
	dirty bool
	rec   *stateRec
	st    vm.State
}

// newStateArena returns an empty arena.
func newStateArena() stateArena {
	return stateArena{
		open:    [2]openState{{depth: -1}, {depth: -1}},
		layouts: []layout{{}}, // index 0: none (a record never written)
	}
}

// at returns the state of depth i, valid until at is asked for another
// depth of the same parity.
func (a *stateArena) at(i int) *vm.State {
	o := &a.open[i&1]
	if o.depth != i {
		a.reopen(i)
	}
	return &o.st
}

// wrote says that the state of depth i, which at handed out, was written.
func (a *stateArena) wrote(i int) { a.open[i&1].dirty = true }

// kept says that the state of depth i, which at handed out and was
// written, is now a frame's (it will be read again after at hands out
// other depths): its record is brought up to date. The depth above it
// must have been kept before (it is where its state came from).
func (a *stateArena) kept(i int) {
	if o := &a.open[i&1]; o.depth == i {
		a.commit(o)
	}
}

// capacity is the number of depths the records allocated hold.
func (a *stateArena) capacity() int { return a.recs.capacity() }

// reopen hands out the state of depth i in place of the one of its
// parity (kept before, or scratch).
//
// It is never inlined, so that at, its only caller, is small enough to
// be inlined everywhere (cost 80, the default budget, against 545 with
// reopen in it): at asks for reopen on a third of its calls, and was a
// call at most of its sites, among them DFS.step's first, where step's
// cost left no room (step is inlined into loop under the profile-guided
// budget of 2000, and was at 1990; 1548 now). bench/instructions.sh -b:
// 0.4-1.3% fewer instructions on its six models (geometric mean 0.7%).
//
//go:noinline
func (a *stateArena) reopen(i int) {
	r := a.recs.at(i)
	if r.size == 0 {
		// First reached: as wide as the state above, which is where it
		// is copied from.
		n := 0
		if i > 0 {
			n = int(a.recs.get(i - 1).n)
		}
		a.cut(r, n)
	}
	o := &a.open[i&1]
	o.depth, o.dirty, o.rec = i, false, r
	o.st.Buf = a.slabs[r.slab][r.off : r.off+r.n : r.off+r.size]
	l := &a.layouts[0] // (none: a record never written)
	if k := int(r.layout); k < len(a.layouts) {
		l = &a.layouts[k]
	}
	o.st.Procs, o.st.Chans = l.procs, l.chans
}

// commit writes open state o back to its depth's record, if it was
// written.
func (a *stateArena) commit(o *openState) {
	if !o.dirty {
		return
	}
	o.dirty = false
	r, st := o.rec, &o.st
	if n := len(st.Buf); n > 0 && &st.Buf[0] != &a.slabs[r.slab][r.off] {
		// append gave it a buffer of its own: it outgrew its room,
		// which is then made anew, with some to spare
		if n > int(r.size) {
			a.cut(r, n+n/4)
		}
		copy(a.slabs[r.slab][r.off:], st.Buf)
		st.Buf = a.slabs[r.slab][r.off : r.off+uint32(n) : r.off+r.size]
	}
	r.n = uint32(len(st.Buf))
	// The layout: the one above's when the state shares its Procs and
	// Chans (copied from it), else a new one after it, which ends the
	// table (the deeper depths' states are meaningless now).
	above := 0
	if o.depth > 0 {
		above = min(int(a.recs.get(o.depth-1).layout), len(a.layouts)-1)
	}
	if !a.layouts[above].is(st) {
		a.layouts = append(a.layouts[:above+1], layout{st.Procs, st.Chans})
		above++
	}
	r.layout = uint32(above)
}

// is reports whether st's Procs and Chans are l's (the same slices: they
// are never changed in place).
func (l *layout) is(st *vm.State) bool {
	return sameSlice(l.procs, st.Procs) && sameSlice(l.chans, st.Chans)
}

// sameSlice reports whether x and y are the same slice (or both empty).
func sameSlice(x, y []int32) bool {
	return len(x) == len(y) && (len(x) == 0 || unsafe.SliceData(x) == unsafe.SliceData(y))
}

// cut gives record r room for n bytes (at least 16, rounded up to 8) in
// the arena.
func (a *stateArena) cut(r *stateRec, n int) {
	n = (max(n, 16) + 7) &^ 7
	if len(a.slabs) == 0 || a.used+n > len(a.slabs[len(a.slabs)-1]) {
		size := minSlab
		if k := len(a.slabs); k > 0 {
			size = min(2*len(a.slabs[k-1]), maxSlab)
		}
		a.slabs = append(a.slabs, hugepage.Make[byte](max(size, n)))
		a.used = 0
		a.faultWindow(1)
	}
	r.slab, r.off, r.size = uint32(len(a.slabs)-1), uint32(a.used), uint32(n)
	if w := a.used / stackWindow; (a.used+n)/stackWindow != w {
		a.faultWindow(w + 2) // (the depths enter window w+1)
	}
	a.used += n
}

// faultWindow faults in window w of the last slab on another goroutine
// (hugepage.FaultAhead), ahead of the depths that will take it, as the
// stacks fault in their next chunk.
func (a *stateArena) faultWindow(w int) {
	slab := a.slabs[len(a.slabs)-1]
	hugepage.FaultAhead(slab[min(w*stackWindow, len(slab)):min((w+1)*stackWindow, len(slab))])
}

// stackWindow is how far ahead of the deepest state the state arena's
// slab is faulted in: a huge page, the unit the kernel faults in.
const stackWindow = hugepage.Size
