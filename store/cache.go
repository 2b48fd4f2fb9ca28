package store

import (
	"fmt"
	"math"
	"strings"
	"unsafe"

	"gmc/internal/hll"
	"gmc/internal/vhash"
)

// Policy is a cache-replacement policy of state-space caching (chapter 4
// of 004, docs/references.md#004-ch-4).
type Policy int

// The replacement policies. Each picks, among the fully explored states in
// the cache (never a state on the search stack, nor one of the states
// fully explored most recently: RecentShare), the one to evict, until
// its search has stored GuardRedundancy times the distinct states: the
// stratified rule picks from then on.
const (
	PolicyCost       Policy = iota // the least cost: states to re-explore if it is revisited (004 Algorithm 4.1)
	PolicyRandom                   // any, uniformly
	PolicyAge                      // the one stored longest ago, but one revisited since is spared once (second chance)
	PolicyHits                     // the fewest revisits, then the oldest
	PolicyStratified               // a search level ≡ 0 mod StrataCount first, then ≡ 1, ..., oldest first within a level
	PolicyDepth                    // the deepest (by the shallowest level it was reached at), then the oldest
)

// RecentShare: the capacity/RecentShare states fully explored most
// recently are no candidates for eviction, whatever the policy (while
// other states are). The depth-first search soon reaches again the states
// it has just left (a sibling's moves lead to them): evicting them, as
// depth and cost tend to (the deepest and the cheapest are those just
// finished), makes it explore them again at once, and each exploration
// evicts more of them. With a cache of half the states this took cost
// from more than 20 times the uncached time to 3.8 and 4.4 (philo_host,
// leader_n), depth to 1.4 and 2.3 (swp, leader_n), hits to 3.4
// (inline_typedef); a half of the cache made every policy run away where
// the stack takes most of it (docs/caching.md).
const RecentShare = 8

// GuardRedundancy bounds the work of every policy but stratified: once
// the states stored pass GuardRedundancy times the distinct states (the
// cache's HyperLogLog count), the victims are chosen by the stratified
// rule to the end of the search (Cache.FellBack says when). Age and depth
// ran away on philo_host with half its states (past 40 times the
// transitions): its search stack is deep, the search below it walks long
// chains of states, and the oldest or the deepest candidates are a
// contiguous stretch of such a chain, the stretch the next walk down it
// needs; each state explored again evicts the next one ahead (99.7% of
// the states explored again were reached from a state explored again),
// as least-recently-used caching fails on a loop larger than the cache.
// Evicting by the policy among a few random candidates, or choosing a
// share of the victims at random, did not stop it (age past 20 times the
// uncached time with 8 candidates, or with half its victims random).
// Stratified eviction leaves three levels in four in the cache, so a
// chain explored again soon meets a state still held. The bound is the
// one the run's warning uses; of the searches that finished at half the
// states only depth on peterson_n passed it (RW 6.7, 4.2 with the guard;
// docs/caching.md).
const GuardRedundancy = 4

// guardEvery is the number of evictions between two checks of the
// guard: a count of the HyperLogLog counter reads its 2^14 registers
// (0.04-0.06 ms), under 1% of what 4096 evictions take with their
// explorations (age on philo_host at 50%: 27,294 evictions in 0.1 s of
// processor time), and the guard is late by at most 4096 states stored.
const guardEvery = 4096

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
// The policy gives way to the stratified rule when the search explores
// the same states again and again (GuardRedundancy, FellBack).
//
// The search tells the cache how it uses the states (the tracker
// interface): which stored state revisited which, and when a state is
// fully explored. Costs follow 004 Algorithm 4.1: a new state costs 1, a
// revisit adds the revisited state's cost to the nearest stored state
// below it on the stack, and so does a state that is fully explored.
// Candidates for eviction sit in a binary heap ordered by the policy's
// key, O(log S) per change, from the first time the cache is full: until
// then nothing is evicted and a fully explored state is only marked so,
// since a search that never fills its cache should cost what the exact
// store's does (the heap is then built at once, O(S)).
//
// The layout serves speed, since every state of the search passes
// through Insert: the hash table holds each entry's slot and the top 32
// bits of its hash, so a probe reads a vector only when the tags agree
// and an entry's home is known without its vector; the vectors share an
// arena of fixed-width places (the width grows with the longest vector)
// in chunks, as the slots are, so that they grow without copying; the
// heap holds its keys, so ordering it touches no slot.
type Cache struct {
	policy   Policy
	rule     Policy // whose key orders the heap: policy, stratified once the guard switched (GuardRedundancy)
	stores   int64  // states stored, new or again
	fellBack int64  // stores when the guard switched, 0 before
	capacity int
	seed     uint64        // of the hash: the same seed, the same run
	slots    [][]cacheSlot // slot s: chunk s>>chunkLog2, at s&chunkMask
	nslots   int32         // the slots used so far, free or not
	free     []int32       // unused slots
	arena    [][]byte      // slot s's vector: chunk s>>chunkLog2, at (s&chunkMask)*width, slot(s).n bytes
	width    int           // bytes of arena per slot
	table    []uint64      // tag<<32 | slot+1, 0 empty; linear probing
	shift    uint          // 64 - log2(len(table)): a hash's home is h>>shift
	mask     uint64        // len(table)-1
	heap     []heapEntry   // the fully explored slots, by key, once heaped
	heaped   bool          // the cache was full once: the heap holds every candidate but the recent
	recent   []int32       // the slots fully explored most recently, a ring: no candidates yet
	recentAt int           // the oldest's place in recent
	nrecent  int           // how many recent holds
	last     int32         // the slot the last Insert found or filled
	seq      uint64        // insertion counter (age)
	exact    *Exact        // every state ever stored (CacheCheck), nil without
	distinct hll.Counter   // every state ever stored, estimated in 16 KiB
	seenLast bool          // the last new state was stored before (exact only)
	err      error

	// Evictions counts states evicted; Restored the states stored again
	// after an eviction (counted with the exact side set only).
	Evictions, Restored int64
}

