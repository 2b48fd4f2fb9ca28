package sample

import (
	"fmt"
	"math"
)

// DefaultCap is the number of entries a Sample holds at most: after θ
// halves it holds about half as many, so a run's sample has 2^14 to 2^15
// states, a relative sampling error of about 1% or less on what it counts.
const DefaultCap = 1 << 15

// minLen is the room a sample's lists start with: they grow eightfold
// while they fill, up to what the cap and the budget allow, so that the
// sample of a small search stays in the processor's caches and costs no
// large allocation. Eightfold, not twofold: what the lists allocate in
// all is 8/7 of the last one, not twice (an allocation brings the
// collector's next cycle nearer, and on a search of a few milliseconds a
// cycle more costs more than the sample: measured, BenchmarkSampleCost in
// package checker).
const minLen = 1 << 10

// growth is the factor a list grows by (see minLen).
const growth = 8

// Sample is a uniform sample of the states a search visited (and of those
// its store omitted): the hashes below θ = 2^(64−Level) of all the
// states the search reported.
//
// The reports are appended to two lists, the visited states' and the
// reached ones' (Reached), and settled in batches: the new entries sorted
// (by radix: they are uniform hashes) and merged into the sorted, distinct
// entries settled before, the reached ones that are not visited states
// becoming omissions, θ halved while the sample is over its cap. A search
// reports a state at each of its arrivals, at a random place of the
// state space; an append and a sort are sequential work, where a hash set
// took a cache miss a report, and evicted the lines of the bitstate
// filter the search was using (docs/estimates.md, "The sample's cost").
//
// A search that reports each visited state once and asks of no
// omission (NewDistinct: the exact store) never needs the entries sorted:
// its list is only thinned when it passes the cap.
type Sample struct {
	// visited holds the visited states' hashes, all kept at the θ of
	// their report: visited[:sorted] sorted and distinct, the rest as
	// reported since
	visited []uint64
	sorted  int
	// reached holds the hashes reported by Reached since the last
	// settling
	reached []uint64
	// omitted holds the omissions: sorted, distinct, none a visited state
	// (of visited[:sorted])
	omitted []uint64
	scratch []uint64 // the sort's second buffer
	// distinct: each visited state is reported once (NewDistinct), so
	// the list of a search that asks of no omission needs no sorting
	distinct bool
	cap      int
	budget   int // reports taken between two settlings
	limit    int // settle when visited and reached pass it
	level    uint
	shift    uint // 64 − level: h is kept when h>>shift == 0
}

// New returns an empty sample that holds at most DefaultCap entries, for
// a search that may report a state more than once or ask about omissions
// (Reached).
func New() *Sample {
	s := NewCap(DefaultCap)
	s.distinct = false
	return s
}

// NewDistinct returns an empty sample of at most DefaultCap entries for a
// search that reports each state it visits once (Visited), as a search
// with the exact store does: until it is asked about an omission, its
// list is never sorted.
func NewDistinct() *Sample { return NewCap(DefaultCap) }

// NewCap is NewDistinct with at most capacity entries (at least 2;
// rounded up to a power of two).
func NewCap(capacity int) *Sample {
	c := 2
	for c < capacity {
		c *= 2
	}
	// a quarter of the cap between settlings: the settled entries are
	// merged with the new ones at each, so a settling costs at most five
	// steps a new entry, and the lists and the scratch buffer hold at
	// most 1.75 times the cap (448 KiB at DefaultCap)
	b := max(c/4, 1)
	return &Sample{cap: c, budget: b, limit: b, shift: 64, distinct: true}
}

// Keeps reports whether a state of hash h belongs in the sample at the
// current threshold. Callers test it before Visited and Reached, which
// then do the work only for the few states it keeps.
func (s *Sample) Keeps(h uint64) bool { return h>>s.shift == 0 }

// Visited records that the search took the state of hash h as new (its
// store had not seen it). With a sample of New it is idempotent; with one
// of NewDistinct each state must be reported once.
func (s *Sample) Visited(h uint64) {
	if !s.Keeps(h) {
		return
	}
	if len(s.visited) == cap(s.visited) {
		s.visited = grow(s.visited, s.cap+s.budget+1)
	}
	s.visited = append(s.visited, h)
	s.check()
}

