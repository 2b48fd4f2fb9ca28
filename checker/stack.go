package checker

// stack is a stack kept in fixed-size chunks: it never moves what it holds,
// so pointers into it stay valid, and growing it a million entries deep
// copies nothing (a slice that doubles would copy hundreds of megabytes
// at once, out of the garbage collector's reach).
type stack[T any] struct {
	chunks [][]T
	n      int
}

const chunkLen = 4096

// at returns the i-th entry (from the bottom), growing the stack's
// capacity to hold it.
func (s *stack[T]) at(i int) *T {
	for len(s.chunks)*chunkLen <= i {
		s.chunks = append(s.chunks, make([]T, chunkLen))
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
func (s *stack[T]) top() *T { return &s.chunks[(s.n-1)/chunkLen][(s.n-1)%chunkLen] }

// len is the number of entries.
func (s *stack[T]) len() int { return s.n }

// capacity is the number of entries the allocated chunks hold.
func (s *stack[T]) capacity() int { return len(s.chunks) * chunkLen }