type cacheSlot struct {
	cost   uint64 // saturating: on a DAG it can exceed any count of states
	seq    uint64 // when it was stored
	hits   uint32
	hit    bool // revisited since it was stored or last spared (PolicyAge)
	depth  int32
	heapAt int32  // position in heap; onStack, or explored before the heap is built
	n      int32  // vector length
	tag    uint32 // the top bits of the vector's hash, as in the table
}

// A slot's heapAt when it is not in the heap.
const (
	onStack  = -1 // on the search stack (or free)
	explored = -2 // fully explored, a candidate, before the heap is built
	isRecent = -3 // fully explored, in recent
)

// heapEntry is a fully explored slot with the policy's key: key1, then
// key2.
type heapEntry struct {
	key1, key2 uint64
	slot       int32
}

// An arena chunk holds the vectors of 2^chunkLog2 slots, a chunk of slots
// as many (fewer in a smaller cache).
const (
	chunkLog2 = 16
	chunkMask = 1<<chunkLog2 - 1
)

// MaxCacheStates is the largest cache: its table stays within 2^32
// entries, as the 32-bit tags that give an entry's home require.
const MaxCacheStates = 1 << 30

// NewCache returns an empty cache of capacity states (at least 2). With
// exact, it also keeps every state it ever stored in an exact side set,
// to tell states stored again from new ones: a test mode, since the side
// set needs the memory the cache saves.
func NewCache(capacity int, policy Policy, seed uint64, exact bool) (*Cache, error) {
	if capacity < 2 || capacity > MaxCacheStates {
		return nil, fmt.Errorf("--cache %d: the cache holds from 2 to %d states", capacity, MaxCacheStates)
	}
	if policy < PolicyCost || policy > PolicyDepth {
		return nil, fmt.Errorf("unknown policy %d", int(policy))
	}
	c := &Cache{policy: policy, rule: policy, capacity: capacity, seed: seed, last: -1,
		recent: make([]int32, max(1, capacity/RecentShare))}
	bits := uint(1)
	for 1<<bits < 2*min(capacity, 1<<15) {
		bits++
	}
	c.resize(bits)
	if exact {
		c.exact = NewExact()
	}
	return c, nil
}

// Capacity is the most states the cache holds.
func (c *Cache) Capacity() int { return c.capacity }

// Policy is the cache's replacement policy.
func (c *Cache) Policy() Policy { return c.policy }

// FellBack is the number of states the search had stored when the cache
// chose its victims by the stratified rule instead of its policy's
// (GuardRedundancy), 0 if it never did.
func (c *Cache) FellBack() int64 { return c.fellBack }

// Rule is the policy whose rule chooses the victims now: Policy, or
// stratified once the guard switched.
func (c *Cache) Rule() Policy { return c.rule }

// Exact reports whether the cache keeps the exact side set.
func (c *Cache) Exact() bool { return c.exact != nil }

// Distinct is the number of different states ever stored (exact only).
func (c *Cache) Distinct() int { return c.exact.Len() }

