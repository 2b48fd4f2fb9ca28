package coverage

import (
	"testing"

	"gmc/checker"
	"gmc/search"
)

// BenchmarkObserved is checker.BenchmarkSearch's search with the
// coverage analyses on: conditions compiled in and an Analyzer observing.
//
//	go test ./coverage -run XXX -bench Observed -count 5
func BenchmarkObserved(b *testing.B) {
	m := compile(&testing.T{}, "../examples/models/peterson_n.pml", true)
	for b.Loop() {
		res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20}, Observer: New(m)}).Run()
		if err != nil || !res.Complete() {
			b.Fatal(err)
		}
	}
}
