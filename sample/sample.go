package sample

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"gmc/internal/hugepage"
)

// DefaultCap is the number of entries a Sample holds at most: after θ
// halves it holds about half as many, so a run's sample has 2^14 to 2^15
// states, a relative sampling error of about 1% or less on what it counts.
const DefaultCap = 1 << 15

// minLen is the room a sample's lists start with: each has a region of
// the sample's memory sized for its worst case (reserved, not touched:
// see NewCap), of which it faults in minLen entries at first and eight
// times as many at each step while it fills, so that the sample of a
// small search stays in the processor's caches and costs a few page
// faults, and a list never moves.
const minLen = 1 << 10

// growth is the factor a list's room grows by (see minLen).
const growth = 8

// Sample is a uniform sample of the states a search visited (and of those
// its store omitted): the hashes below θ = 2^(64−Level) of all the
// states the search reported.
//
// The reports are appended to two lists, the visited states' and the
// reached ones' (Reached), and settled in batches, θ halved while the
// sample is over its cap. A search reports a state at each of its
// arrivals, at a random place of the state space; an append and a pass
// over a list are sequential work, where a hash set of the sample took a
// cache miss a report, and evicted the lines of the bitstate filter the
// search was using (docs/estimates.md, "The sample's cost").
//
// A search that may report a state more than once (New: the cache) has
// its new entries sorted (by radix: they are uniform hashes) and merged
// into the sorted, distinct entries settled before, the reached ones that
// are not visited states becoming omissions.
//
// A search that reports each visited state once (NewDistinct: every
// store but the cache) never has its lists sorted: the visited list is
// thinned in place when it passes the cap, and when a cap's worth of
// reached states is to be resolved (with the exact store, never) they go
// into a small hash table that one pass over the visited states checks
// off (Sample.resolve): what is left are omissions.
//
// The lists live in memory off the Go heap (hugepage.Reserve), each in a
// region of it sized for its worst case and faulted in as it fills: the
// sample then never brings the collector's next cycle nearer (on a search
// of a few milliseconds, a cycle more cost more than the sample's work),
// its lists are never copied as they grow, and their pages are faulted
// in a few at a time. A Sample must not be copied: its memory is given
// back when it is no longer reachable.
type Sample struct {
	// visited holds the visited states' hashes, all kept at the θ of
	// their report: visited[:done] settled (in a sample of New sorted and
	// distinct; in a distinct one resolved against the omissions), the
	// rest as reported since
	visited []uint64
	done    int
	// reached holds the hashes reported by Reached since the last
	// settling
	reached []uint64
	// omitted holds the omissions: distinct, none a visited state (of
	// visited[:done]); sorted in a sample of New
	omitted []uint64
	scratch []uint64 // the sort's second buffer, or resolve's table
	// the lists' regions: each list is a prefix of its region, its
	// capacity the part faulted in so far (room)
	visitedRegion, reachedRegion, omittedRegion, scratchRegion []uint64
	counts                                                     []uint64 // radixSort's (a region too)
	// arena is the memory the regions are in, with how much of each
	// was faulted in before (by this sample or by one before it)
	arena *arena
	// source, when set, yields the states of a sample not yet drawn
	// (Deferred)
	source func(yield func(v []byte))
	// distinct: each visited state is reported once (NewDistinct), so
	// the lists are never sorted
	distinct bool
	cap      int
	budget   int // visited states taken between two settlings
	limit    int // settle when visited passes it
	// resolveAt is how many reached states are taken between two
	// resolvings: the cap. A resolving passes over all the visited
	// states, so that the fewer there are the less the work
	// (peterson_n's bitstate search, when a resolving sorted: 13.4 M
	// instructions for the sample resolving every quarter cap, 10.2 M
	// every cap)
	resolveAt int
	level     uint
	shift     uint   // 64 − level: h is kept when h>>shift == 0
	drop      uint64 // the level's high bits: h is kept when h&drop == 0
	// visitedStop and reachedStop are where a list's append leaves
	// Visited's and Reached's fast path: at its room, or where
	// the sample settles (see stops)
	visitedStop, reachedStop int
}

// New returns an empty sample that holds at most DefaultCap entries, for
// a search that may report a visited state more than once (a cache
// forgets states and visits them again; a randomized search walks them
// again).
func New() *Sample {
	s := NewCap(DefaultCap)
	s.distinct = false
	return s
}