// DistinctEstimate estimates the number of different states ever stored
// without the side set: a HyperLogLog count, relative standard error
// hll.RelativeError.
func (c *Cache) DistinctEstimate() float64 { return c.distinct.Count() }

// Len implements Store: the states held now.
func (c *Cache) Len() int { return int(c.nslots) - len(c.free) }

// Bytes implements Store: the arena's places for the states, and the
// table, slots and heap, as far as they have been used (a page of the
// slots no state reached takes no memory).
func (c *Cache) Bytes() (states, table int64) {
	slot := int64(unsafe.Sizeof(cacheSlot{}))
	entry := int64(unsafe.Sizeof(heapEntry{}))
	return int64(c.nslots) * int64(c.width), int64(len(c.table))*8 + int64(c.nslots)*slot + int64(cap(c.heap))*entry + int64(len(c.recent))*4
}

// Err is why the cache could not take a new state: every state in it is
// on the search stack.
func (c *Cache) Err() error { return c.err }

// slot is slot s.
func (c *Cache) slot(s int32) *cacheSlot { return &c.slots[s>>chunkLog2][s&chunkMask] }

// vec is the vector in slot s.
func (c *Cache) vec(s int32) []byte {
	at := int(s&chunkMask) * c.width
	return c.arena[s>>chunkLog2][at : at+int(c.slot(s).n)]
}

// Insert implements Store. A new state is on the search stack until Done.
func (c *Cache) Insert(v []byte) bool {
	h, _ := vhash.Pair(v, c.seed)
	tag := uint32(h >> 32)
	i := h >> c.shift
	for ; c.table[i] != 0; i = (i + 1) & c.mask {
		e := c.table[i]
		if uint32(e>>32) == tag && string(c.vec(int32(e)-1)) == string(v) {
			c.last = int32(e) - 1
			return false
		}
	}
	if c.Len() == c.capacity {
		if !c.heaped {
			c.buildHeap()
		}
		if len(c.heap) == 0 && c.nrecent == 0 {
			c.err = fmt.Errorf("state cache of %d states too small: every state in it is on the search stack", c.capacity)
			c.last = -1
			return true
		}
		c.evict()
		// the eviction may have moved entries of the probe sequence
		for i = h >> c.shift; c.table[i] != 0; i = (i + 1) & c.mask {
		}
	}
	if len(v) > c.width {
		c.widen(len(v))
	}
	var s int32
	if n := len(c.free); n > 0 {
		s = c.free[n-1]
		c.free = c.free[:n-1]
	} else {
		s = c.nslots
		c.nslots++
		if s&chunkMask == 0 {
			c.slots = append(c.slots, make([]cacheSlot, c.chunkPlaces()))
			c.arena = append(c.arena, make([]byte, c.chunkPlaces()*c.width))
		}
	}
	c.seq++
	*c.slot(s) = cacheSlot{cost: 1, seq: c.seq, heapAt: -1, n: int32(len(v)), tag: tag}
	copy(c.arena[s>>chunkLog2][int(s&chunkMask)*c.width:], v)
	c.table[i] = uint64(tag)<<32 | uint64(s+1)
	c.last = s
	c.stores++
	c.distinct.Add(h)
	if n := uint64(c.Len()); 2*n > c.mask && n < uint64(c.capacity) {
		c.grow()
	}
	if c.exact != nil {
		c.seenLast = !c.exact.Insert(v)
		if c.seenLast {
			c.Restored++
		}
	}
	return true
}

// resize makes an empty table of 2^bits entries.
func (c *Cache) resize(bits uint) {
	c.table = make([]uint64, 1<<bits)
	c.shift, c.mask = 64-bits, 1<<bits-1
}

// grow doubles the table, which stays at most half full until it is
// large enough for the whole capacity. An entry's new home comes from its
// tag.
func (c *Cache) grow() {
	old := c.table
	c.resize(64 - c.shift + 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := e >> 32 << 32 >> c.shift
		for c.table[i] != 0 {
			i = (i + 1) & c.mask
		}
		c.table[i] = e
	}
}

// widen gives every slot n bytes of arena (rounded up to 8): the model
// reached a state longer than any before (a process was created).
func (c *Cache) widen(n int) {
	w := (n + 7) &^ 7
	arena := make([][]byte, len(c.arena))
	for k := range arena {
		arena[k] = make([]byte, c.chunkPlaces()*w)
	}
	for s := range c.nslots {
		copy(arena[s>>chunkLog2][int(s&chunkMask)*w:], c.vec(s))
	}
	c.arena, c.width = arena, w
}

