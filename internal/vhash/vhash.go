package vhash

import "encoding/binary"

// Pair returns two independent 64-bit hashes of v under seed: Lanes,
// each finished with the murmur3 finaliser.
func Pair(v []byte, seed uint64) (uint64, uint64) {
	a, b := Lanes(v, seed)
	return Mix(a), Mix(b ^ c3)
}

// Lanes returns the two multiply–xorshift accumulators over v's 8-byte
// words under seed, unfinished: a caller finishes each with Mix, after
// mixing in what it needs (the bitstate filter its seed, the sample its
// own constant), so that one pass over the vector serves both.
func Lanes(v []byte, seed uint64) (uint64, uint64) {
	a := seed ^ c1 ^ uint64(len(v))
	b := seed*c3 ^ c2
	for len(v) >= 8 {
		w := binary.LittleEndian.Uint64(v)
		a = (a ^ w) * c2
		a ^= a >> 29
		b = (b ^ w) * c1
		b ^= b >> 31
		v = v[8:]
	}
	var w uint64
	for i, c := range v {
		w |= uint64(c) << (8 * uint(i))
	}
	return (a ^ w) * c2, (b ^ w) * c1
}

// The accumulators' constants.
const (
	c1 = 0x9e3779b97f4a7c15
	c2 = 0xc2b2ae3d27d4eb4f
	c3 = 0x165667b19e3779f9
)

// Mix is murmur3's 64-bit finaliser: every input bit affects every
// output bit.
func Mix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}
