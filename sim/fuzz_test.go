package sim

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"gmc/lang"
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
	for _, pattern := range []string{"../testdata/spinnotes/*.pml", "../examples/models/*.pml", "../testdata/sim/*.pml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src, uint64(1))
			}
		}
	}
	noFiles := &lang.Options{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src []byte, seed uint64) {
		spec, diags := lang.Parse("f.pml", src, noFiles)
		if spec == nil || diags.ErrorCount() > 0 {
			return
		}
		lang.Check(spec, &diags)
		if diags.ErrorCount() > 0 {
			return
		}
		m, err := vm.Compile(spec, vm.Options{NoMerge: true, NoDeadVars: true, Trace: true, NoTraceAssertions: true, Simulator: true,
			DstepLoops: 1 << 16}) // a d_step that never ends stops soon
		if err != nil {
			return
		}
		opts := Options{Seed: seed, MaxSteps: 300, Steps: true, Globals: true, Locals: true, Channels: true}
		Simulate(m, opts, io.Discard)
	})
}
