package store

import (
	"encoding/binary"
	"math/bits"
	"sync"

	"gmc/internal/vhash"
)

// Shared is a store several goroutines may use at once: the parallel
// search's (checker.Parallel, gmc run -j N). It cuts the states into
// shards by a hash of their vectors, each shard a store of its own (Exact,
// HashCompact or Collapse) behind its own lock, so that two goroutines
// wait for each other only when they touch one shard at once. A state is
// always in the same shard, so the shards together hold each state once,
// as one store would.
//
// Each state carries one byte of payload when SetPayload(1) was called:
// the parallel search's Marks, read and written under the shard's lock
// by Visit and Mark.
type Shared struct {
	shift  uint // a hash's top bits choose the shard
	shards []shard
}

// shard is one part of a Shared store and its lock, padded so that two
// shards' locks do not share a cache line.
type shard struct {
	mu sync.Mutex
	st Payloads
	_  [40]byte
}

// Marks are the bits the parallel search keeps on each state of a
// Concurrent store (checker.Parallel says why): set, never cleared.
type Marks uint8

const (
	// Expanded: a worker has begun to expand the state.
	Expanded Marks = 1 << iota
	// Resolved: the state is known to lead to a fully expanded one
	// through the moves a partial-order reduction explored.
	Resolved
)

// SharedRef finds a state of a Concurrent store again (to Mark it): in
// a Shared store its shard and its payload there, in a Table its hash
// and its arena position.
type SharedRef struct {
	a, b uint64
}

// Concurrent is a store several goroutines search at once, each through
// its own SharedView: Shared (shards behind locks, for any Payloads) and
// Table (exact, lock-free). Len, Bytes and Insert are for one goroutine
// when no View is in use (Bytes also while they are: as of their last
// counts).
type Concurrent interface {
	Store
	// SetPayload(1) gives every state the Marks of Visit and Mark;
	// call it before the first insert.
	SetPayload(n int)
	// View is goroutine i's access to the store.
	View(i int) SharedView
}

// SharedView is one goroutine's access to a Concurrent store. It looks
// up states only between Enter and Leave, and must not wait for another
// goroutine in between (a Table's growth waits for every View in the
// table to look up a state again or leave).
type SharedView interface {
	Enter()
	Leave()
	// Insert adds v and reports whether it is new.
	Insert(v []byte) bool
	// Visit inserts v, and reports whether it is new and the marks it
	// had before the call (SetPayload(1)); a new v gets the marks mark.
	Visit(v []byte, mark Marks) (ref SharedRef, isNew bool, had Marks)
	// Mark sets the marks m of the state ref finds.
	Mark(ref SharedRef, m Marks)
}

// NewShared returns a store of at least n shards (rounded up to a power
// of two), each made by newShard, which must return an empty store.
func NewShared(n int, newShard func() Payloads) *Shared {
	if n < 1 {
		n = 1
	}
	lg := bits.Len(uint(n - 1))
	s := &Shared{shift: uint(64 - lg), shards: make([]shard, 1<<lg)}
	for i := range s.shards {
		s.shards[i].st = newShard()
	}
	return s
}

// shardOf is the index of the shard that holds v.
func (s *Shared) shardOf(v []byte) uint32 {
	if len(s.shards) == 1 {
		return 0
	}
	return uint32(shardHash(v) >> s.shift)
}

// shardHash is the hash that chooses a state's shard: vhash.Lanes's
// accumulator in four lanes of 8 bytes, which the processor
// runs side by side (twice as fast as one on a 174-byte vector: every
// insert of a parallel search pays it), with a fixed seed, so that a
// run's shards, and what the report says of them (Parts), are the same
// every time; the shards' stores hash the vector again their own way.
func shardHash(v []byte) uint64 {
	const c1, c2 = 0x9e3779b97f4a7c15, 0xc2b2ae3d27d4eb4f
	var a, b, c, d uint64 = c1 ^ uint64(len(v)), c2, c1 ^ 0x5555, c2 ^ 0xaaaa
	for len(v) >= 32 {
		a = (a ^ binary.LittleEndian.Uint64(v)) * c2
		b = (b ^ binary.LittleEndian.Uint64(v[8:])) * c2
		c = (c ^ binary.LittleEndian.Uint64(v[16:])) * c2
		d = (d ^ binary.LittleEndian.Uint64(v[24:])) * c2
		a ^= a >> 29
		b ^= b >> 29
		c ^= c >> 29
		d ^= d >> 29
		v = v[32:]
	}
	for len(v) >= 8 {
		a = (a ^ binary.LittleEndian.Uint64(v)) * c2
		a ^= a >> 29
		v = v[8:]
	}
	var w uint64
	for i, x := range v {
		w |= uint64(x) << (8 * uint(i))
	}
	return vhash.Mix((a^w)*c2 ^ vhash.Mix(b) ^ vhash.Mix(c)*3 ^ vhash.Mix(d)*5)
}

