// Package store holds the sets of visited states a search keeps, behind
// one small interface, Store (Insert, Len, Bytes); gmc run's --store
// chooses one by name:
//
//   - exact: Exact (exact.go), every state vector kept whole in arena
//     chunks and compared byte for byte, SPIN's default full state storage.
//   - hc: HashCompact (hashcompact.go), hash compaction as pan -DHC: a
//     64-bit fingerprint per state in an open-addressed table; two states
//     with one fingerprint are taken for one, with probability at most
//     n(n-1)/2^65 for n states (Omission).
//   - collapse: Collapse (collapse.go), collapse compression as pan
//     -DCOLLAPSE: exact; the global part and each process's part of a
//     state (cut by a Splitter, which package vm makes for a model) are
//     interned once each, and the state is the tuple of their numbers.
//   - bitstate: Bitstate (bitstate.go), SPIN's supertrace, a Bloom filter
//     of 2^L bits with K hash functions (001 §2.2.1); states may be
//     missed, never confused with a state not seen.
//   - cache: Cache (cache.go), a bounded set for state-space caching (004
//     ch. 4) with six replacement policies; the search tells it which
//     states are on its stack, which it never evicts (nor, while there
//     are others, the states fully explored most recently).
//
// Exact, HashCompact and Collapse are Payloads: they keep a few bytes of
// the search's own with each state (the product search's cycle tags),
// referenced by a number that stays valid as the store grows, and they
// answer Has. Bytes is the memory of the states and of the table that
// finds them; the report divides it by the states stored.
//
// Fingerprint (hash.go) is the 64-bit hash of a state that certification
// and the randomized searches keep, independent of the stores' hashes.
//
// A store belongs to one search at a time: none is safe for concurrent
// use but the Concurrent stores of the parallel search: Table
// (table.go), lock-free, one open-addressed table filled by
// compare-and-swap and searched through each goroutine's own View,
// exact (each goroutine's vectors in its own arena) or compact (hash
// compaction: fingerprints); CollapseTable (collapse.go), whose states'
// tuples are an exact Table and whose parts are numbered behind a lock
// each View rarely takes; and Shared (shared.go), shards of any Payloads
// store (Exact, HashCompact, Collapse) each behind a lock, which the
// tests run the parallel search on besides: its Insert, Visit, Mark, Len
// and Bytes may be called from several goroutines at once, its Shard only
// when no other goroutine uses it. Insert copies the vector it is given,
// so the caller may reuse its buffer. The searches decide what a state is (package vm builds the
// vectors and cuts them into parts); a store only keeps bytes.
package store