// NewDistinct returns an empty sample of at most DefaultCap entries for a
// search that reports each state it visits once (Visited), as a search
// with any store but the cache does (a lossy store may ask about
// omissions: Reached). Until it is asked about an omission, its list is
// never sorted.
func NewDistinct() *Sample { return NewCap(DefaultCap) }

// Deferred returns a sample of at most DefaultCap entries of the states
// each yields (each once), drawn when it is first read (Len, Level, Rate,
// Omitted, Each, VisitedAt): a search whose store keeps every state it
// stored (the exact store) need not sample as it goes, and one whose
// sample nobody reads (a complete exhaustive search: its coverage is
// known) never draws it. It is the sample that reporting each state to
// Visited would have made: what a sample holds does not depend on the
// order of its reports (θ halves until the states below it fit the
// cap). Until it is read it must not be written to, and Keeps says
// nothing; each is called once, after the search.
func Deferred(each func(yield func(v []byte))) *Sample {
	s := NewDistinct()
	s.source = each
	return s
}

// NewCap is NewDistinct with at most capacity entries (at least 2;
// rounded up to a power of two).
func NewCap(capacity int) *Sample {
	c := 2
	for c < capacity {
		c *= 2
	}
	// a quarter of the cap between settlings (a distinct sample's
	// visited states only thinned at most of them, see settle); the
	// regions span five and a half times the cap and radixSort's
	// counts (1.5 MiB at DefaultCap), of which a search touches what it
	// fills (the omissions' region seldom more than a page)
	b := max(c/4, 1)
	s := &Sample{cap: c, budget: b, limit: b, resolveAt: c, shift: 64, distinct: true}
	sizes := regionSizes(c)
	a := takeArena(sizes[0] + sizes[1] + sizes[2] + sizes[3] + sizes[4])
	s.arena = a
	runtime.AddCleanup(s, giveArena, a)
	mem := a.mem
	regions := [5]*[]uint64{&s.visitedRegion, &s.reachedRegion, &s.omittedRegion, &s.scratchRegion, &s.counts}
	for i, n := range sizes {
		*regions[i], mem = mem[:n:n], mem[n:]
	}
	s.visited, s.reached = s.visitedRegion[:0:0], s.reachedRegion[:0:0]
	s.omitted, s.scratch = s.omittedRegion[:0:0], s.scratchRegion[:0:0]
	return s
}

// arena is the memory of a sample's lists (hugepage.Reserve), and the
// function that gives it back.
type arena struct {
	mem     []uint64
	release func()
	// faulted is, for each list's region (visited, reached, omitted,
	// scratch), how many of its entries are faulted in: a kept arena's
	// next sample faults in only what no sample before it filled (a
	// system call even over pages already there walks their tables:
	// on a search of a millisecond, the calls of each list's growth
	// were a tenth of its time)
	faulted [4]int
}

// Indices of the lists' regions in arena.faulted.
const (
	visitedList = iota
	reachedList
	omittedList
	scratchList
)

// arenas keeps the memory of samples no longer used, for the next: a
// process that runs several searches (gmc estimate, --runs, the probes)
// then faults the lists' pages in once, not for each search. It keeps
// as many as GOMAXPROCS (so many searches run at once), each what a
// sample of DefaultCap touched of its 1.5 MiB.
var arenas struct {
	sync.Mutex
	free []*arena
}

// regionSizes is the length of each region of the memory of a sample of
// cap c (budget c/4, resolved every c reached states): the most each list
// holds. Visited, cap and budget (settled when it passes); reached, the
// cap; omitted, the cap and a resolving's new ones before the thinning;
// scratch, what sortHashes sorts (at most visited) or resolve's table
// (for the reached states and the omissions, 2c+1 at most: tableLen);
// radixSort's counts.
func regionSizes(c int) [5]int {
	b := max(c/4, 1)
	return [5]int{c + b + 1, c + 1, 2*c + 1, max(c+b+1, tableLen(2*c+1)), 1 << maxDigit}
}

// arenaLen is the length of the arena of a sample of DefaultCap, the
// only ones kept.
var arenaLen = func() int {
	n := 0
	for _, k := range regionSizes(DefaultCap) {
		n += k
	}
	return n
}()

// takeArena returns an arena of n entries, a kept one if it can.
func takeArena(n int) *arena {
	if n == arenaLen {
		arenas.Lock()
		defer arenas.Unlock()
		if k := len(arenas.free); k > 0 {
			a := arenas.free[k-1]
			arenas.free = arenas.free[:k-1]
			return a
		}
	}
	mem, release := hugepage.Reserve[uint64](n)
	return &arena{mem: mem, release: release}
}

