package store

import (
	"hash/maphash"
	"math"
	"unsafe"

	"gmc/internal/hugepage"
	"gmc/internal/prefetch"
)

// HashCompact is hash compaction (pan -DHC): a state is kept as a 64-bit
// fingerprint of its vector, in an open-addressed table with linear
// probing, 8 bytes a slot. The fingerprint is the hash that also finds
// the slot (its top bits), so the table grows without a vector: an
// entry's home is in the entry. Two states with the same fingerprint are
// taken for one, and the second is never explored (an omission): with n
// states stored, the probability of one is at most n(n-1)/2^65
// (Omission).
//
// pan -DHC4 keeps, per state, a chained entry of a 64-bit hash and four
// bytes of a second one in a table of 2^w pointers it never grows (about
// 32 bytes a state and 8·2^w); this table is 8/load bytes a state, 10.7
// to 21.3 with the load between 3/8 and 3/4 (bench/README.md#storessh).
//
// The hash is hash/maphash, seeded at random for each store: the
// probability of an omission is over that choice, and another run may
// omit other states (pan's hash is fixed).
type HashCompact struct {
	seed  maphash.Seed
	table []uint64 // fingerprints, 0: empty (a fingerprint 0 is kept as 1)
	bits  uint     // the table has 1<<bits slots
	mask  uint64
	n     int
	// With a payload (SetPayload), ids holds each slot's state number
	// (they move with the fingerprints when the table grows) and pay the
	// payloads by number, in chunks that never move.
	extra int
	ids   []uint32
	pay   [][]byte
}

// payChunkLog2 sizes the payload chunks: 2^16 states each.
const payChunkLog2 = 16

// NewHashCompact returns an empty hash-compaction store.
func NewHashCompact() *HashCompact {
	s := &HashCompact{seed: maphash.MakeSeed()}
	s.resize(initBits)
	return s
}

func (s *HashCompact) resize(bits uint) {
	s.bits = bits
	s.table = hugepage.Make[uint64](1 << bits)
	s.mask = uint64(len(s.table) - 1)
	faultBack(s.table)
	if s.extra > 0 {
		s.ids = make([]uint32, 1<<bits)
	}
}

// Len implements Store.
func (s *HashCompact) Len() int { return s.n }

// Presize implements Presizer.
func (s *HashCompact) Presize(bits uint) {
	if s.n == 0 && bits > s.bits {
		s.resize(bits)
	}
}

// Bytes implements Store: the fingerprints are the table (all of it:
// they are spread over it); the states' part is their payloads (none in a
// safety search), as far as used, as Exact counts its arena.
func (s *HashCompact) Bytes() (states, table int64) {
	return int64(s.n) * int64(s.extra), int64(len(s.table))*8 + int64(len(s.ids))*4
}

// Omission bounds the probability that the search omitted a state: that
// two of the Len states share a fingerprint, n(n-1)/2^65 (the union of the
// pairs' 2^-64; the fingerprint 0 kept as 1 adds 2^-128 a pair).
func (s *HashCompact) Omission() float64 {
	n := float64(s.n)
	return min(n*(n-1)/math.Exp2(65), 1)
}

// Hash is v's fingerprint, which the lookups of InsertHashed, PutHashed
// and Prefetch take.
func (s *HashCompact) Hash(v []byte) uint64 { return s.fingerprint(v) }

// Prefetch asks for the table's slot where the lookup of fingerprint h
// begins (and its number's, with a payload), so that they are in the
// cache when the lookup comes.
func (s *HashCompact) Prefetch(h uint64) {
	i := h >> (64 - s.bits)
	prefetch.Line(unsafe.Pointer(&s.table[i]))
	if s.ids != nil {
		prefetch.Line(unsafe.Pointer(&s.ids[i]))
	}
}

// fingerprint is v's fingerprint, never 0.
func (s *HashCompact) fingerprint(v []byte) uint64 {
	h := maphash.Bytes(s.seed, v)
	if h == 0 {
		h = 1
	}
	return h
}

// Insert implements Store: v is new when its fingerprint is.
func (s *HashCompact) Insert(v []byte) bool { return s.InsertHashed(v, s.fingerprint(v)) }

// InsertHashed is Insert of v, whose fingerprint (Hash) is h.
func (s *HashCompact) InsertHashed(_ []byte, h uint64) bool {
	i := h >> (64 - s.bits)
	for {
		e := s.table[i]
		if e == h {
			return false
		}
		if e == 0 {
			break
		}
		i = (i + 1) & s.mask
	}
	s.add(i, h)
	return true
}

// add enters fingerprint h in empty slot i.
func (s *HashCompact) add(i, h uint64) {
	s.table[i] = h
	s.n++
	if s.extra > 0 {
		s.ids[i] = uint32(s.n)
		if (s.n-1)>>payChunkLog2 == len(s.pay) {
			s.pay = append(s.pay, make([]byte, s.extra<<payChunkLog2))
		}
	}
	if uint64(s.n)*4 > uint64(len(s.table))*3 {
		s.grow()
	}
}

// find returns the slot of fingerprint h, or of the empty slot where it
// would go.
func (s *HashCompact) find(h uint64) (slot uint64, found bool) {
	for i := h >> (64 - s.bits); ; i = (i + 1) & s.mask {
		switch s.table[i] {
		case h:
			return i, true
		case 0:
			return i, false
		}
	}
}

// Has reports whether v's fingerprint is in the store, without adding it.
func (s *HashCompact) Has(v []byte) bool {
	_, found := s.find(s.fingerprint(v))
	return found
}

// grow doubles the table; a fingerprint's top bits are its home.
func (s *HashCompact) grow() {
	old, oldIDs := s.table, s.ids
	s.resize(s.bits + 1)
	for k, h := range old {
		if h == 0 {
			continue
		}
		i := h >> (64 - s.bits)
		for s.table[i] != 0 {
			i = (i + 1) & s.mask
		}
		s.table[i] = h
		if oldIDs != nil {
			s.ids[i] = oldIDs[k]
		}
	}
}

// SetPayload gives every state n bytes of its own, zero when the state is
// added (see Exact.SetPayload); it costs a 4-byte number per slot besides
// the n bytes. Call it before the first Insert.
func (s *HashCompact) SetPayload(n int) {
	s.extra = n
	s.resize(s.bits)
}

// Put is Insert that also returns a reference to the state's payload
// (SetPayload), for Payload; it is never 0.
func (s *HashCompact) Put(v []byte) (ref uint64, isNew bool) {
	return s.PutHashed(v, s.fingerprint(v))
}

// PutHashed is Put of v, whose fingerprint (Hash) is h.
func (s *HashCompact) PutHashed(_ []byte, h uint64) (ref uint64, isNew bool) {
	i, found := s.find(h)
	if found {
		return uint64(s.ids[i]), false
	}
	s.add(i, h)
	return uint64(s.n), true
}

// Payload is the payload of the state Put returned ref for. It lives as
// long as the store, and writes to it are kept.
func (s *HashCompact) Payload(ref uint64) []byte {
	k := ref - 1
	off := int(k&(1<<payChunkLog2-1)) * s.extra
	return s.pay[k>>payChunkLog2][off : off+s.extra : off+s.extra]
}
