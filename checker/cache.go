package checker

import (
	"fmt"
	"hash/maphash"
	"math"
	"math/rand/v2"
	"strings"
	"unsafe"
)

// Policy is a cache-replacement policy of state-space caching (chapter 4
// of ../shared/papers/004_ef8f55d742c4ec04.txt, cited as 004).
type Policy int

// The replacement policies. Each picks, among the fully explored states in
// the cache (never a state on the search stack), the one to evict.
const (
	PolicyCost       Policy = iota // the least cost: states to re-explore if it is revisited (004 Algorithm 4.1)
	PolicyRandom                   // any, uniformly
	PolicyAge                      // the one stored longest ago
	PolicyHits                     // the fewest revisits, then the oldest
	PolicyStratified               // a search level ≡ 0 mod StrataCount first, then ≡ 1, ..., oldest first within a level
	PolicyDepth                    // the deepest, then the oldest
)

// StrataCount is m of stratified caching: states at search levels
// k, k+m, k+2m, ... are evicted before those of the next class.
const StrataCount = 4

var policyNames = []string{"cost", "random", "age", "hits", "stratified", "depth"}

// String is the policy's name as --policy takes it.
func (p Policy) String() string {
	if int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// ParsePolicy reads a policy name.
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if s == n {
			return Policy(i), nil
		}
	}
	return 0, fmt.Errorf("--policy %s: want one of %s", s, strings.Join(policyNames, ", "))
}

// Cache is a store of at most Capacity states for state-space caching:
// when it is full, a new state replaces a fully explored one chosen by
// the policy, and a state evicted and reached again is explored again.
// States on the search stack are never evicted, so the search ends and
// covers the whole state space (004 Theorem 4.2.2); it cannot go on when
// the stack alone fills the cache (Err).
//
// The search tells the cache how it uses the states (the tracker
// interface): which stored state revisited which, and when a state is
// fully explored. Costs follow 004 Algorithm 4.1: a new state costs 1, a
// revisit adds the revisited state's cost to the nearest stored state
// below it on the stack, and so does a state that is fully explored.
// Candidates for eviction sit in a binary heap ordered by the policy's
// key, O(log S) per change.
type Cache struct {
	policy   Policy
	capacity int
	seed     maphash.Seed
	rng      *rand.Rand
	slots    []cacheSlot
	free     []int32    // unused slots
	table    []int32    // open addressing by linear probing; slot+1, 0 empty
	mask     uint64     // len(table)-1
	heap     []int32    // the fully explored slots, by key
	last     int32      // the slot the last Insert found or filled
	seq      uint64     // insertion counter (age)
	bytes    int64      // vector bytes held
	exact    *FullStore // every state ever stored (CacheCheck), nil without
	seenLast bool       // the last new state was stored before (exact only)
	err      error

	// Evictions counts states evicted; Restored the states stored again
	// after an eviction (counted with the exact side set only).
	Evictions, Restored int64
}

type cacheSlot struct {
	vec    []byte
	hash   uint64
	cost   uint64 // saturating: on a DAG it can exceed any count of states
	hits   uint32
	depth  int32
	key1   uint64 // the policy's order: key1, then key2
	key2   uint64
	heapAt int32 // position in heap, -1 while on the stack
}

// NewCache returns an empty cache of capacity states (at least 2). With
// exact, it also keeps every state it ever stored in an exact side set,
// to tell states stored again from new ones: a test mode, since the side
// set needs the memory the cache saves.
func NewCache(capacity int, policy Policy, seed uint64, exact bool) (*Cache, error) {
	if capacity < 2 {
		return nil, fmt.Errorf("--cache %d: the cache needs room for at least 2 states", capacity)
	}
	if policy < PolicyCost || policy > PolicyDepth {
		return nil, fmt.Errorf("unknown policy %d", int(policy))
	}
	size := 1
	for size < 2*capacity {
		size *= 2
	}
	c := &Cache{policy: policy, capacity: capacity, seed: maphash.MakeSeed(),
		rng: rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909)), table: make([]int32, size), mask: uint64(size - 1), last: -1}
	if exact {
		c.exact = NewFullStore()
	}
	return c, nil
}

// Capacity is the most states the cache holds.
func (c *Cache) Capacity() int { return c.capacity }

// Policy is the cache's replacement policy.
func (c *Cache) Policy() Policy { return c.policy }

// Exact reports whether the cache keeps the exact side set.
func (c *Cache) Exact() bool { return c.exact != nil }

// Distinct is the number of different states ever stored (exact only).
func (c *Cache) Distinct() int { return c.exact.Len() }

// Len implements Store: the states held now.
func (c *Cache) Len() int { return len(c.slots) - len(c.free) }

// Bytes implements Store.
func (c *Cache) Bytes() (states, table int64) {
	slot := int64(unsafe.Sizeof(cacheSlot{}))
	return c.bytes, int64(len(c.table))*4 + int64(cap(c.slots))*slot + int64(cap(c.heap))*4
}

// Err is why the cache could not take a new state: every state in it is
// on the search stack.
func (c *Cache) Err() error { return c.err }

