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
//
// A vector's last bytes past its whole words are its last word, read as
// one load from the end of a vector of a word or more (the bytes before
// them shifted out), and byte by byte only in a shorter one: the same
// word either way. Byte by byte, the tail was more than half of the
// pass over peterson_n's 23-byte vectors (35 M of 73 M instructions in
// five bitstate searches, callgrind).
func Lanes(v []byte, seed uint64) (uint64, uint64) {
	n := len(v)
	a := seed ^ c1 ^ uint64(n)
	b := seed*c3 ^ c2
	// (words by index: re-slicing the vector at each word was 8 of the
	// loop's 21 instructions a word, now 16; callgrind)
	i := 0
	for ; i <= n-8; i += 8 {
		w := binary.LittleEndian.Uint64(v[i:])
		a = (a ^ w) * c2
		a ^= a >> 29
		b = (b ^ w) * c1
		b ^= b >> 31
	}
	var w uint64
	if r := n - i; r > 0 {
		if n >= 8 {
			w = binary.LittleEndian.Uint64(v[n-8:]) >> (64 - 8*uint(r))
		} else {
			for k, c := range v {
				w |= uint64(c) << (8 * uint(k))
			}
		}
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
