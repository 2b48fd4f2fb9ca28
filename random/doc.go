// Package random holds the searches that choose at random where to go,
// built on package walk's steps between stored states:
//
//   - Search (random.go): the memory-aware randomized searches of 002:
//     URS, SDRS and the random walk, with a bound Keep on the states kept
//     and a budget of steps, restarting from the initial state or a kept
//     one (RURS, RSDRS).
//   - MonteCarlo (mc.go): the two-phase search of 004 ch. 5, breadth-first
//     with a share of the memory, then depth-first samples (checker's DFS
//     started from frontier states) from random productive transitions, and
//     the Monte Carlo estimate of the states never visited (eq. 5.2-5.3).
//
// Both take a search.Budget and report a checker.Result (embedded in their
// own results) whose Stop says why they ended; a randomized search never
// completes, a Monte Carlo search completes when nothing is left to sample.
// Errors are reported once each, with trails. A search is not safe for
// concurrent use; separate searches of one compiled model may run at once
// (a vm.Model is read-only once compiled).
package random
