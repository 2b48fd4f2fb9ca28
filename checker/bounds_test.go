package checker

import (
	"testing"
	"time"

	"gmc/internal/modeltest"
	"gmc/lang"
	"gmc/search"
	"gmc/vm"
)

// TestTimeBoundInUnstoredTree: a search that stores one state and then
// tries moves without end, in a tree of states it does not store (an
// atomic loop, down to the depth bound), stops at its time bound: the
// bounds are checked every so many moves, not only every so many states
// stored. Also the product search (-l) and the estimate from the stack
// that follows a stopped search (which lists the same tree).
func TestTimeBoundInUnstoredTree(t *testing.T) {
	m := modeltest.MustCompile(t, "testdata/bounds/atomic_tree.pml", false)
	spec, diags := lang.Load("testdata/bounds/atomic_tree.pml", nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	np, err := vm.Compile(spec, vm.Options{NonProgress: true})
	if err != nil {
		t.Fatal(err)
	}
	budget := search.Budget{MaxDepth: 10000, Time: 200 * time.Millisecond}
	for _, c := range []struct {
		name string
		m    *vm.Model
		opts Options
	}{
		{"dfs", m, Options{Budget: budget}},
		{"non-progress", np, Options{Budget: budget, Cycles: NonProgressCycles}},
	} {
		t.Run(c.name, func(t *testing.T) {
			modeltest.StopsAtTimeLimit(t, func() (search.Stop, error) {
				res, err := NewDFS(c.m, c.opts).Run()
				if err != nil {
					return search.Stop{}, err
				}
				return res.Stop, nil
			})
		})
	}
}