// Insert implements Store. A new state is on the search stack until Done.
func (c *Cache) Insert(v []byte) bool {
	h := maphash.Bytes(c.seed, v)
	i := h & c.mask
	for ; c.table[i] != 0; i = (i + 1) & c.mask {
		s := c.table[i] - 1
		if c.slots[s].hash == h && string(c.slots[s].vec) == string(v) {
			c.last = s
			return false
		}
	}
	if c.Len() == c.capacity {
		if len(c.heap) == 0 {
			c.err = fmt.Errorf("state cache of %d states too small: every state in it is on the search stack", c.capacity)
			c.last = -1
			return true
		}
		c.evict()
		// the eviction may have moved entries of the probe sequence
		for i = h & c.mask; c.table[i] != 0; i = (i + 1) & c.mask {
		}
	}
	var s int32
	if n := len(c.free); n > 0 {
		s = c.free[n-1]
		c.free = c.free[:n-1]
	} else {
		c.slots = append(c.slots, cacheSlot{})
		s = int32(len(c.slots) - 1)
	}
	sl := &c.slots[s]
	c.bytes += int64(len(v) - len(sl.vec))
	*sl = cacheSlot{vec: append(sl.vec[:0], v...), hash: h, cost: 1, heapAt: -1}
	c.table[i] = s + 1
	c.last = s
	c.seq++
	sl.key2 = c.seq
	if c.exact != nil {
		c.seenLast = !c.exact.Insert(v)
		if c.seenLast {
			c.Restored++
		}
	}
	return true
}

// The tracker interface: what the search tells a cache.

// Last is the slot of the state the last Insert found or stored (-1 when
// it could not store it).
func (c *Cache) Last() int32 { return c.last }

// SeenBefore reports whether the state the last Insert stored had been
// stored before (exact only; false without the side set).
func (c *Cache) SeenBefore() bool { return c.seenLast }

// Entered records the search level of the state just stored in slot.
func (c *Cache) Entered(slot int32, depth int) { c.slots[slot].depth = int32(depth) }

// Hit records that a state explored from parent (the nearest stored state
// below on the stack; -1 for none) reached the stored state slot.
func (c *Cache) Hit(parent, slot int32) {
	sl := &c.slots[slot]
	sl.hits++
	if c.policy == PolicyHits && sl.heapAt >= 0 {
		sl.key1 = uint64(sl.hits)
		c.fix(int(sl.heapAt))
	}
	if parent >= 0 {
		c.addCost(parent, sl.cost)
	}
}

// Done records that the state in slot is fully explored: its cost goes to
// parent (as Hit), and it becomes a candidate for eviction.
func (c *Cache) Done(slot, parent int32) {
	sl := &c.slots[slot]
	if parent >= 0 {
		c.addCost(parent, sl.cost)
	}
	switch c.policy {
	case PolicyCost:
		sl.key1, sl.key2 = sl.cost, c.rng.Uint64() // ties broken at random (004)
	case PolicyRandom:
		sl.key1 = c.rng.Uint64()
	case PolicyAge:
		sl.key1 = sl.key2
	case PolicyHits:
		sl.key1 = uint64(sl.hits)
	case PolicyStratified:
		sl.key1 = uint64(sl.depth % StrataCount)
	case PolicyDepth:
		sl.key1 = math.MaxUint32 - uint64(sl.depth)
	}
	sl.heapAt = int32(len(c.heap))
	c.heap = append(c.heap, slot)
	c.up(len(c.heap) - 1)
}

func (c *Cache) addCost(slot int32, cost uint64) {
	sl := &c.slots[slot]
	if sl.cost += cost; sl.cost < cost {
		sl.cost = math.MaxUint64
	}
}

// evict removes the first state of the heap from the cache.
func (c *Cache) evict() {
	s := c.heap[0]
	c.removeHeap(0)
	c.Evictions++
	sl := &c.slots[s]
	// backward-shift deletion keeps every probe sequence unbroken
	i := sl.hash & c.mask
	for c.table[i] != s+1 {
		i = (i + 1) & c.mask
	}
	for j := (i + 1) & c.mask; c.table[j] != 0; j = (j + 1) & c.mask {
		home := c.slots[c.table[j]-1].hash & c.mask
		// move j's entry to i if i lies on its probe path (home .. j)
		if (j-home)&c.mask >= (j-i)&c.mask {
			c.table[i] = c.table[j]
			i = j
		}
	}
	c.table[i] = 0
	c.bytes -= int64(len(sl.vec))
	sl.vec = sl.vec[:0]
	c.free = append(c.free, s)
}

func (c *Cache) less(a, b int32) bool {
	x, y := &c.slots[a], &c.slots[b]
	return x.key1 < y.key1 || x.key1 == y.key1 && x.key2 < y.key2
}

func (c *Cache) swap(i, j int) {
	c.heap[i], c.heap[j] = c.heap[j], c.heap[i]
	c.slots[c.heap[i]].heapAt = int32(i)
	c.slots[c.heap[j]].heapAt = int32(j)
}

func (c *Cache) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !c.less(c.heap[i], c.heap[p]) {
			return
		}
		c.swap(i, p)
		i = p
	}
}

func (c *Cache) down(i int) {
	for {
		l := 2*i + 1
		if l >= len(c.heap) {
			return
		}
		m := l
		if r := l + 1; r < len(c.heap) && c.less(c.heap[r], c.heap[l]) {
			m = r
		}
		if !c.less(c.heap[m], c.heap[i]) {
			return
		}
		c.swap(i, m)
		i = m
	}
}

func (c *Cache) fix(i int) {
	c.up(i)
	c.down(i)
}

func (c *Cache) removeHeap(i int) {
	last := len(c.heap) - 1
	c.slots[c.heap[i]].heapAt = -1
	if i != last {
		c.heap[i] = c.heap[last]
		c.slots[c.heap[i]].heapAt = int32(i)
	}
	c.heap = c.heap[:last]
	if i < len(c.heap) {
		c.fix(i)
	}
}
