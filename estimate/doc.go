// Package estimate computes how much of a state space a search covered,
// from what the search can count: the estimates of Stern and of Dillinger
// and Manolios for one bitstate run, and the growth curve of Ikeda, Jibiki
// and Kuno fitted over a series of runs with Bloom filters of growing size
// (Ikeda, Jibiki, Kuno; cited below as 001, see docs/references.md#001);
// and, from the samples of states the searches keep (package sample), the
// upper bound on one bitstate run's coverage that its detected omissions
// give and the capture–recapture estimate of N over seeded runs, with
// intervals (capture.go; measured by bench/estimates, docs/estimates.md).
//
// Coverages are fractions in [0, 1]; a method that cannot give one says
// so with ok == false.
//
// The coverage line that ends every run report is decided here too, by
// Verdict (verdict.go): a pure function from how the search stopped (a
// search.Stop) and what it counted. Apart from the plot (plot.go),
// everything here is arithmetic on values, safe for concurrent use.
package estimate
