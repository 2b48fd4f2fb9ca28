// Command cachetable reproduces table 4.1 of 004
// (docs/references.md#004-table-4-1) in shape: state-space caching per
// replacement policy and cache size. For each corpus model, caches of 15,
// 25, 50, 75 and 95% of the state space and every policy, it prints the
// time of the cached search as a factor of the search without a cache,
// and RW, the transitions taken over the state space's transitions. The
// searches reduce by partial order as gmc run does (-no-reduce: not). A
// search that takes more than 20 times the processor time is stopped: TO (the bound
// issue 22 sets). A cache that cannot hold the search stack: ST. The
// policy fastest in a row ends it. A * after RW marks a search whose
// policy gave way to stratified eviction (store.GuardRedundancy). The last
// lines count, for each cache size, the rows each policy was fastest in,
// those it did not finish and those the guard switched.
//
// Run it from inside the repository (it finds the default corpus from the
// root: examples/models and SPIN's Examples when installed); rows are
// printed as they are measured, the whole table takes minutes:
//
//	go run ./bench/cachetable
//	go run ./bench/cachetable -max 1000000 -models "examples/models/leader_n.pml:N=6"
//	go run ./bench/cachetable -models examples/models/atomic.pml -policies age,depth -sizes 50
//
// Models with fewer than 2000 states (after reduction), more than -max
// (unreduced), or errors are left out. Times are the process's processor
// time (user and system, garbage collection included), which a loaded
// machine disturbs far less than the wall clock; each is a single run
// against the best of three uncached runs: rerun a row before reading
// much into a factor near 1.
package main
