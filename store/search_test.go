package store_test

// Tests of the stores under the search: the depth-first search of package
// checker with each store must explore what the exact store's search does.

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"gmc/checker"
	"gmc/internal/hll"
	"gmc/internal/modeltest"
	"gmc/search"
	. "gmc/store"
	"gmc/vm"
)

// TestBitstateSearchMatchesFull checks that a bitstate search with room
// to spare explores exactly what the exhaustive one does (the same
// search, another store), on gmc's example models.
func TestBitstateSearchMatchesFull(t *testing.T) {
	files, _ := filepath.Glob("../examples/models/*.pml")
	if len(files) < 5 {
		t.Fatalf("only %d example models", len(files))
	}
	for _, f := range files {
		m, err := modeltest.Compile(f, false)
		if err != nil {
			t.Fatal(err)
		}
		full, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxErrors: 0}}).Run()
		if err != nil {
			t.Fatal(err)
		}
		bits, _ := NewBitstate(28, 3, 7)
		bs, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxErrors: 0}, Store: bits}).Run()
		if err != nil {
			t.Fatal(err)
		}
		if bs.Stored != full.Stored || bs.Transitions != full.Transitions || bs.Stats.NumErrors != full.Stats.NumErrors {
			t.Errorf("%s: bitstate %d stored %d transitions %d errors; full %d %d %d", filepath.Base(f),
				bs.Stored, bs.Transitions, bs.Stats.NumErrors, full.Stored, full.Transitions, full.Stats.NumErrors)
		}
	}
}

// TestCacheCoverage runs searches with state-space caching on gmc's
// example models, every policy, caches of 15% and 50% of the state
// space, with the exact side set: every reachable state must be visited
// (distinct states = the exhaustive search's, and the HyperLogLog
// estimate within three standard errors of it), and the transitions taken
// from first explorations exactly the exhaustive search's.
func TestCacheCoverage(t *testing.T) {
	files, _ := filepath.Glob("../examples/models/*.pml")
	if len(files) < 5 {
		t.Fatalf("only %d example models", len(files))
	}
	tested, completed := 0, 0
	if testing.Short() {
		// two models on which most cached searches complete
		files = []string{"../examples/models/channels.pml", "../examples/models/leader_n.pml"}
	}
	for _, file := range files {
		m, err := modeltest.Compile(file, false)
		if err != nil {
			t.Fatal(err)
		}
		full, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20, MaxStates: 20000}}).Run()
		if err != nil || !full.Complete() || full.Stored < 100 || full.Stats.NumErrors > 0 {
			continue // too big, too small, or errors (reported again when explored again)
		}
		tested++
		for _, p := range []Policy{PolicyCost, PolicyRandom, PolicyAge, PolicyHits, PolicyStratified, PolicyDepth} {
			for _, pct := range []int64{15, 50} {
				size := int(max(full.Stored*pct/100, int64(full.DepthReached)+2))
				c, _ := NewCache(size, p, 7, true)
				// a bound on the work, as the thesis's time-out at 25 times
				// the search without a cache
				res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20, MaxStates: 25 * full.Stored}, Store: c}).Run()
				name := fmt.Sprintf("%s %v %d%% (%d states)", filepath.Base(file), p, pct, size)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !res.Complete() {
					// the stack outgrew the cache or the work bound was
					// reached: allowed, but it must say so
					if !res.Stop.Early() {
						t.Errorf("%s: incomplete without a reason", name)
					}
					t.Logf("%s: %v", name, res.Stop)
					continue
				}
				completed++
				t.Logf("%s: RW %.2f", name, float64(res.Transitions)/float64(full.Transitions))
				if c.Distinct() != int(full.Stored) {
					t.Errorf("%s: %d distinct states visited, the state space has %d", name, c.Distinct(), full.Stored)
				}
				if est, n := c.DistinctEstimate(), float64(full.Stored); math.Abs(est-n) > 3*hll.RelativeError*n+1 {
					t.Errorf("%s: %.0f distinct states estimated, %.0f visited: beyond three standard errors", name, est, n)
				}
				if got := res.Transitions - res.Redundant; got != full.Transitions {
					t.Errorf("%s: %d transitions from first explorations, the state space has %d", name, got, full.Transitions)
				}
				if res.Stored-int64(c.Restored) != full.Stored {
					t.Errorf("%s: stored %d, restored %d, want %d new", name, res.Stored, c.Restored, full.Stored)
				}
				if c.Len() > size {
					t.Errorf("%s: cache holds %d states", name, c.Len())
				}
			}
		}
	}
	if tested < 5 && !testing.Short() || tested < 2 || completed < 15 && !testing.Short() || completed < 10 {
		t.Fatalf("only %d models tested, %d cached searches completed", tested, completed)
	}
}

