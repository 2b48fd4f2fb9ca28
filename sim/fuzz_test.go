package sim

import (
	"io"
	"testing"

	"gmc/internal/modeltest"
	"gmc/vm"
)

// FuzzSimulate feeds arbitrary text through gmc sim's pipeline: a model
// the front end accepts is compiled as gmc sim compiles it (SPIN's
// simulator's semantics) and simulated for a few hundred steps with
// every listing on. Nothing may panic: a bad model gets a message. Run
// it with
//
//	go test ./sim -run '^$' -fuzz FuzzSimulate -fuzztime 5m
func FuzzSimulate(f *testing.F) {
	for _, src := range modeltest.Sources("../testdata/spinnotes/*.pml", "../examples/models/*.pml", "../testdata/sim/*.pml") {
		f.Add(src, uint64(1))
	}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		m := modeltest.FuzzModel(src, vm.Options{NoMerge: true, NoDeadVars: true, Trace: true, NoTraceAssertions: true, Simulator: true})
		if m == nil {
			return
		}
		opts := Options{Seed: seed, MaxSteps: 300, Steps: true, Globals: true, Locals: true, Channels: true}
		Simulate(m, opts, io.Discard)
	})
}