// Reached records that the search reached the state of hash h and its
// store called it visited: when the sample keeps h and does not hold it
// as visited, the store confused it with another state, and the state is
// an omission (counted once).
func (s *Sample) Reached(h uint64) {
	if !s.Keeps(h) {
		return
	}
	if len(s.reached) == cap(s.reached) {
		s.reached = grow(s.reached, s.budget+1)
	}
	s.reached = append(s.reached, h)
	s.check()
}

// check settles the sample when the reports since the last settling
// pass the budget. It inlines: it runs for every entry added.
func (s *Sample) check() {
	if len(s.visited)+len(s.reached) > s.limit {
		s.settle()
	}
}

// grow returns list with room for growth times its length (at least
// minLen, at most limit).
func grow(list []uint64, limit int) []uint64 {
	n := min(max(minLen, growth*len(list)), limit)
	return append(make([]uint64, 0, max(n, len(list)+1)), list...)
}

// settle brings the sample to its settled form: visited sorted and
// distinct (but for a distinct sample that was asked of no omission),
// the reached states resolved into omissions, θ halved while the entries
// pass the cap.
func (s *Sample) settle() {
	if s.distinct && len(s.reached) == 0 && len(s.omitted) == 0 {
		// a list of distinct states: only the cap to keep
		s.thin()
		s.limit = len(s.visited) + s.budget
		return
	}
	// the new visited states, sorted (into the scratch buffer: the merge
	// writes where they were) and merged into the settled ones
	tail := s.sortHashes(s.visited[s.sorted:])
	if len(s.omitted) > 0 {
		// a state the store took as new is no omission (not with a sound
		// store; be safe anyway)
		s.omitted = subtract(s.omitted, tail)
	}
	s.visited = merge(s.visited[:s.sorted], tail)
	s.sorted = len(s.visited)
	// the reached states that are not visited ones: omissions
	if len(s.reached) > 0 {
		news := subtract(s.sortHashes(s.reached), s.visited)
		s.omitted = merge(s.omitted, news)
		s.reached = s.reached[:0]
	}
	s.thin()
	s.limit = len(s.visited) + s.budget
}

// sortHashes returns the distinct hashes of list (below θ), sorted, in
// the sample's scratch buffer: they live until the next call.
func (s *Sample) sortHashes(list []uint64) []uint64 {
	if cap(s.scratch) < len(list) {
		s.scratch = make([]uint64, 0, max(len(list), minLen, min(growth*cap(s.scratch), s.cap+s.budget)))
	}
	return dedupe(radixSort(list, s.scratch, s.shift))
}

// thin halves θ until the sample holds at most its cap, dropping the
// entries at or above it (the lists keep their order). The reached
// states are resolved before (settle).
func (s *Sample) thin() {
	for len(s.visited)+len(s.omitted) > s.cap {
		s.halve()
		// the settled prefix and the reports after it apart, so that
		// what is kept of the first stays a sorted prefix
		settled := keep(s.visited[:s.sorted], s.shift)
		s.visited = append(settled, keep(s.visited[s.sorted:], s.shift)...)
		s.sorted = len(settled)
		s.omitted = keep(s.omitted, s.shift)
	}
}

// keep drops the hashes of list at or above 2^shift, in place.
func keep(list []uint64, shift uint) []uint64 {
	kept := list[:0]
	for _, h := range list {
		if h>>shift == 0 {
			kept = append(kept, h)
		}
	}
	return kept
}

func (s *Sample) halve() {
	s.level++
	s.shift = 64 - s.level
}

// settled settles the sample before it is read: what it holds is then
// the distinct visited states and omissions below θ, at most its cap.
func (s *Sample) settled() *Sample {
	if len(s.reached) > 0 || len(s.visited)+len(s.omitted) > s.cap ||
		(s.sorted < len(s.visited) && (!s.distinct || len(s.omitted) > 0)) {
		s.settle()
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
