package store

import "gmc/internal/vhash"

// Fingerprint is a 64-bit hash of a state vector, independent of the
// hashes the stores use: what a certification keeps of the states a
// script names (004 Definition 3.1.3), and what the randomized searches
// count distinct states by. Two different states share a fingerprint with
// probability about 2^-64.
func Fingerprint(v []byte) uint64 {
	h, _ := vhash.Pair(v, fingerprintSeed)
	return h
}

// fingerprintSeed seeds Fingerprint.
const fingerprintSeed = 0x5c41_7e2b_9d3f_8a61
