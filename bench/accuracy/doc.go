// Command accuracy reruns 001's accuracy experiment
// (docs/references.md#001-s4-2) and prints its tables 2 and 3
// (docs/references.md#001-table-2, docs/references.md#001-table-3): the
// residual error of each coverage estimate of a bitstate run against the
// exhaustive count, by band of actual coverage (table 2, k = 1) and over
// all coverages per k (table 3). "gmc's choice" is the estimate
// estimate.Row.Best picks, the one gmc reports.
//
// For each corpus model with M states it runs bitstate searches with
// 2^(⌈log2 M⌉−10) to 2^(⌈log2 M⌉+4) bits and k = 1, 2, 3 hash functions
// (the smaller filters only feed the fits and the simple formula) and
// scores every method on the runs from 2^(⌈log2 M⌉−5) bits up.
//
// Run it from inside the repository (it finds the default corpus from the
// root: examples/models, bench/models, and SPIN's Examples, Book_1991 and
// Exercises when installed); it takes about a minute and
// prints the tables at the end, the models as it goes:
//
//	go run ./bench/accuracy
//	go run ./bench/accuracy -models "m.pml x.pml:N=5"
//
// Models with fewer than 2^10 states or more than -max are left out;
// models with errors are kept (only states are counted).
package main
