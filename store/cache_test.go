package store

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
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
				c.Hit(-1, c.Last(), rng.IntN(30))
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
	for i := range c.nslots {
		if c.slot(i).n > 0 && string(c.vec(i)) == string(v) {
			return true
		}
	}
	return false
}
