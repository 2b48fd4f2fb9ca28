package store

import (
	"encoding/binary"
	"errors"
	"hash/maphash"
	"unsafe"

	"gmc/internal/hugepage"
	"gmc/internal/prefetch"
)

// Store is the set of visited states of a search.
type Store interface {
	// Insert adds the state vector v and reports whether it was not there
	// before. The store keeps its own copy of v.
	Insert(v []byte) bool
	// Len is the number of states stored.
	Len() int
	// Bytes is the memory the store uses: for the states themselves and
	// for the table that finds them.
	Bytes() (states, table int64)
}

// Presizer is a store whose table can be given its size before the
// search begins (pan's -w): Presize(L) gives the empty store a table of
// 2^L slots, which then doubles as before when it fills, so that a
// search that will store millions of states does not double it on the
// way (each doubling a pass over the table, and fresh memory twice its
// size: swp W=3,M=7,C=4, 1.7 M states, took 0.24 s of system time
// doubling its way to 2^22 slots, 0.08 s with them from the start;
// bench/README.md, stores.sh). A table already larger, or a store that
// holds a state, stays as it is.
type Presizer interface {
	Presize(bits uint)
}

// Payloads is a store that keeps a few bytes of the search's own with
// each state (Exact, HashCompact, Collapse): the product search keeps its
// cycle tags there, as pan keeps them in its hash entries.
type Payloads interface {
	Store
	// SetPayload gives every state n bytes, zero when the state is
	// added; call it before the first Insert.
	SetPayload(n int)
	// Put is Insert that also returns a reference to the state's payload,
	// never 0.
	Put(v []byte) (ref uint64, isNew bool)
	// Payload is the payload of the state Put returned ref for; it lives
	// as long as the store, and writes to it are kept.
	Payload(ref uint64) []byte
}

// Exact is an exact store: every state vector is kept whole and
// compared byte for byte, so no two different states are ever confused
// (SPIN's default full state storage). Vectors live in large arena chunks,
// each after its length; the hash table holds the top bits of the hash
// and the vector's arena position, so the only allocations are the chunks
// and the table. Chunks start small and double up to maxChunk, so a tiny
// model uses little memory.
//
// The table is indexed by the top bits of the hash, which the entries
// keep: growing the table (up to 2^tagBits slots) moves entries without
// reading a single vector again. A lookup compares the vector of an
// entry whose tag is its hash's only: the tag's bits past the table's
// index tell apart the entries of the same home (at 2^22 slots, 5 bits:
// one such entry in 32 read for nothing, where 24-bit tags read one in
// 4, most of them cache misses; hence the arena's 128 GiB).
//
// Table and chunks are asked for huge pages (internal/hugepage): a lookup
// is a random access to each, and fresh chunks are written page after
// page.
type Exact struct {
	seed   maphash.Seed
	table  []uint64 // 0: empty; else tag<<posBits | (position+1)
	bits   uint     // the table has 1<<bits slots
	tagged uint     // up to this many bits, grow reads homes from tags
	mask   uint64
	n      int
	chunks [][]byte
	used   int64  // bytes of vectors stored, with their length prefixes
	ids    bool   // each vector is followed by its number (NumberStates)
	last   uint32 // the number of the state the last Insert found or added
	extra  int    // bytes of payload after each vector (and its number)
	// room is how many chunks the arena may have (maxChunks: what a
	// position can name)
	room int
	// spare holds the tables the table's growth left behind, for the
	// arena's next chunks: their pages are in memory, where a new
	// chunk's are fresh (and in a virtual machine each MiB of fresh
	// memory cost the search about 2 ms of page faults: on swp
	// W=3,M=7,C=4 the tables left were a quarter of the memory it
	// touched)
	spare [][]byte
}

// faultWindow is how far ahead of their writing the arena's chunks are
// faulted in, on another goroutine (hugepage.FaultAhead), and faultFrom
// the size from which the second half of a table growth moves to is.
const (
	faultWindow = 4 << 20
	faultFrom   = 4 << 20
)

