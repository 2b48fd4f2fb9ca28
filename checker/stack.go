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
	chunks [][]T
	n      int
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

// grow adds chunks until the stack can hold entry i, and returns it.
func (s *stack[T]) grow(i int) *T {
	for len(s.chunks)*chunkLen <= i {
		s.chunks = append(s.chunks, s.newChunk())
	}
	return &s.chunks[i/chunkLen][i%chunkLen]
}

// push adds v on top.
func (s *stack[T]) push(v T) {
	*s.at(s.n) = v
	s.n++
}

// pop removes the top entry.
func (s *stack[T]) pop() { s.n-- }

// top returns the top entry.
func (s *stack[T]) top() *T {
	i := uint(s.n - 1)
	return &s.chunks[i/chunkLen][i%chunkLen]
}

// len is the number of entries.
func (s *stack[T]) len() int { return s.n }

// capacity is the number of entries the allocated chunks hold.
func (s *stack[T]) capacity() int { return len(s.chunks) * chunkLen }

// newChunk returns a new chunk: a chunk of its own while the stack is
// shallow, else the next of a slab.
func (s *stack[T]) newChunk() []T {
	if len(s.chunks) < slabFrom {
		return make([]T, chunkLen)
	}
	if len(s.spare) == 0 {
		var t T
		n := max(1, slabBytes/(chunkLen*int(unsafe.Sizeof(t))))
		s.spare = hugepage.Make[T](n * chunkLen)
	}
	c := s.spare[:chunkLen:chunkLen]
	s.spare = s.spare[chunkLen:]
	return c
}

// stateStack is the state kept for each depth of a search. The buffer
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