// chunkPlaces is the number of vectors an arena chunk holds: 2^chunkLog2,
// fewer for a smaller cache.
func (c *Cache) chunkPlaces() int {
	return min(c.capacity, 1<<chunkLog2)
}

// The tracker interface: what the search tells a cache.

// Last is the slot of the state the last Insert found or stored (-1 when
// it could not store it).
func (c *Cache) Last() int32 { return c.last }

// SeenBefore reports whether the state the last Insert stored had been
// stored before (exact only; false without the side set).
func (c *Cache) SeenBefore() bool { return c.seenLast }

// Entered records the search level of the state just stored in slot.
func (c *Cache) Entered(slot int32, depth int) { c.slot(slot).depth = int32(depth) }

// OnStack reports whether the state in slot is on the search stack: it
// was stored and is not yet fully explored (Done). The search asks it for
// partial-order reduction, so that it keeps no set of its own beside the
// cache.
func (c *Cache) OnStack(slot int32) bool { return c.slot(slot).heapAt == onStack }

// Hit records that a state explored from parent (the nearest stored state
// below on the stack; -1 for none) reached the stored state slot, at
// search level depth.
func (c *Cache) Hit(parent, slot int32, depth int) {
	sl := c.slot(slot)
	sl.hits++
	sl.hit = true
	if c.rule == PolicyHits && sl.heapAt >= 0 {
		c.heap[sl.heapAt].key1 = uint64(sl.hits)
		c.down(int(sl.heapAt)) // a key only grows
	}
	if c.rule == PolicyDepth && int32(depth) < sl.depth {
		// Depth ranks a state by the shallowest level it was reached
		// at. A state explored again is stored again deep in the stack,
		// where the search happens to be: ranked by that level it was
		// evicted first, reached again from the next branch, and so on
		// (peterson_n with half its states: over 20 times the uncached
		// time, 8.4 times this way; docs/caching.md).
		sl.depth = int32(depth)
		if sl.heapAt >= 0 {
			c.heap[sl.heapAt].key1 = math.MaxUint32 - uint64(depth)
			c.down(int(sl.heapAt)) // a key only grows
		}
	}
	if parent >= 0 {
		c.addCost(parent, sl.cost)
	}
}

// Done records that the state in slot is fully explored: its cost goes to
// parent (as Hit), and it becomes a candidate for eviction once it is no
// longer among the recent (RecentShare).
func (c *Cache) Done(slot, parent int32) {
	sl := c.slot(slot)
	if parent >= 0 {
		c.addCost(parent, sl.cost)
	}
	if c.nrecent == len(c.recent) {
		c.candidate(c.popRecent())
	}
	c.recent[(c.recentAt+c.nrecent)%len(c.recent)] = slot
	c.nrecent++
	sl.heapAt = isRecent
}

// popRecent takes the oldest slot out of recent.
func (c *Cache) popRecent() int32 {
	s := c.recent[c.recentAt]
	c.recentAt = (c.recentAt + 1) % len(c.recent)
	c.nrecent--
	return s
}

// candidate makes the fully explored state in slot a candidate for
// eviction.
func (c *Cache) candidate(slot int32) {
	sl := c.slot(slot)
	if !c.heaped {
		sl.heapAt = explored
		return
	}
	sl.heapAt = int32(len(c.heap))
	c.heap = append(c.heap, c.entry(slot))
	c.up(len(c.heap) - 1)
}

// buildHeap puts every fully explored state in the heap: the cache is
// full for the first time.
func (c *Cache) buildHeap() {
	c.heap = make([]heapEntry, 0, c.capacity)
	for s := range c.nslots {
		if sl := c.slot(s); sl.heapAt == explored {
			sl.heapAt = int32(len(c.heap))
			c.heap = append(c.heap, c.entry(s))
		}
	}
	for i := len(c.heap)/2 - 1; i >= 0; i-- {
		c.down(i)
	}
	c.heaped = true
}

// entry is the heap entry of the fully explored slot s: the policy's key.
// The keys are distinct (the second is the time of storing, or random),
// so the state evicted does not depend on when the heap was built.
func (c *Cache) entry(s int32) heapEntry {
	sl := c.slot(s)
	e := heapEntry{key2: sl.seq, slot: s}
	switch c.rule {
	case PolicyCost:
		e.key1, e.key2 = sl.cost, c.random(sl.seq) // ties broken at random (004)
	case PolicyRandom:
		e.key1 = c.random(sl.seq)
	case PolicyAge:
		e.key1 = sl.seq
	case PolicyHits:
		e.key1 = uint64(sl.hits)
	case PolicyStratified:
		e.key1 = uint64(sl.depth % StrataCount)
	case PolicyDepth:
		e.key1 = math.MaxUint32 - uint64(sl.depth)
	}
	return e
}

