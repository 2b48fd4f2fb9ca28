// Command estimates measures gmc's coverage estimates of bitstate runs
// against the truth (issue 21's validation harness): on models with known
// state counts it runs, per number of hash functions k and repetition, a
// series of bitstate runs of 2^(l0−10) to 2^(l0+5) bits (l0 = ⌈log2 M⌉ for
// M reachable states) and, from 2^(l0−4) bits up, T runs per size with
// independent seeds; then it prints, per method and band of true coverage,
// the median, third quartile and maximum of the absolute error in
// percentage points and the share of intervals that hold the truth:
//
//   - bound (1 run): the upper bound of one run from its detected
//     omissions (estimate.CoverageBound); "hit" is the share of runs it is
//     not below the truth, which must be all;
//   - Chao T=t: capture–recapture over the first t runs of a size
//     (estimate.Capture), each run's coverage as its share of the sample;
//     "union" rows score the union of the t runs; "stored/N" a run's stored
//     count over N̂ instead; jackknife and Darroch the other estimators;
//   - the paper's methods as gmc estimate computes them over the series of
//     sizes (growth curve, simple formula, Stern, Dillinger–Manolios) and
//     the choice among them gmc made before (estimate.Row.Best).
//
// Thresholds and defaults are tuned on -set tune (gmc's examples, which
// the tests use) and reported on -set report (SPIN's examples and the
// families of bench/estimates/models, which no test contains) and -set
// holdout (new families and sizes, made after a threshold was changed on
// seeing the report set). Run it from
// inside the repository; the table is Markdown, for docs/estimates.md:
//
//	go run ./bench/estimates -set report > table.md
//	go run ./bench/estimates -set tune -reps 1 -k 1
//	go run ./bench/estimates -models "m.pml x.pml:N=5" -T 4
package main
