// Package sample keeps a uniform sample of the states a search visits, in
// fixed memory, beside whatever store the search uses: the exact 64-bit
// hashes (Hash) of the visited states whose hash falls below a threshold θ
// that halves whenever the sample passes its cap (a bottom-k sample in the
// manner of Bar-Yossef et al., docs/references.md#bottom-k). Because the
// hash is independent of the state, a state is in the sample with
// probability p = θ/2^64 whatever the search did; |sample| / p estimates
// the distinct states visited, and the samples of several runs with the
// same θ are samples of the same states, which capture–recapture compares
// (package estimate, docs/references.md#capture-recapture).
//
// A search whose store may take a new state for a visited one (bitstate,
// hash compaction) also tells the sample of the states the store called
// visited: a sampled state the sample does not hold is a detected
// omission, a state the search reached but never explored. The omissions
// are sampled at the same rate, so visited / (visited + omitted) in the
// sample bounds the run's coverage from above (estimate.CoverageBound).
//
// Hash is the sample's own hash of a state vector: independent of the
// stores' hashes (store.Fingerprint, the bitstate and exact tables) and of
// any run's seed, so that the same state has the same hash in every run.
//
// A search whose store keeps every state it stored (the exact store)
// draws its sample from the store when it is read (Deferred), or never:
// what a sample holds does not depend on the order of its reports.
//
// A Sample belongs to one search: it is not safe for concurrent use, not
// even to read (a read settles the reports taken since the last batch).
// Merge and Combine read samples that are no longer written.
//
// Invariants a change must keep:
//
//   - Every entry e satisfies Keeps(e): after θ halves, the entries at or
//     above it are dropped at once.
//   - An entry is a visited state or an omission, never both: a state the
//     store took as new is never an omission (a store that took it as new
//     once never calls it new again, and a store that forgets states, a
//     cache, only ever re-visits).
//   - The sample is an observer: nothing a search counts depends on it.
//   - Reporting a state again changes nothing (θ only falls): a search
//     may leave out the arrivals at states it already reported (the
//     bitstate filter's repeats, store.Bitstate.Repeated), and must
//     report every other arrival its store calls visited.
package sample