const (
	chunkBits = 26 // a position is chunk<<chunkBits | offset
	maxChunk  = 1 << chunkBits
	minChunk  = 64 << 10
	posBits   = 37 // arena positions: up to maxChunks chunks, 128 GiB of vectors
	posMask   = 1<<posBits - 1
	maxChunks = 1 << (posBits - chunkBits)
	tagBits   = 64 - posBits // the top bits of the hash
	initBits  = 16
)

// ErrFull is what a store panics with when it cannot hold another state:
// an exact store holds at most 128 GiB of state vectors (the parallel
// search's Table too). The searches recover it as a stop of their
// memory bound.
var ErrFull = errors.New("the exact store is full (it holds 128 GiB of state vectors); --store hc or collapse keep a state in far fewer bytes")

// NewExact returns an empty exact store.
func NewExact() *Exact { return newExact(initBits) }

// newExact returns an empty exact store of 2^bits slots.
func newExact(bits uint) *Exact {
	s := &Exact{seed: maphash.MakeSeed(), tagged: tagBits, room: maxChunks}
	s.resize(bits)
	return s
}

func (s *Exact) resize(bits uint) {
	s.bits = bits
	s.table = hugepage.Make[uint64](1 << bits)
	s.mask = uint64(len(s.table) - 1)
	faultBack(s.table)
}

// faultBack faults in the second half of a table a growth is about to
// fill front to back (its homes are the hashes' top bits), on another
// goroutine while the growth faults in the first (hugepage.FaultAhead).
func faultBack(table []uint64) {
	if n := len(table); n*8 >= faultFrom {
		hugepage.FaultAhead(table[n/2:])
	}
}

// Len implements Store.
func (s *Exact) Len() int { return s.n }

// Presize implements Presizer.
func (s *Exact) Presize(bits uint) {
	if s.n == 0 && bits > s.bits {
		s.resize(bits)
	}
}

// NumberStates makes the store number its states from 1 in the order
// they are first inserted (a search script names states by these
// numbers, 004 Definition 3.1.2); it costs 4 bytes per state. Call it
// before the first Insert.
func (s *Exact) NumberStates() { s.ids = true }

// LastID is the number of the state the last Insert found or added
// (NumberStates only).
func (s *Exact) LastID() uint32 { return s.last }

// SetPayload gives every state n bytes of its own, zero when the state
// is added, kept after its vector: what a search keeps about a state
// (the cycle searches' tags: pan keeps them in its hash entries), found
// with the vector rather than in a second random access. Call it before
// the first Insert.
func (s *Exact) SetPayload(n int) { s.extra = n }

// Put is Insert that also returns a reference to the state's payload
// (SetPayload), for Payload; it is never 0.
func (s *Exact) Put(v []byte) (ref uint64, isNew bool) { return s.PutHashed(v, s.Hash(v)) }

// Hash is the hash of v that the lookups of InsertHashed, PutHashed and
// Prefetch take.
func (s *Exact) Hash(v []byte) uint64 { return maphash.Bytes(s.seed, v) }

// Prefetch asks for the table's slot where the lookup of a vector of
// hash h begins, so that it is in the cache when the lookup comes.
func (s *Exact) Prefetch(h uint64) {
	prefetch.Line(unsafe.Pointer(&s.table[h>>(64-s.bits)]))
}

// PutHashed is Put of v, whose hash is h.
func (s *Exact) PutHashed(v []byte, h uint64) (ref uint64, isNew bool) {
	i, tag, found := s.findHashed(v, h)
	if found {
		pos := s.table[i]&posMask - 1
		ref = s.payloadPos(pos)
		if s.ids {
			s.last = s.id(pos)
		}
		return ref, false
	}
	pos, ref := s.append(v)
	s.add(i, tag, pos)
	return ref, true
}

