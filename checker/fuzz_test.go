package checker

import (
	"testing"

	"gmc/internal/modeltest"
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
	for _, src := range modeltest.Sources("../testdata/spinnotes/*.pml", "../examples/models/*.pml", "testdata/liveness/*.pml", "testdata/por/*.pml") {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := modeltest.FuzzModel(src, vm.Options{})
		if m == nil {
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