// giveArena keeps the arena of a sample the collector found unreachable,
// or gives it back. (The lists write before they read: what the last
// sample left in it is never seen.)
func giveArena(a *arena) {
	if len(a.mem) == arenaLen {
		arenas.Lock()
		defer arenas.Unlock()
		if len(arenas.free) < runtime.GOMAXPROCS(0) {
			arenas.free = append(arenas.free, a)
			return
		}
	}
	a.release()
}

// Keeps reports whether a state of hash h belongs in the sample at the
// current threshold.
func (s *Sample) Keeps(h uint64) bool { return h&s.drop == 0 }

// Visited records that the search took the state of hash h as new (its
// store had not seen it). With a sample of New it is idempotent; with one
// of NewDistinct each state must be reported once.
func (s *Sample) Visited(h uint64) {
	if !s.TryVisited(h) {
		s.visitedSlow(h)
	}
}

// TryVisited is Visited's fast path, for a caller that reports every
// arrival and calls Visited only when it returns false: it records h
// and reports true, or leaves the sample as it was and reports false at
// the visited list's stop (its room is full, or the sample must
// settle). It inlines (cost 54), where Visited, which calls the slow
// path, cannot: a search that inlines it into its own arrival's frame
// tells the sample of a state without a call (checker's sampler.tell,
// whose doc gives what that saved).
//
// It has no branch on whether the sample keeps h: the hash is written
// past the list's end, which moves over it when it is kept. A search
// reports its states at random, and past the cap a test on θ goes one
// way or the other as often (peterson_n's bitstate search, 120 searches
// under perf stat: 2,980 ms with the branch, 2,907 without, 2,790 with
// no sample).
func (s *Sample) TryVisited(h uint64) bool {
	n := len(s.visited)
	if n >= s.visitedStop {
		return false
	}
	s.visited[:n+1][n] = h              // within its room: n < visitedStop ≤ cap
	s.visited = s.visited[:n+s.kept(h)] // (its length only: no write barrier)
	return true
}

// kept is 1 when the sample keeps h, else 0, without a branch.
func (s *Sample) kept(h uint64) int {
	k := 0
	if s.Keeps(h) {
		k = 1
	}
	return k
}

// visitedSlow is Visited at its list's stop: grown, or settled.
func (s *Sample) visitedSlow(h uint64) {
	if s.Keeps(h) {
		if len(s.visited) == cap(s.visited) {
			s.visited = s.room(s.visited, s.visitedRegion, visitedList, len(s.visited)+1)
		}
		s.visited = append(s.visited, h)
		if len(s.visited) > s.limit {
			s.settle(false)
		}
	}
	s.stops()
}

// Reached records that the search reached the state of hash h and its
// store called it visited: when the sample keeps h and does not hold it
// as visited, the store confused it with another state, and the state is
// an omission (counted once).
func (s *Sample) Reached(h uint64) {
	if !s.TryReached(h) {
		s.reachedSlow(h)
	}
}

// TryReached is Reached's fast path, as TryVisited is Visited's.
func (s *Sample) TryReached(h uint64) bool {
	n := len(s.reached)
	if n >= s.reachedStop {
		return false
	}
	s.reached[:n+1][n] = h
	s.reached = s.reached[:n+s.kept(h)] // (its length only: no write barrier)
	return true
}

// reachedSlow is Reached at its list's stop: grown, or resolved.
func (s *Sample) reachedSlow(h uint64) {
	if s.Keeps(h) {
		if len(s.reached) == cap(s.reached) {
			s.reached = s.room(s.reached, s.reachedRegion, reachedList, len(s.reached)+1)
		}
		s.reached = append(s.reached, h)
		if len(s.reached) > s.resolveAt {
			s.settle(true)
		}
	}
	s.stops()
}

// stops sets where Visited and Reached leave their fast path: where the
// next report fills the list's room (it must be grown first), or passes
// the settling point (limit, resolveAt), whichever comes first. Every
// change to the lists' lengths, rooms and limits is followed by it.
func (s *Sample) stops() {
	s.visitedStop = min(cap(s.visited), s.limit)
	s.reachedStop = min(cap(s.reached), s.resolveAt)
}

// room returns list, a prefix of region (the k-th), with room for at
// least n entries (n at most region's length): its room grows by growth
// (from minLen, up to the region's end), and what it gains is faulted in
// unless it was before.
func (s *Sample) room(list, region []uint64, k, n int) []uint64 {
	if n <= cap(list) {
		return list
	}
	c := min(max(n, minLen, growth*cap(list)), len(region))
	if done := &s.arena.faulted[k]; c > *done {
		hugepage.Populate(region[*done:c])
		*done = c
	}
	return region[:len(list):c]
}

