package checker

import "flag"

// long runs the comparisons that take long in full: `go test ./checker
// -long` (an hour and more on two cores). Without it, CI's run compares
// every case where the difference can show and a sample of the others
// (TestPanFlags, TestParallelMatchesDFS, TestBFSSpinCases), and the
// breadth-first search of the corpus in pan's default mode only
// (TestBFSConformance).
var long = flag.Bool("long", false, "run the long comparisons with pan and between searches on every case")

// sampled reports whether the i-th of the cases a long comparison runs
// is one the ordinary run takes too: every fourth.
func sampled(i int) bool { return *long || i%4 == 0 }
