package checker

import (
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"gmc/internal/hll"
)

// TestCacheStore checks the cache as a set against a Go map, with the
// search's calls made by hand: states inserted, some fully explored
// (candidates), evictions only among those, the stack protected, and
// every vector intact when a longer one widens the arena.
func TestCacheStore(t *testing.T) {
	for _, p := range []Policy{PolicyCost, PolicyRandom, PolicyAge, PolicyHits, PolicyStratified, PolicyDepth} {
		c, err := NewCache(50, p, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		held := map[string]int32{} // what the cache must hold, by slot
		onStack := map[string]bool{}
		for i := range 5000 {
			k := rng.IntN(200)
			// vectors of 1 to 21 bytes, longer ones later: the arena
			// widens with states in it
			v := []byte(strings.Repeat(fmt.Sprint(k), 1+k%min(7, 1+i/50)))
			_, had := held[string(v)]
			isNew := c.Insert(v)
			if isNew == had {
				t.Fatalf("%v: insert %d of %q: new = %v, but the cache held it: %v", p, i, v, isNew, had)
			}
			if !isNew {
				c.Hit(-1, c.Last())
				continue
			}
			if c.Last() < 0 {
				if len(onStack) < 50 {
					t.Fatalf("%v: refused a state with only %d on the stack", p, len(onStack))
				}
				break
			}
			c.Entered(c.Last(), rng.IntN(30))
			held[string(v)] = c.Last()
			onStack[string(v)] = true
			// the cache may have evicted a state: forget it, never one on the stack
			if c.Len() < len(held) {
				for s := range held {
					if !c.holds([]byte(s)) {
						if onStack[s] {
							t.Fatalf("%v: evicted %q, on the stack", p, s)
						}
						delete(held, s)
					}
				}
			}
			if len(held) != c.Len() || c.Len() > 50 {
				t.Fatalf("%v: cache holds %d, the map %d", p, c.Len(), len(held))
			}
			if rng.IntN(10) < 9 { // most states are soon fully explored
				for s := range onStack {
					c.Done(held[s], -1)
					delete(onStack, s)
					break
				}
			}
		}
		if c.Evictions == 0 {
			t.Errorf("%v: no evictions", p)
		}
	}
}

// holds reports whether v is in the cache, without changing anything.
func (c *Cache) holds(v []byte) bool {
	for i := range c.slots {
		if c.slots[i].n > 0 && string(c.vec(int32(i))) == string(v) {
			return true
		}
	}
	return false
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
	for _, file := range files {
		m, err := compileFile(file, false)
		if err != nil {
			t.Fatal(err)
		}
		full, err := NewDFS(m, Options{MaxDepth: 1 << 20, MaxStates: 20000}).Run()
		if err != nil || !full.Complete || full.Stored < 100 || full.Stats.Errors > 0 {
			continue // too big, too small, or errors (reported again when explored again)
		}
		tested++
		for _, p := range []Policy{PolicyCost, PolicyRandom, PolicyAge, PolicyHits, PolicyStratified, PolicyDepth} {
			for _, pct := range []int64{15, 50} {
				size := int(max(full.Stored*pct/100, int64(full.DepthReached)+2))
				c, _ := NewCache(size, p, 7, true)
				// a bound on the work, as the thesis's time-out at 25 times
				// the search without a cache
				res, err := NewDFS(m, Options{MaxDepth: 1 << 20, Store: c, MaxStates: 25 * full.Stored}).Run()
				name := fmt.Sprintf("%s %v %d%% (%d states)", filepath.Base(file), p, pct, size)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !res.Complete {
					// the stack outgrew the cache or the work bound was
					// reached: allowed, but it must say so
					if res.Stopped == "" {
						t.Errorf("%s: incomplete without a reason", name)
					}
					t.Logf("%s: %s", name, res.Stopped)
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
	if tested < 5 || completed < 15 {
		t.Fatalf("only %d models tested, %d cached searches completed", tested, completed)
	}
}