// settle brings the sample to its settled form: the reached states
// resolved into omissions, θ halved while the entries pass the cap, and
// in a sample of New visited sorted and distinct. A distinct sample only
// keeps its cap (θ halves while the visited states and omissions pass it)
// but when it must resolve the reached states (resolve: their list is
// full, or the sample is read) and has some, or omissions not yet checked
// against its latest visited states.
func (s *Sample) settle(resolve bool) {
	if s.distinct {
		if resolve && (len(s.reached) > 0 || len(s.omitted) > 0) {
			s.resolve()
		}
		s.thin()
		s.limit = len(s.visited) + s.budget
		s.stops()
		return
	}
	// the new visited states, sorted (into the scratch buffer: the merge
	// writes where they were) and merged into the settled ones
	tail := s.sortHashes(s.visited[s.done:])
	if len(s.omitted) > 0 {
		// a state the store took as new is no omission (not with a sound
		// store; be safe anyway)
		s.omitted = subtract(s.omitted, tail)
	}
	s.visited = merge(s.visited[:s.done], tail)
	s.done = len(s.visited)
	// the reached states that are not visited ones: omissions
	if len(s.reached) > 0 {
		news := subtract(s.sortHashes(s.reached), s.visited)
		s.omitted = s.room(s.omitted, s.omittedRegion, omittedList, len(s.omitted)+len(news))
		s.omitted = merge(s.omitted, news)
		s.reached = s.reached[:0]
	}
	s.thin()
	s.limit = len(s.visited) + s.budget
	s.stops()
}

// resolve is a distinct sample's settling of its reached states and
// omissions: both go into a hash table (in the scratch buffer; they are
// uniform hashes, so the table's slot is a hash's low bits), one pass
// over the visited states checks off the ones it holds, and what is left
// are the omissions. Sorting the visited states to subtract them cost
// more than the search's other sampling work together (on bakery, 3,000
// visited states sorted for 200 reached ones), and a table of the
// reached states is small: a few kilobytes on the searches of
// milliseconds, a megabyte at most.
//
// A probe of the table for every visited state mispredicted a branch for
// most of them (is the slot empty, is it this hash: either way as
// often), which made the pass a quarter of the sample's time on bakery.
// So the table's hashes also set a bit each in a bitmap eight times the
// table's length (in radixSort's counts, unused in a distinct sample),
// and the pass first collects, without a branch, the visited states
// whose bit is set: those the table holds, and one in ten to twenty
// others. Only they probe the table.
//
// The table marks an empty slot 0 and a checked-off one 1: a reached
// hash or omission below 2 (one in 2^63) is resolved by a search of the
// visited list instead.
func (s *Sample) resolve() {
	n := len(s.reached) + len(s.omitted)
	size := tableLen(n)
	s.scratch = s.room(s.scratch, s.scratchRegion, scratchList, size)
	table := s.scratch[:size]
	clear(table)
	mask := uint64(size - 1)
	bitmap := s.counts[:min(max(size/8, 1), len(s.counts))] // (both powers of two)
	clear(bitmap)
	bits := uint64(64*len(bitmap) - 1)
	var low [2]bool // reached hashes 0 and 1
	for _, list := range [2][]uint64{s.reached, s.omitted} {
		for _, h := range list {
			if h < 2 {
				low[h] = true
				continue
			}
			i := h & mask
			for table[i] != 0 && table[i] != h {
				i = (i + 1) & mask
			}
			table[i] = h
			b := h & bits
			bitmap[b>>6] |= 1 << (b & 63)
		}
	}
	var candidates [256]uint64
	k := 0
	for _, h := range s.visited {
		if k == len(candidates) {
			checkOff(table, candidates[:k])
			k = 0
		}
		b := h & bits
		candidates[k&(len(candidates)-1)] = h
		k += int(bitmap[b>>6] >> (b & 63) & 1)
	}
	checkOff(table, candidates[:k])
	s.omitted = s.room(s.omitted, s.omittedRegion, omittedList, n)[:0]
	for h, r := range low {
		if r && !slices.Contains(s.visited, uint64(h)) {
			s.omitted = append(s.omitted, uint64(h))
		}
	}
	for _, h := range table {
		if h > 1 {
			s.omitted = append(s.omitted, h)
		}
	}
	s.reached = s.reached[:0]
	s.done = len(s.visited)
}

