package checker

import (
	"path/filepath"
	"slices"
	"testing"

	"gmc/vm"
)

// TestCacheCosts checks the costs Algorithm 4.1 of 004 computes during
// a search (a cache large enough never to evict) against Definition 4.2.1
// computed from the state graph, which a Runner explores independently of
// the search: the cost of a state is 1 plus the costs of the states its
// transitions lead to, once per transition (a state reached twice is
// explored twice when nothing is cached). The stored graph skips the
// states the search does not store (inside atomic sequences and
// handshakes): a stored state's successors are the stored states at the
// end of each path through them. The models in testdata/cache are
// acyclic, where the definition holds; fig41.pml is figure 4.1.
func TestCacheCosts(t *testing.T) {
	files, _ := filepath.Glob("../testdata/cache/*.pml")
	if len(files) < 4 {
		t.Fatalf("only %d models in testdata/cache", len(files))
	}
	for _, file := range files {
		name := filepath.Base(file)
		m, err := compileFile(file, false)
		if err != nil {
			t.Fatal(err)
		}
		want := definitionCosts(t, m)
		if name == "fig41.pml" {
			var costs []uint64
			for _, c := range want {
				costs = append(costs, c)
			}
			slices.Sort(costs)
			if !slices.Equal(costs, []uint64{1, 2, 3, 3, 7, 8}) {
				t.Fatalf("%s: the costs of figure 4.1 are 8 7 3 3 2 1, the graph gives %v", name, costs)
			}
		}
		c, err := NewCache(2*len(want), PolicyCost, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		res, err := NewDFS(m, Options{MaxDepth: 1 << 16, Store: c}).Run()
		if err != nil || !res.Complete || res.Stats.Errors > 0 {
			t.Fatalf("%s: search incomplete or with errors: %v", name, err)
		}
		if c.Evictions > 0 || c.Len() != len(want) {
			t.Fatalf("%s: cache holds %d states after %d evictions, the graph has %d", name, c.Len(), c.Evictions, len(want))
		}
		for s, sl := range c.slots {
			if w, ok := want[string(c.vec(int32(s)))]; !ok {
				t.Errorf("%s: the cache holds a state the graph does not", name)
			} else if sl.cost != w {
				t.Errorf("%s: a state's cost is %d, Definition 4.2.1 says %d", name, sl.cost, w)
			}
		}
	}
}

// definitionCosts explores m with runnerGraph and returns the cost of Definition 4.2.1 of every stored
// state, by its key. It fails the test when the stored graph has a cycle.
func definitionCosts(t *testing.T, m *vm.Model) map[string]uint64 {
	succ, stored, ok := runnerGraph(t, m, 1000000)
	if !ok {
		t.Fatalf("the state graph has a fatal error or is too large")
	}
	// the stored successors of a node: itself if stored, else those of
	// its successors
	var ends func(n string, out []string) []string
	ends = func(n string, out []string) []string {
		if k, ok := stored[n]; ok {
			return append(out, k)
		}
		for _, s := range succ[n] {
			out = ends(s, out)
		}
		return out
	}
	storedSucc := map[string][]string{} // key → stored successor keys
	for n, k := range stored {
		var out []string
		for _, s := range succ[n] {
			out = ends(s, out)
		}
		storedSucc[k] = out // nodes with the same key have the same moves
	}
	cost := map[string]uint64{}
	onPath := map[string]bool{}
	var visit func(k string) uint64
	visit = func(k string) uint64 {
		if c, ok := cost[k]; ok {
			return c
		}
		if onPath[k] {
			t.Fatalf("the state graph has a cycle: Definition 4.2.1 does not apply")
		}
		onPath[k] = true
		c := uint64(1)
		for _, s := range storedSucc[k] {
			c += visit(s)
		}
		onPath[k] = false
		cost[k] = c
		return c
	}
	for k := range storedSucc {
		visit(k)
	}
	return cost
}
