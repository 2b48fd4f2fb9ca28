package sim

import (
	"io"
	"testing"

	"gmc/lang"
	"gmc/vm"
)

// BenchmarkSimulate is a simulation of 10,000 steps without -p (what
// gmc sim -u10000 does, its printf output thrown away), on a model that
// runs that long with atomic sequences (philosophers_fixed) and one with
// rendezvous (the runner's benchmark model).
//
//	go test ./sim -run XXX -bench Simulate -count 8
func BenchmarkSimulate(b *testing.B) {
	for _, c := range []struct{ name, file string }{
		{"philosophers_fixed", "../examples/models/philosophers_fixed.pml"},
		{"rendezvous", "../vm/testdata/rendezvous.pml"},
	} {
		b.Run(c.name, func(b *testing.B) {
			spec, diags := lang.Load(c.file, nil)
			if diags.ErrorCount() > 0 {
				b.Fatal(diags)
			}
			m, err := vm.Compile(spec, vm.Options{NoMerge: true, NoDeadVars: true, Trace: true})
			if err != nil {
				b.Fatal(err)
			}
			const steps = 10000
			b.ReportAllocs()
			for b.Loop() {
				res, err := Simulate(m, Options{Seed: 1, MaxSteps: steps}, io.Discard)
				if err != nil || !res.Limited {
					b.Fatalf("%v: the run ended before %d steps", err, steps)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*steps), "ns/step")
		})
	}
}
