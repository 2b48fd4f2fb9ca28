package checker

import (
	"os"
	"path/filepath"
	"testing"

	"gmc/lang"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// FuzzSearch feeds arbitrary text through the whole pipeline: a model
// the front end accepts is compiled, searched with and without
// reduction, and searched for cycles with its claim or accept labels,
// or else with the hc, collapse and bitstate stores, breadth first and
// on two workers, each within a small budget. Nothing may panic: a
// model is input, and a bad one gets a message, never a crash. Run it
// with
//
//	go test ./checker -run '^$' -fuzz FuzzSearch -fuzztime 5m
func FuzzSearch(f *testing.F) {
	for _, pattern := range []string{"../testdata/spinnotes/*.pml", "../examples/models/*.pml", "testdata/liveness/*.pml", "testdata/por/*.pml"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				f.Add(src)
			}
		}
	}
	noFiles := &lang.Options{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src []byte) {
		spec, diags := lang.Parse("f.pml", src, noFiles)
		if spec == nil || diags.ErrorCount() > 0 {
			return
		}
		lang.Check(spec, &diags)
		if diags.ErrorCount() > 0 {
			return
		}
		// (a d_step that never ends stops after 2^16 rounds, not 2^28)
		m, err := vm.Compile(spec, vm.Options{DstepLoops: 1 << 16})
		if err != nil {
			return
		}
		budget := search.Budget{MaxDepth: 200, MaxStates: 2000}
		for _, reduce := range []bool{false, true} {
			if _, err := NewDFS(m, Options{Budget: budget, Reduce: reduce}).Run(); err != nil {
				return
			}
		}
		if m.Claim != nil || m.HasAcceptLabels() {
			NewDFS(m, Options{Budget: budget, Cycles: AcceptanceCycles}).Run()
			return
		}
		// the stores and searches a user picks by flag (--store,
		// --search bfs, -j), reduced as gmc's default is
		bits, err := store.NewBitstate(16, 3, 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []store.Store{store.NewHashCompact(), store.NewCollapse(m.Splitter()), bits} {
			NewDFS(m, Options{Budget: budget, Reduce: true, Store: st}).Run()
		}
		NewBFS(m, Options{Budget: budget}).Run()
		if p, err := NewParallel(m, Options{Budget: budget, Reduce: true, Store: store.NewTable(2)}, 2); err == nil {
			p.Run()
		}
	})
}