// Payload is the payload of the state Put returned ref for. It lives as
// long as the store, and writes to it are kept.
func (s *Exact) Payload(ref uint64) []byte {
	// (append made room for it: its bounds need no check, which took
	// three, on every move of a reduced search)
	c := s.chunks[ref>>chunkBits]
	return unsafe.Slice((*byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c)), ref&(maxChunk-1))), s.extra)
}

// payloadPos is the arena position of the payload of the vector at
// arena position pos.
func (s *Exact) payloadPos(pos uint64) uint64 {
	c := s.chunks[pos>>chunkBits]
	off := int(pos & (maxChunk - 1))
	n, k := uint64(c[off]), uint64(1)
	if n >= 0x80 {
		u, w := binary.Uvarint(c[off:])
		n, k = u, uint64(w)
	}
	pos += k + n
	if s.ids {
		pos += 4
	}
	return pos
}

// Bytes implements Store.
func (s *Exact) Bytes() (states, table int64) {
	return s.used, int64(len(s.table)) * 8
}

// storedEqual reports whether the vector at arena position pos of
// chunks is v: Exact's arena, and each of Table's Views' (the same
// layout: the vector after its length, a uvarint).
func storedEqual(chunks [][]byte, pos uint64, v []byte) bool {
	c := chunks[pos>>chunkBits]
	off := int(pos & (maxChunk - 1))
	var n, k int
	if b := c[off]; b < 0x80 {
		n, k = int(b), 1 // the usual case: a vector under 128 bytes
	} else {
		u, w := binary.Uvarint(c[off:])
		n, k = int(u), w
	}
	return n == len(v) && string(c[off+k:off+k+n]) == string(v)
}

// storedVector returns the vector at arena position pos of chunks.
func storedVector(chunks [][]byte, pos uint64) []byte {
	c := chunks[pos>>chunkBits]
	off := int(pos & (maxChunk - 1))
	n, k := binary.Uvarint(c[off:])
	return c[off+k : off+k+int(n)]
}

// id returns the number stored after the vector at arena position pos.
func (s *Exact) id(pos uint64) uint32 {
	c := s.chunks[pos>>chunkBits]
	off := int(pos & (maxChunk - 1))
	n, k := binary.Uvarint(c[off:])
	return binary.LittleEndian.Uint32(c[off+k+int(n):])
}

// Insert implements Store.
func (s *Exact) Insert(v []byte) bool { return s.InsertHashed(v, s.Hash(v)) }

// InsertHashed is Insert of v, whose hash is h.
func (s *Exact) InsertHashed(v []byte, h uint64) bool {
	i, tag, found := s.findHashed(v, h)
	if found {
		if s.ids {
			s.last = s.id(s.table[i]&posMask - 1)
		}
		return false
	}
	pos, _ := s.append(v)
	s.add(i, tag, pos)
	return true
}

// add enters the vector at arena position pos in empty slot i.
func (s *Exact) add(i, tag, pos uint64) {
	s.table[i] = tag<<posBits | (pos + 1)
	s.n++
	s.last = uint32(s.n)
	if uint64(s.n)*4 > uint64(len(s.table))*3 {
		s.grow()
	}
}

// Has reports whether v is in the store, without adding it.
func (s *Exact) Has(v []byte) bool {
	_, _, found := s.find(v)
	return found
}

// lookupID is the number of v (NumberStates), if v is in the store,
// without adding it.
func (s *Exact) lookupID(v []byte) (uint32, bool) {
	i, _, found := s.find(v)
	if !found {
		return 0, false
	}
	return s.id(s.table[i]&posMask - 1), true
}

// find returns the slot of v's entry, or of the empty slot where it
// would go, and the tag of its hash.
func (s *Exact) find(v []byte) (slot, tag uint64, found bool) {
	return s.findHashed(v, s.Hash(v))
}

