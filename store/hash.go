package store

import "encoding/binary"

// Fingerprint is a 64-bit hash of a state vector, independent of the
// hashes the stores use: what a certification keeps of the states a
// script names (004 Definition 3.1.3), and what the randomized searches
// count distinct states by. Two different states share a fingerprint with
// probability about 2^-64.
func Fingerprint(v []byte) uint64 {
	h, _ := hash2(v, fingerprintSeed)
	return h
}

// fingerprintSeed seeds Fingerprint.
const fingerprintSeed = 0x5c41_7e2b_9d3f_8a61

// hash2 returns two independent 64-bit hashes of v under seed: two
// multiply–xorshift accumulators over v's 8-byte words, each finished
// with the murmur3 finaliser.
func hash2(v []byte, seed uint64) (uint64, uint64) {
	const (
		c1 = 0x9e3779b97f4a7c15
		c2 = 0xc2b2ae3d27d4eb4f
		c3 = 0x165667b19e3779f9
	)
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
	a = (a ^ w) * c2
	b = (b ^ w) * c1
	return fmix(a), fmix(b ^ c3)
}

// fmix is murmur3's 64-bit finaliser: every input bit affects every
// output bit.
func fmix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}
