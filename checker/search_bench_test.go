package checker

import (
	"gmc/internal/modeltest"
	"gmc/search"
	"testing"
)

// BenchmarkSearch is one exhaustive search of an example model, the
// search as gmc run does it without options: the base against which
// observers and stores are measured (coverage.BenchmarkObserved runs the
// same search with the coverage analyses on).
//
//	go test ./checker -run XXX -bench Search -count 5
func BenchmarkSearch(b *testing.B) {
	m, err := modeltest.Compile("../examples/models/peterson_n.pml", false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		res, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 1 << 20}}).Run()
		if err != nil || !res.Complete() {
			b.Fatal(err)
		}
	}
}
