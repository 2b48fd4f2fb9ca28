// Command mctable reproduces table 5.1 of 004
// (docs/references.md#004-table-5-1) in shape: for each corpus model and
// memory bounds ("coverage limits") of 3, 10, 25, 50, 75 and 95% of its
// state space, the Monte Carlo estimate (random.MonteCarlo, 004 eq.
// 5.2-5.3) against the coverage actually reached, over several seeds: the
// best, worst and mean deviation in percentage points and its standard
// deviation. The thesis reports a mean deviation under 10 points with σ
// about 5. Then the estimate a depth-first search stopped at the same
// bounds makes from its stack (checker.StackEstimate), against the truth.
//
// Run it from inside the repository (it finds the default corpus from the
// root: examples/models and SPIN's Examples when installed); it takes
// minutes:
//
//	go run ./bench/mctable
//	go run ./bench/mctable -runs 5 -models "m.pml x.pml:N=5"
//
// Models with fewer than 1000 states, more than -max, or errors are left
// out.
package main