// TestCacheGuard: where the search stack takes most of the cache
// (philo_host, reduced, with half its states), age and depth went on
// exploring the same states past 40 times each; the guard makes their
// victims stratified once the states stored pass GuardRedundancy times
// the distinct ones, and the search then ends with every state visited
// and the work bounded. Stratified, the rule the guard falls back on,
// never switches.
func TestCacheGuard(t *testing.T) {
	m, err := modeltest.Compile("../bench/models/philo_host.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	opts := checker.Options{Budget: search.Budget{MaxDepth: 1 << 20}, Reduce: true}
	full, err := checker.NewDFS(m, opts).Run()
	if err != nil || !full.Complete() {
		t.Fatalf("uncached search: %v, %v", err, full.Stop)
	}
	for _, p := range []Policy{PolicyAge, PolicyDepth, PolicyStratified} {
		c, _ := NewCache(int(full.Stored/2), p, 1, true)
		o := opts
		o.Store = c
		// the bound on the work that the guard keeps the search under
		o.MaxStates = 10 * full.Stored
		res, err := checker.NewDFS(m, o).Run()
		if err != nil || !res.Complete() {
			t.Fatalf("%v: %v, %v (%d states stored)", p, err, res.Stop, res.Stored)
		}
		switched := c.FellBack() > 0
		if switched != (p != PolicyStratified) || switched != (c.Rule() != p) {
			t.Errorf("%v: fell back after %d states, rule now %v", p, c.FellBack(), c.Rule())
		}
		// reduced, a cached search may visit states the uncached one
		// does not (the proviso depends on what the cache holds)
		if c.Distinct() < int(full.Stored) || res.Stats.NumErrors > 0 {
			t.Errorf("%v: %d distinct states, %d errors; the uncached search stored %d", p, c.Distinct(), res.Stats.NumErrors, full.Stored)
		}
		t.Logf("%v: %d states stored, %d distinct, fell back after %d", p, res.Stored, c.Distinct(), c.FellBack())
	}
}

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
		m, err := modeltest.Compile(file, false)
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
		res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 16}, Store: c}).Run()
		if err != nil || !res.Complete() || res.Stats.NumErrors > 0 {
			t.Fatalf("%s: search incomplete or with errors: %v", name, err)
		}
		if c.Evictions > 0 || c.Len() != len(want) {
			t.Fatalf("%s: cache holds %d states after %d evictions, the graph has %d", name, c.Len(), c.Evictions, len(want))
		}
		for v, cost := range CacheCosts(c) {
			if w, ok := want[v]; !ok {
				t.Errorf("%s: the cache holds a state the graph does not", name)
			} else if cost != w {
				t.Errorf("%s: a state's cost is %d, Definition 4.2.1 says %d", name, cost, w)
			}
		}
	}
}

