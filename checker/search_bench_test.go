package checker

import (
	"os"
	"path/filepath"
	"testing"

	"gmc/internal/modeltest"
	"gmc/lang"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// BenchmarkSearch is one exhaustive search of an example model, the
// search as gmc run does it without options: the base against which
// observers and stores are measured (coverage.BenchmarkObserved runs the
// same search with the coverage analyses on). BenchmarkSearchBitstate is
// the same search with a bitstate store. What the sample of states costs
// them is BenchmarkSampleCost's.
//
//	go test ./checker -run XXX -bench Search -count 5
func BenchmarkSearch(b *testing.B) { benchSearch(b, false) }

func BenchmarkSearchBitstate(b *testing.B) { benchSearch(b, true) }

func benchSearch(b *testing.B, bitstate bool) {
	m, err := modeltest.Compile("../examples/models/peterson_n.pml", false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		opts := Options{Budget: search.Budget{MaxDepth: 1 << 20}}
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

// BenchmarkNonProgress is the non-progress cycle search (-l, without
// reduction) of SPIN's mobile1 example, a product search small enough to
// repeat: where the product search spends its time.
//
//	go test ./checker -run XXX -bench NonProgress -cpuprofile cpu.out
func BenchmarkNonProgress(b *testing.B) {
	const file = "/usr/share/doc/spin/examples/Examples/LTL/mobile1.pml"
	spec, diags := lang.Load(file, nil)
	if diags.ErrorCount() > 0 {
		b.Skipf("%s: %v (SPIN's examples are installed with spin)", file, diags)
	}
	m, err := vm.Compile(spec, vm.Options{NonProgress: true})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		opts := Options{Budget: search.Budget{MaxDepth: 100000}, Cycles: NonProgressCycles}
		res, err := NewDFS(m, opts).Run()
		if err != nil || res.Stored != 61574 {
			b.Fatal(err, res.Stored)
		}
	}
}

// BenchmarkSearchDeep is the reduced search of gmc run on philo_host N=5
// of bench/models, 89,695 states and 50,712 steps deep: a search whose
// stack is as large as its store (bench/compare.sh runs N=6, 567,107
// deep).
//
//	go test ./checker -run XXX -bench SearchDeep -count 5
func BenchmarkSearchDeep(b *testing.B) {
	src, err := os.ReadFile("../bench/models/philo_host.pml")
	if err != nil {
		b.Fatal(err)
	}
	file := filepath.Join(b.TempDir(), "philo_host.pml")
	if err := os.WriteFile(file, append([]byte("#define N 5\n"), src...), 0o644); err != nil {
		b.Fatal(err)
	}
	m, err := modeltest.Compile(file, false)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		res, err := NewDFS(m, Options{Reduce: true, Budget: search.Budget{MaxDepth: 1 << 20}}).Run()
		if err != nil || !res.Complete() || res.Stored != 89695 {
			b.Fatal(err, res.Stored)
		}
	}
}
