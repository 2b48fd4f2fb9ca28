package checker

import (
	"path/filepath"
	"testing"

	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/vm"
)

// TestRunnerMatchesSearch checks that vm.Runner, which simulation and
// replay use, allows exactly the moves the search takes: a breadth-first
// exploration through Runner.Moves and Runner.Do must reach the same set
// of stored states as the DFS, on the spin-notes, semantics, unreached and
// example models (those without a depth bound or a fatal error, and small
// enough).
func TestRunnerMatchesSearch(t *testing.T) {
	files := modelsIn("../testdata/spinnotes", "../testdata/semantics", "../examples/models", "../testdata/unreached")
	compared := 0
	for _, file := range modeltest.Subset(files, len(files)/8) {
		c := readNoteCase(t, file)
		if c.spin != "" || c.maxDepth != 100000 {
			continue
		}
		name := filepath.Base(file)
		for _, noMerge := range []bool{false, true} {
			m, err := modeltest.Compile(file, noMerge)
			if err != nil {
				t.Fatal(err)
			}
			res, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 100000}}).Run()
			if err != nil {
				t.Fatal(err)
			}
			if res.Stop.Early() || res.DepthLimited {
				continue // a fatal error cut the search short
			}
			stored, ok := runnerStates(t, m)
			if !ok {
				continue
			}
			compared++
			if stored != res.Stored {
				t.Errorf("%s (no merge %v): the runner reaches %d storable states, the search stores %d", name, noMerge, stored, res.Stored)
			}
		}
	}
	t.Logf("%d models compared", compared)
	if compared < 100 && !testing.Short() || compared < 20 {
		t.Errorf("only %d models compared: the test lost its cases", compared)
	}
}

// runnerStates explores m with runnerGraph and counts the distinct
// states the search would store. It gives up (false) on a fatal error or
// after a million nodes.
func runnerStates(t *testing.T, m *vm.Model) (int64, bool) {
	_, stored, ok := modeltest.Graph(t, m, 1000000)
	keys := map[string]bool{}
	for _, k := range stored {
		keys[k] = true
	}
	return int64(len(keys)), ok
}