// random is the random number of the state stored at time seq: a
// function of the seed and seq (SplitMix64's finalizer), so that it need
// not be kept until the state is a candidate.
func (c *Cache) random(seq uint64) uint64 {
	z := seq*0x9e3779b97f4a7c15 + c.seed
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (c *Cache) addCost(slot int32, cost uint64) {
	sl := c.slot(slot)
	if sl.cost += cost; sl.cost < cost {
		sl.cost = math.MaxUint64
	}
}

// evict removes the first state of the heap from the cache; when the
// heap is empty (the stack holds the rest), the oldest of the recent.
func (c *Cache) evict() {
	if c.rule != PolicyStratified && c.Evictions%guardEvery == 0 && float64(c.stores) > GuardRedundancy*c.distinct.Count() {
		c.fallBack()
	}
	var s int32
	if len(c.heap) > 0 {
		if c.rule == PolicyAge {
			c.spare()
		}
		s = c.heap[0].slot
		c.removeHeap(0)
	} else {
		s = c.popRecent()
	}
	c.Evictions++
	sl := c.slot(s)
	sl.heapAt = onStack // (free)
	// backward-shift deletion keeps every probe sequence unbroken
	i := uint64(sl.tag) << 32 >> c.shift
	for int32(c.table[i]) != s+1 {
		i = (i + 1) & c.mask
	}
	for j := (i + 1) & c.mask; c.table[j] != 0; j = (j + 1) & c.mask {
		home := c.table[j] >> 32 << 32 >> c.shift
		// move j's entry to i if i lies on its probe path (home .. j)
		if (j-home)&c.mask >= (j-i)&c.mask {
			c.table[i] = c.table[j]
			i = j
		}
	}
	c.table[i] = 0
	sl.n = 0
	c.free = append(c.free, s)
}

// fallBack makes the stratified rule choose the victims from now on: the
// heap's keys are made again and the heap rebuilt, O(S) once.
func (c *Cache) fallBack() {
	c.rule, c.fellBack = PolicyStratified, c.stores
	for i := range c.heap {
		c.heap[i] = c.entry(c.heap[i].slot)
	}
	for i := len(c.heap)/2 - 1; i >= 0; i-- {
		c.down(i)
	}
}

// spare gives the states revisited since they were stored, first in the
// heap, a second chance: each goes to the back, as if stored now (age's
// key), and is evicted only if it is first again without a revisit. Age
// alone evicts the states near the start of the search, which every cycle
// of the model leads back to: it took more than 20 times the uncached
// time at half the states on peterson_n, swp and leader_n, 3.0, 0.75 and
// 1.8 times with the second chance (docs/caching.md).
func (c *Cache) spare() {
	for range len(c.heap) {
		s := c.heap[0].slot
		sl := c.slot(s)
		if !sl.hit {
			return
		}
		sl.hit = false
		c.seq++
		sl.seq = c.seq
		c.heap[0] = c.entry(s)
		c.down(0)
	}
}

func less(x, y *heapEntry) bool {
	return x.key1 < y.key1 || x.key1 == y.key1 && x.key2 < y.key2
}

// set puts e at heap position i.
func (c *Cache) set(i int, e heapEntry) {
	c.heap[i] = e
	c.slot(e.slot).heapAt = int32(i)
}

func (c *Cache) up(i int) {
	e := c.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if !less(&e, &c.heap[p]) {
			break
		}
		c.set(i, c.heap[p])
		i = p
	}
	c.set(i, e)
}

func (c *Cache) down(i int) {
	e := c.heap[i]
	n := len(c.heap)
	for {
		m := 2*i + 1
		if m >= n {
			break
		}
		if r := m + 1; r < n && less(&c.heap[r], &c.heap[m]) {
			m = r
		}
		if !less(&c.heap[m], &e) {
			break
		}
		c.set(i, c.heap[m])
		i = m
	}
	c.set(i, e)
}

func (c *Cache) removeHeap(i int) {
	last := len(c.heap) - 1
	c.slot(c.heap[i].slot).heapAt = onStack
	if i != last {
		c.set(i, c.heap[last])
	}
	c.heap = c.heap[:last]
	if i < len(c.heap) {
		moved := c.heap[i].slot
		c.up(i)
		c.down(int(c.slot(moved).heapAt))
	}
}
