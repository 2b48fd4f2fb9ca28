package checker

import (
	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/store"
	"testing"
)

// BenchmarkSearch is one exhaustive search of an example model, the
// search as gmc run does it without options: the base against which
// observers and stores are measured (coverage.BenchmarkObserved runs the
// same search with the coverage analyses on). BenchmarkSearchNoSample is
// the same search without the sample of states (Result.Sample), and the
// Bitstate pair the same with a bitstate store, where every arrival is
// hashed for the sample: what the sample costs.
//
//	go test ./checker -run XXX -bench Search -count 5
func BenchmarkSearch(b *testing.B) { benchSearch(b, false, false) }

func BenchmarkSearchNoSample(b *testing.B) { benchSearch(b, true, false) }

func BenchmarkSearchBitstate(b *testing.B) { benchSearch(b, false, true) }

func BenchmarkSearchBitstateNoSample(b *testing.B) { benchSearch(b, true, true) }

func benchSearch(b *testing.B, noSample, bitstate bool) {
	m, err := modeltest.Compile("../examples/models/peterson_n.pml", false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		opts := Options{Budget: search.Budget{MaxDepth: 1 << 20}, noSample: noSample}
		if bitstate {
			if opts.Store, err = store.NewBitstate(24, 3, 0); err != nil {
				b.Fatal(err)
			}
		}
		res, err := NewDFS(m, opts).Run()
		if err != nil || !res.Complete() {
			b.Fatal(err)
		}
	}
}
