package store

import (
	"fmt"

	"gmc/internal/vhash"

	"github.com/bits-and-blooms/bitset"
	"github.com/bits-and-blooms/bloom/v3"
)

// Bitstate is SPIN's bitstate store (supertrace): a Bloom filter of 2^L
// bits and K hash functions. A state is taken as visited when its K bits
// are set, so two states can be confused and part of the state space
// missed; the memory is the filter alone, whatever the number of states.
// The seed is hashed with every state: another seed gives other hash
// functions, so repeated runs miss different states (sequential hashing).
//
// The filter is bloom/v3's, but the K bit positions are computed here, by
// double hashing (h1 + i·h2) from two 64-bit hashes of the vector seeded
// with the seed: the library's murmur3 over the seed and the vector cost a
// copy and a 256-bit hash per state, and made bitstate runs a fifth slower
// per state than exhaustive ones.
type Bitstate struct {
	filter *bloom.BloomFilter
	bits   *bitset.BitSet
	words  []uint64                    // bits' words: Insert works on them directly
	recent *[1 << recentLog2][2]uint64 // hashes inserted lately (see Insert)
	mask   uint64
	log2   uint
	k      uint
	n      int
	seed   uint64
	s1, s2 uint64 // the seed's mixes (Insert)
	repeat bool   // the last Insert was answered from recent
	// core is the last vector's seedless pair of hashes (Core)
	core [2]uint64
}

// MaxBitstateLog2 bounds -w: a filter of 2^40 bits takes 128 GiB.
const MaxBitstateLog2 = 40

// NewBitstate returns an empty filter of 2^log2Bits bits with k hash
// functions chosen by seed.
func NewBitstate(log2Bits, k uint, seed uint64) (*Bitstate, error) {
	if log2Bits < 3 || log2Bits > MaxBitstateLog2 {
		return nil, fmt.Errorf("-w %d: the filter size must be 2^3 to 2^%d bits", log2Bits, MaxBitstateLog2)
	}
	if k < 1 || k > 32 {
		return nil, fmt.Errorf("-k %d: the number of hash functions must be 1 to 32", k)
	}
	b := &Bitstate{filter: bloom.New(1<<log2Bits, k), log2: log2Bits, k: k, seed: seed, mask: 1<<log2Bits - 1,
		s1: vhash.Mix(seed ^ seedMix1), s2: vhash.Mix(seed ^ seedMix2)}
	b.bits = b.filter.BitSet()
	b.words = b.bits.Words()
	b.recent = new([1 << recentLog2][2]uint64)
	return b, nil
}

// Insert sets v's bits and reports whether one of them was clear (v is
// new, as far as the filter can tell).
//
// With a filter larger than the caches each of the K words is a cache
// miss, and most inserts are of states already visited (every transition
// inserts its target). Two things keep that cheap: a small table of the
// hashes inserted lately answers a repeat without touching the filter (a
// state with the same two hashes has the same K bits, set when it was
// inserted, so the answer is the filter's), and the loop over the K bits
// has no branch on them, so the processor issues the K loads together.
func (b *Bitstate) Insert(v []byte) bool {
	c1, c2 := vhash.Lanes(v, 0)
	b.core = [2]uint64{c1, c2}
	recent := &b.recent[c2>>(64-recentLog2)]
	if recent[0] == c1 && recent[1] == c2 {
		b.repeat = true
		return false
	}
	b.repeat = false
	recent[0], recent[1] = c1, c2
	h1, h2 := b.hashes(c1, c2)
	words := b.words
	changed := uint64(0)
	for i := uint64(0); i < uint64(b.k); i++ {
		pos := (h1 + i*h2) & b.mask
		w := &words[pos>>6]
		old := *w
		*w = old | 1<<(pos&63)
		changed |= *w ^ old
	}
	if changed != 0 {
		b.n++
		return true
	}
	return false
}

// Repeated reports whether the last Insert found its vector's two hashes
// among the recent inserts: the vector was inserted before (but for a
// collision of both 64-bit hashes, 2^-127 for two given states), so what
// the caller learned of it then still holds. Most of a search's arrivals
// at visited states are such repeats; one that checks every arrival for
// an omission (package sample) need not check a repeat again. Safe on a
// nil filter (false).
func (b *Bitstate) Repeated() bool { return b != nil && b.repeat }

// hashes returns the two hashes the filter's positions are made of
// (h1 + i·h2), from a vector's seedless lanes: the seed enters after the
// pass over the vector, as each lane is finished (another seed, other
// positions); the pass itself is the sample's too (Core).
func (b *Bitstate) hashes(c1, c2 uint64) (h1, h2 uint64) {
	return vhash.Mix(c1 ^ b.s1), vhash.Mix(c2^b.s2) | 1 // h2 odd: the k positions differ while k < m
}

// Core returns the seedless lanes of the vector the last Insert took
// (vhash.Lanes under the seed 0, unfinished), from which the filter's
// positions were mixed with the seed: package sample builds its hash of a state on it
// (sample.Of), so that a search checking its arrivals for omissions
// does not pass over the vector again.
func (b *Bitstate) Core() (uint64, uint64) { return b.core[0], b.core[1] }

// seedMix1 and seedMix2 make the seed's two mixes (Bitstate.s1, s2).
const (
	seedMix1 = 0x8ebc6af09c88c6e3
	seedMix2 = 0x589965cc75374cc3
)

// recentLog2 sizes Bitstate.recent: 2^12 pairs of hashes, 64 KiB, in the
// second-level cache.
const recentLog2 = 12

// Len is the number of states taken as new.
func (b *Bitstate) Len() int { return b.n }

// Bytes is the filter's size: no state is kept.
func (b *Bitstate) Bytes() (states, table int64) { return 0, int64(1) << b.log2 / 8 }

// Log2Bits is L: the filter has 2^L bits.
func (b *Bitstate) Log2Bits() uint { return b.log2 }

// K is the number of hash functions.
func (b *Bitstate) K() uint { return b.k }

// MayConfuse reports that the filter may take a new state for one it
// holds: a search checks the states it calls visited for omissions
// (package sample).
func (b *Bitstate) MayConfuse() bool { return true }

// BitsSet is the number of bits of the filter that are set.
func (b *Bitstate) BitsSet() uint64 { return uint64(b.bits.Count()) }