// findHashed is find of v, whose hash is h.
func (s *Exact) findHashed(v []byte, h uint64) (slot, tag uint64, found bool) {
	tag = h >> posBits
	for i := h >> (64 - s.bits); ; i = (i + 1) & s.mask {
		e := s.table[i]
		if e == 0 {
			return i, tag, false
		}
		if e>>posBits == tag && storedEqual(s.chunks, e&posMask-1, v) {
			return i, tag, true
		}
	}
}

// append copies v into the arena and returns its position and that of
// its payload.
func (s *Exact) append(v []byte) (pos, payload uint64) {
	need := len(v) + binary.MaxVarintLen32 + 4 + s.extra
	if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1])+need > cap(s.chunks[len(s.chunks)-1]) {
		size := minChunk
		if k := len(s.chunks); k > 0 {
			size = min(2*cap(s.chunks[k-1]), maxChunk)
		}
		size = max(size, need) // a huge vector gets a chunk of its own
		if len(s.chunks) == s.room {
			panic(ErrFull)
		}
		s.chunks = append(s.chunks, s.newChunk(size, need)[:0])
	}
	k := len(s.chunks) - 1
	c := s.chunks[k]
	if w := len(c) / faultWindow; (len(c)+need)/faultWindow != w && (w+2)*faultWindow <= cap(c) {
		// the writing enters the next window: the one after it now
		hugepage.FaultAhead(c[(w+1)*faultWindow : (w+2)*faultWindow])
	}
	pos = uint64(k)<<chunkBits | uint64(len(c))
	c = binary.AppendUvarint(c, uint64(len(v)))
	c = append(c, v...)
	if s.ids {
		c = binary.LittleEndian.AppendUint32(c, uint32(s.n+1))
	}
	payload = uint64(k)<<chunkBits | uint64(len(c))
	c = c[:len(c)+s.extra]
	clear(c[len(c)-s.extra:]) // (a spare table's bytes are not zero)
	s.used += int64(len(c) - len(s.chunks[k]))
	s.chunks[k] = c
	return pos, payload
}

// newChunk returns a chunk for the arena: a spare table that holds need
// bytes, when there is one (whatever its size; its contents are not
// zero), else a new chunk of size bytes.
func (s *Exact) newChunk(size, need int) []byte {
	if k := len(s.spare); k > 0 && len(s.spare[k-1]) >= need {
		c := s.spare[k-1]
		s.spare = s.spare[:k-1]
		return c
	}
	c := hugepage.Make[byte](size)
	hugepage.FaultAhead(c[:min(size, faultWindow)])
	return c
}

// grow doubles the table. Up to 2^tagBits slots an entry's new home comes
// from its tag; beyond, from its vector's hash. The old table is kept as
// spare chunks for the arena (in pieces of maxChunk at most).
func (s *Exact) grow() {
	old := s.table
	s.resize(s.bits + 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		var home uint64
		if s.bits <= s.tagged {
			home = (e >> posBits) >> (tagBits - s.bits)
		} else {
			home = maphash.Bytes(s.seed, storedVector(s.chunks, e&posMask-1)) >> (64 - s.bits)
		}
		for i := home; ; i = (i + 1) & s.mask {
			if s.table[i] == 0 {
				s.table[i] = e
				break
			}
		}
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(old))), len(old)*8)
	for len(b) >= minChunk {
		n := min(len(b), maxChunk)
		s.spare = append(s.spare, b[:n:n])
		b = b[n:]
	}
}

// Each calls f with every vector in the store, in the order they were
// inserted (f must not keep it). It reads the arena from end to end, each
// vector after the last one's number and payload: a pass the processor
// fetches ahead, where the table's order read the vectors at random
// places (a cache miss each: drawing the sample of an exact search,
// sample.Deferred, took twice as long).
func (s *Exact) Each(f func(v []byte)) {
	after := s.extra // the number and payload after each vector
	if s.ids {
		after += 4
	}
	for _, c := range s.chunks {
		for off := 0; off < len(c); {
			n, k := binary.Uvarint(c[off:])
			f(c[off+k : off+k+int(n)])
			off += k + int(n) + after
		}
	}
}