// definitionCosts explores m with runnerGraph and returns the cost of Definition 4.2.1 of every stored
// state, by its key. It fails the test when the stored graph has a cycle.
func definitionCosts(t *testing.T, m *vm.Model) map[string]uint64 {
	succ, stored, ok := modeltest.Graph(t, m, 1000000)
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

// TestStoresMatchExact runs the search with collapse compression, with
// hash compaction and with a state cache just large enough never to evict
// (which must then explore as the exact store does) on gmc's example models, SPIN's rules' cases and the
// models of the semantics tests, with statement merging and without, and
// with partial-order reduction: every count must be the exact store's
// (which the conformance test compares with pan). Hash compaction could
// differ only by an omission, which on these few states has a probability
// under 10^-8 (Omission, printed when it fails).
func TestStoresMatchExact(t *testing.T) {
	var files []string
	for _, g := range []string{"../examples/models/*.pml", "../testdata/semantics/*.pml", "../testdata/spinnotes/*.pml", "../testdata/cache/*.pml"} {
		f, _ := filepath.Glob(g)
		files = append(files, f...)
	}
	if len(files) < 40 {
		t.Fatalf("only %d models", len(files))
	}
	files = modeltest.Subset(files, 8)
	type mode struct{ noMerge, reduce bool }
	for _, file := range files {
		for _, md := range []mode{{false, false}, {true, false}, {false, true}} {
			if testing.Short() && md != (mode{}) {
				continue
			}
			m, err := modeltest.Compile(file, md.noMerge)
			if err != nil {
				t.Fatal(err)
			}
			opts := checker.Options{Budget: search.Budget{MaxErrors: 0, MaxDepth: 1 << 20}, Reduce: md.reduce}
			exact, err := checker.NewDFS(m, opts).Run()
			if err != nil {
				t.Fatal(err)
			}
			counts := func(r *checker.Result) [7]int64 {
				return [7]int64{r.Stored, r.Matched, r.Transitions, r.AtomicSteps, int64(r.DepthReached), r.Stats.NumErrors, int64(r.MaxVector)}
			}
			hc := NewHashCompact()
			cache, err := NewCache(max(2, int(exact.Stored)), PolicyStratified, 1, false)
			if err != nil {
				t.Fatal(err)
			}
			for name, st := range map[string]Store{"collapse": NewCollapse(m.Splitter()), "hc": hc, "cache": cache} {
				o := opts
				o.Store = st
				res, err := checker.NewDFS(m, o).Run()
				if err != nil {
					t.Fatal(err)
				}
				if got, want := counts(res), counts(exact); got != want {
					t.Errorf("%s %+v, --store %s: stored matched transitions atomic depth errors vector %v, the exact store %v (hc's omission probability %.2g)",
						filepath.Base(file), md, name, got, want, hc.Omission())
				}
				if st.Len() != int(exact.Stored) {
					t.Errorf("%s %+v, --store %s: holds %d states, %d stored", filepath.Base(file), md, name, st.Len(), exact.Stored)
				}
				if cache.Evictions != 0 {
					t.Errorf("%s %+v: the cache of %d states evicted %d", filepath.Base(file), md, exact.Stored, cache.Evictions)
				}
			}
		}
	}
}

// BenchmarkStores is BenchmarkSearch of package checker (an exhaustive
// search of peterson_n) with each store that keeps every state (the cache
// large enough never to evict); ns/op per
// search, B/state the store's bytes per state:
//
//	go test ./store -run XXX -bench Stores -count 5
func BenchmarkStores(b *testing.B) {
	m, err := modeltest.Compile("../examples/models/peterson_n.pml", false)
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"exact", "hc", "collapse", "cache"} {
		b.Run(name, func(b *testing.B) {
			var res *checker.Result
			for b.Loop() {
				var st Store
				switch name {
				case "hc":
					st = NewHashCompact()
				case "collapse":
					st = NewCollapse(m.Splitter())
				case "cache": // room for every state: no eviction
					st, _ = NewCache(1<<20, PolicyStratified, 1, false)
				}
				res, err = checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20}, Store: st}).Run()
				if err != nil || !res.Complete() {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(res.Memory.Vectors+res.Memory.Table)/float64(res.Stored), "B/state")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(res.Stored), "ns/state")
		})
	}
}
