// Command covertime reproduces 002's table 2
// (docs/references.md#002-table-2) in shape: for URS and SDRS with room
// for the whole state space, the mean number of steps (and seconds) to
// cover 60, 70, 80, 90 and 100% of each corpus model's states, over
// several seeds (a run that does not get there within its budget of steps
// is left out of the mean, and counted: k/n). Then its figure 5
// (docs/references.md#002-fig-5) in shape: the restarted searches (RURS,
// RSDRS, from a random kept state) with room for 15% of the states, the
// states covered after 1, 2, 5 and 10 times as many steps as there are
// states.
//
// Run it from inside the repository (it finds the default corpus from the
// root: examples/models and SPIN's Examples when installed); it takes
// minutes:
//
//	go run ./bench/covertime
//	go run ./bench/covertime -runs 5 -max 20000
//	go run ./bench/covertime -runs 3 -models "m.pml x.pml:N=5"
//
// Models with fewer than 1000 states, more than -max, or errors are left
// out. Every run counts the distinct states exactly (random.Options
// CountExact), so the coverage is the truth, not an estimate.
package main
