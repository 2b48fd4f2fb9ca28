package store

import (
	"encoding/binary"
	"hash/maphash"
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
// reading a single vector again.
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
}

const (
	chunkBits = 26 // a position is chunk<<chunkBits | offset
	maxChunk  = 1 << chunkBits
	minChunk  = 64 << 10
	posBits   = 40 // arena positions: up to 1 TiB of vectors
	posMask   = 1<<posBits - 1
	tagBits   = 64 - posBits // the top bits of the hash
	initBits  = 16
)

// NewExact returns an empty exact store.
func NewExact() *Exact {
	s := &Exact{seed: maphash.MakeSeed(), tagged: tagBits}
	s.resize(initBits)
	return s
}

func (s *Exact) resize(bits uint) {
	s.bits = bits
	s.table = make([]uint64, 1<<bits)
	s.mask = uint64(len(s.table) - 1)
}

// Len implements Store.
func (s *Exact) Len() int { return s.n }

// NumberStates makes the store number its states from 1 in the order
// they are first inserted (a search script names states by these
// numbers, 004 Definition 3.1.2); it costs 4 bytes per state. Call it
// before the first Insert.
func (s *Exact) NumberStates() { s.ids = true }

// LastID is the number of the state the last Insert found or added
// (NumberStates only).
func (s *Exact) LastID() uint32 { return s.last }

// Bytes implements Store.
func (s *Exact) Bytes() (states, table int64) {
	return s.used, int64(len(s.table)) * 8
}

// equal reports whether the vector at arena position pos is v.
func (s *Exact) equal(pos uint64, v []byte) bool {
	c := s.chunks[pos>>chunkBits]
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

// vector returns the stored vector at arena position pos.
func (s *Exact) vector(pos uint64) []byte {
	c := s.chunks[pos>>chunkBits]
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
func (s *Exact) Insert(v []byte) bool {
	i, tag, found := s.find(v)
	if found {
		if s.ids {
			s.last = s.id(s.table[i]&posMask - 1)
		}
		return false
	}
	s.table[i] = tag<<posBits | (s.append(v) + 1)
	s.n++
	s.last = uint32(s.n)
	if uint64(s.n)*4 > uint64(len(s.table))*3 {
		s.grow()
	}
	return true
}

// Has reports whether v is in the store, without adding it.
func (s *Exact) Has(v []byte) bool {
	_, _, found := s.find(v)
	return found
}

// find returns the slot of v's entry, or of the empty slot where it
// would go, and the tag of its hash.
func (s *Exact) find(v []byte) (slot, tag uint64, found bool) {
	h := maphash.Bytes(s.seed, v)
	tag = h >> posBits
	for i := h >> (64 - s.bits); ; i = (i + 1) & s.mask {
		e := s.table[i]
		if e == 0 {
			return i, tag, false
		}
		if e>>posBits == tag && s.equal(e&posMask-1, v) {
			return i, tag, true
		}
	}
}

// append copies v into the arena and returns its position.
func (s *Exact) append(v []byte) uint64 {
	need := len(v) + binary.MaxVarintLen32 + 4
	if len(s.chunks) == 0 || len(s.chunks[len(s.chunks)-1])+need > cap(s.chunks[len(s.chunks)-1]) {
		size := minChunk
		if k := len(s.chunks); k > 0 {
			size = min(2*cap(s.chunks[k-1]), maxChunk)
		}
		size = max(size, need) // a huge vector gets a chunk of its own
		s.chunks = append(s.chunks, make([]byte, 0, size))
	}
	k := len(s.chunks) - 1
	c := s.chunks[k]
	pos := uint64(k)<<chunkBits | uint64(len(c))
	c = binary.AppendUvarint(c, uint64(len(v)))
	need = len(v) + len(c) - len(s.chunks[k])
	c = append(c, v...)
	if s.ids {
		c = binary.LittleEndian.AppendUint32(c, uint32(s.n+1))
		need += 4
	}
	s.chunks[k] = c
	s.used += int64(need)
	return pos
}

// grow doubles the table. Up to 2^tagBits slots an entry's new home comes
// from its tag; beyond, from its vector's hash.
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
			home = maphash.Bytes(s.seed, s.vector(e&posMask-1)) >> (64 - s.bits)
		}
		for i := home; ; i = (i + 1) & s.mask {
			if s.table[i] == 0 {
				s.table[i] = e
				break
			}
		}
	}
}

// Each calls f with every vector in the store (f must not keep it).
func (s *Exact) Each(f func(v []byte)) {
	for _, e := range s.table {
		if e != 0 {
			f(s.vector(e&posMask - 1))
		}
	}
}