// SetPayload gives every state n bytes of payload, zero when it is added
// (Payloads.SetPayload); call it before the first insert.
func (s *Shared) SetPayload(n int) {
	for i := range s.shards {
		s.shards[i].st.SetPayload(n)
	}
}

// Insert implements Store.
func (s *Shared) Insert(v []byte) bool {
	sh := &s.shards[s.shardOf(v)]
	sh.mu.Lock()
	isNew := sh.st.Insert(v)
	sh.mu.Unlock()
	return isNew
}

// Visit inserts v, and reports whether it is new and the marks of its
// payload's first byte before the call; a new v gets the marks mark. It
// needs SetPayload(1) or more.
func (s *Shared) Visit(v []byte, mark Marks) (ref SharedRef, isNew bool, had Marks) {
	i := s.shardOf(v)
	sh := &s.shards[i]
	sh.mu.Lock()
	r, isNew := sh.st.Put(v)
	p := sh.st.Payload(r)
	had = Marks(p[0])
	if isNew {
		p[0] = byte(mark)
	}
	sh.mu.Unlock()
	return SharedRef{a: uint64(i), b: r}, isNew, had
}

// Mark sets the marks m in the first byte of the payload of the state
// ref finds.
func (s *Shared) Mark(ref SharedRef, m Marks) {
	sh := &s.shards[ref.a]
	sh.mu.Lock()
	sh.st.Payload(ref.b)[0] |= byte(m)
	sh.mu.Unlock()
}

// View implements Concurrent: every goroutine's view is the store itself,
// whose shards' locks keep the goroutines apart.
func (s *Shared) View(int) SharedView { return sharedView{s} }

// sharedView is a Shared store as a SharedView: it needs no Enter or
// Leave.
type sharedView struct{ *Shared }

func (sharedView) Enter() {}
func (sharedView) Leave() {}

// Len implements Store: the states of all the shards.
func (s *Shared) Len() int {
	n := 0
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		n += sh.st.Len()
		sh.mu.Unlock()
	}
	return n
}

// Bytes implements Store: the memory of all the shards.
func (s *Shared) Bytes() (states, table int64) {
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		a, b := sh.st.Bytes()
		sh.mu.Unlock()
		states += a
		table += b
	}
	return states, table
}

// Shards is the number of shards.
func (s *Shared) Shards() int { return len(s.shards) }

// Presize implements Presizer: the shards share the 2^log2 slots, each
// a table of at least its part of them.
func (s *Shared) Presize(log2 uint) {
	share := uint(bits.Len(uint(len(s.shards)))) - 1 // (the shards: at least 1)
	if share >= log2 {
		return
	}
	for i := range s.shards {
		if p, ok := s.shards[i].st.(Presizer); ok {
			p.Presize(log2 - share)
		}
	}
}

// Shard is shard i's store. It is not safe to use while another goroutine
// uses s.
func (s *Shared) Shard(i int) Payloads { return s.shards[i].st }

// Omission is, for shards of hash compaction, the probability that two
// states of one shard had one fingerprint, at most the sum of the shards'
// (two states of different shards are never compared); 0 otherwise.
func (s *Shared) Omission() float64 {
	p := 0.0
	for i := range s.shards {
		if hc, ok := s.shards[i].st.(*HashCompact); ok {
			p += hc.Omission()
		}
	}
	return p
}

// Parts is, for shards of collapse compression, the global and process
// parts the shards keep, summed: a part used in two shards is kept, and
// counted, in each.
func (s *Shared) Parts() (global, procs int) {
	for i := range s.shards {
		if c, ok := s.shards[i].st.(*Collapse); ok {
			g, p := c.Parts()
			global, procs = global+g, procs+p
		}
	}
	return global, procs
}