// checkOff marks 1 the slot of each of hashes that table (resolve's, of
// a power-of-two length) holds.
func checkOff(table, hashes []uint64) {
	mask := uint64(len(table) - 1)
	for _, h := range hashes {
		for i := h & mask; table[i] != 0; i = (i + 1) & mask {
			if table[i] == h {
				table[i] = 1
				break
			}
		}
	}
}

// tableLen is the size of resolve's table for n hashes: a power of two,
// at least 4n/3, so that it is at most three quarters full (at most half
// full, it took twice the memory for no time measured on peterson_n).
func tableLen(n int) int {
	size := 1
	for 3*size < 4*n {
		size *= 2
	}
	return size
}

// sortHashes returns the distinct hashes of list (below θ), sorted, in
// the sample's scratch buffer: they live until the next call.
func (s *Sample) sortHashes(list []uint64) []uint64 {
	s.scratch = s.room(s.scratch, s.scratchRegion, scratchList, len(list))
	return dedupe(radixSort(list, s.scratch, s.counts, s.shift))
}

// thin halves θ until the sample holds at most its cap, dropping the
// entries at or above it (the lists keep their order), of the reached
// states waiting to be resolved too (a reached state is an omission or
// not whatever θ is: it goes with the visited state it may be).
func (s *Sample) thin() {
	for len(s.visited)+len(s.omitted) > s.cap {
		s.halve()
		// the settled prefix and the reports after it apart, so that
		// what is kept of the first stays a settled prefix
		settled := keep(s.visited[:s.done], s.shift)
		s.visited = append(settled, keep(s.visited[s.done:], s.shift)...)
		s.done = len(settled)
		s.omitted = keep(s.omitted, s.shift)
		s.reached = keep(s.reached, s.shift)
	}
}

// keep drops the hashes of list at or above 2^shift, in place, without
// a branch on each (the compiler makes the test a flag): when θ has just
// halved, half of them go, at random, and a branch would be mispredicted
// for one in two.
func keep(list []uint64, shift uint) []uint64 {
	n := 0
	for _, h := range list {
		list[n] = h
		k := 0
		if h>>shift == 0 {
			k = 1
		}
		n += k
	}
	return list[:n]
}

func (s *Sample) halve() {
	s.level++
	s.shift = 64 - s.level
	s.drop = ^uint64(0) << s.shift
}

// settled settles the sample before it is read: what it holds is then
// the distinct visited states and omissions below θ, at most its cap.
func (s *Sample) settled() *Sample {
	if each := s.source; each != nil {
		s.source = nil
		each(func(v []byte) {
			if h := Hash(v); !s.TryVisited(h) { // (Visited, inlined)
				s.visitedSlow(h)
			}
		})
	}
	if len(s.reached) > 0 || len(s.visited)+len(s.omitted) > s.cap ||
		(s.done < len(s.visited) && (!s.distinct || len(s.omitted) > 0)) {
		s.settle(true)
	}
	return s
}

// Level is how many times θ halved: θ = 2^(64−Level).
func (s *Sample) Level() uint { return s.settled().level }

// Rate is p = θ/2^64, the probability that a given state is sampled.
func (s *Sample) Rate() float64 { return math.Ldexp(1, -int(s.Level())) }

// Len is the number of visited states sampled.
func (s *Sample) Len() int { return len(s.settled().visited) }

// Omitted is the number of omissions sampled.
func (s *Sample) Omitted() int { return len(s.settled().omitted) }

// Bytes is the memory the sample uses.
func (s *Sample) Bytes() int64 {
	return int64(8 * (cap(s.visited) + cap(s.reached) + cap(s.omitted) + cap(s.scratch)))
}

// Each calls f for every entry: its hash, and whether it is an omission.
func (s *Sample) Each(f func(h uint64, omitted bool)) {
	s.settled()
	for _, h := range s.visited {
		f(h, false)
	}
	for _, h := range s.omitted {
		f(h, true)
	}
}

// VisitedAt returns the visited states of the sample whose hash falls
// below 2^(64−level) (level ≥ s.Level()): the sample thinned to a common
// threshold with other runs.
func (s *Sample) VisitedAt(level uint) ([]uint64, error) {
	if level < s.Level() {
		return nil, fmt.Errorf("sample at level %d cannot be thinned to level %d", s.level, level)
	}
	shift := 64 - level
	var out []uint64
	for _, h := range s.visited {
		if h>>shift == 0 {
			out = append(out, h)
		}
	}
	return out, nil
}
