// Package store holds the sets of visited states a search keeps, behind
// one small interface, Store (Insert, Len, Bytes):
//
//   - Exact (exact.go): every state vector kept whole in arena chunks and
//     compared byte for byte, SPIN's default full state storage.
//   - Bitstate (bitstate.go): SPIN's supertrace, a Bloom filter of 2^L bits
//     with K hash functions (001 §2.2.1); states may be missed, never confused
//     with a state not seen.
//   - Cache (cache.go): a bounded set for state-space caching (004 ch. 4)
//     with six replacement policies; the search tells it which states are
//     on its stack, which it never evicts.
//
// Fingerprint (hash.go) is the 64-bit hash of a state that certification
// and the randomized searches keep, independent of the stores' hashes.
//
// A store belongs to one search at a time: none is safe for concurrent
// use. Insert copies the vector it is given, so the caller may reuse its
// buffer. The searches decide what a state is (package vm builds the
// vectors); a store only keeps bytes.
package store
