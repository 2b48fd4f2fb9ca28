package checker

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/store"
)

// TestAheadMatches: a search that computes a frame's next move ahead
// while the store looks up the state before (DFS.takeDirect) counts,
// reports, marks reached and finds its errors and their trails exactly
// as one that computes each move in its turn: with and without
// reduction and statement merging, with the exact and hc stores, going
// on past errors (-c0) and stopping at the first (-c1), with a depth
// bound that cuts the search and without. The cases of SPIN's rules and
// of the reduction, and the corpus (a sample under -short), and
// testdata/ahead.
func TestAheadMatches(t *testing.T) {
	files := modelsIn("../testdata/spinnotes", "../testdata/semantics", "testdata/por", "testdata/panflags")
	files = append(modelsIn("testdata/ahead"), modeltest.Subset(append(files, corpus(t)...), 12)...)
	stores := map[string]func() store.Store{
		"exact": func() store.Store { return store.NewExact() },
		"hc":    func() store.Store { return store.NewHashCompact() },
	}
	compared := 0
	for _, file := range files {
		for _, noMerge := range []bool{false, true} {
			m, err := modeltest.Compile(file, noMerge)
			if err != nil || m.Claim != nil {
				continue
			}
			for _, reduce := range []bool{true, false} {
				for _, c := range []int{0, 1} {
					for _, depth := range []int{100000, 40} {
						for name, newStore := range stores {
							mode := fmt.Sprintf("%s merge=%v reduce=%v -c%d -m%d %s", filepath.Base(file), !noMerge, reduce, c, depth, name)
							opts := Options{Budget: search.Budget{MaxDepth: depth, MaxErrors: c, MaxStates: 300_000}, Reduce: reduce}
							run := func(ahead aheadMode) *Result {
								o := opts
								o.Store, o.ahead = newStore(), ahead
								res, err := NewDFS(m, o).Run()
								if err != nil {
									t.Fatalf("%s: %v", mode, err)
								}
								return res
							}
							ahead, inTurn := run(aheadAlways), run(aheadNever)
							if ahead.Stop.Reason == search.StateBound {
								continue // (where it stops depends on nothing but the order, the same; but slow)
							}
							compareRuns(t, mode, ahead, inTurn)
							compared++
						}
					}
				}
			}
		}
	}
	if compared == 0 {
		t.Fatal("no model compared")
	}
}

// compareRuns fails the test where the results of two searches that
// must be the same differ: counts, stop, reached marks, errors and
// their trails.
func compareRuns(t *testing.T, mode string, got, want *Result) {
	t.Helper()
	g, w := got.Stats, want.Stats
	g.Elapsed, w.Elapsed = 0, 0
	if g != w {
		t.Errorf("%s: stats %+v, want %+v", mode, g, w)
	}
	if got.Stop.Reason != want.Stop.Reason {
		t.Errorf("%s: stop %v, want %v", mode, got.Stop.Reason, want.Stop.Reason)
	}
	if !reflect.DeepEqual(got.Reached, want.Reached) {
		t.Errorf("%s: reached marks differ", mode)
	}
	if !reflect.DeepEqual(got.Later, want.Later) {
		t.Errorf("%s: later errors %v, want %v", mode, got.Later, want.Later)
	}
	if len(got.Errors) != len(want.Errors) {
		t.Errorf("%s: %d errors kept, want %d", mode, len(got.Errors), len(want.Errors))
		return
	}
	for i, e := range got.Errors {
		if !reflect.DeepEqual(e, want.Errors[i]) {
			t.Errorf("%s: error %d %+v, want %+v", mode, i, e, want.Errors[i])
		}
	}
}
