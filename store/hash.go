package store

import "gmc/internal/vhash"

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

// hash2 returns two independent 64-bit hashes of v under seed
// (vhash.Pair).
func hash2(v []byte, seed uint64) (uint64, uint64) { return vhash.Pair(v, seed) }

// fmix is murmur3's 64-bit finaliser (vhash.Mix).
func fmix(x uint64) uint64 { return vhash.Mix(x) }
