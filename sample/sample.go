package sample

import (
	"fmt"
	"math"
)

// DefaultCap is the number of entries a Sample holds at most: after θ
// halves it holds about half as many, so a run's sample has 2^14 to 2^15
// states, a relative sampling error of about 1% or less on what it counts,
// in a table of at most 2^16 slots (512 KiB).
const DefaultCap = 1 << 15

// minSlots is the size a set starts at: it grows eightfold while it
// fills, up to 2·cap slots, so that the sample of a small search is a
// table that stays in the processor's caches (a bitstate search looks up
// most states it reaches while every state is sampled) and costs no large
// allocation. Eightfold, not twofold: what the tables allocate in all is
// 8/7 of the last one, not twice (an allocation brings the collector's
// next cycle nearer, and on a search of a few milliseconds a cycle more
// costs more than the lookups: measured, BenchmarkSampleCost in package
// checker).
const minSlots = 1 << 10

// growth is the factor a set's table grows by (see minSlots).
const growth = 8

// Sample is a uniform sample of the states a search visited (and of those
// its store omitted): the hashes below θ = 2^(64−Level) of all the
// states the search reported.
//
// It keeps them in one of two ways. A sample made by NewDistinct, whose
// caller reports each state once (a search with the exact store), appends
// the hashes to a list: a sequential write per stored state, which costs
// the search next to nothing. A sample made by New, or a distinct one
// once Reached is called, keeps a hash set, which tells a state seen from
// one not seen.
type Sample struct {
	// the list (distinct mode): the hashes in the order reported
	list []uint64
	// the set: open addressing by the hash's low bits (0: empty), with a
	// bit per slot for the omissions
	table   []uint64
	omitted []uint64
	mask    uint64
	set     bool // the set is in use (the list is not)
	cap     int
	level   uint // θ = 2^(64−level)
	shift   uint // 64 − level: h is kept when h>>shift == 0
	visited int  // set entries that are visited states
	omits   int  // set entries that are omissions
}

// New returns an empty sample that holds at most DefaultCap entries, for
// a search that may report a state more than once or ask about omissions
// (Reached).
func New() *Sample {
	s := NewCap(DefaultCap)
	s.toSet()
	return s
}

// NewDistinct returns an empty sample of at most DefaultCap entries for a
// search that reports each state it visits once (Visited), as a search
// with the exact store does: it keeps a list until asked about an
// omission.
func NewDistinct() *Sample { return NewCap(DefaultCap) }

// NewCap is NewDistinct with at most capacity entries (at least 2;
// rounded up to a power of two).
func NewCap(capacity int) *Sample {
	c := 2
	for c < capacity {
		c *= 2
	}
	return &Sample{cap: c, shift: 64}
}

// Keeps reports whether a state of hash h belongs in the sample at the
// current threshold. Callers test it before Reached, which then does the
// work only for the few states it keeps.
func (s *Sample) Keeps(h uint64) bool { return h>>s.shift == 0 }

// Visited records that the search took the state of hash h as new (its
// store had not seen it). With a sample of New it is idempotent; with one
// of NewDistinct each state must be reported once.
func (s *Sample) Visited(h uint64) {
	if !s.Keeps(h) {
		return
	}
	if !s.set {
		if len(s.list) == cap(s.list) {
			// grown as a set grows (minSlots), up to room for the whole
			// sample and the one entry past it that halves θ
			n := min(max(minSlots, growth*len(s.list)), s.cap+1)
			s.list = append(make([]uint64, 0, n), s.list...)
		}
		s.list = append(s.list, nonZero(h))
		if len(s.list) > s.cap {
			s.thinList()
		}
		return
	}
	h = nonZero(h)
	i, found := s.find(h)
	if found {
		if s.isOmitted(i) { // not with a sound store; be safe anyway
			s.omitted[i>>6] &^= 1 << (i & 63)
			s.omits--
			s.visited++
		}
		return
	}
	s.table[i] = h
	s.visited++
	s.added()
}

// Reached records that the search reached the state of hash h and its
// store called it visited: when the sample keeps h and does not hold it
// as visited, the store confused it with another state, and the state is
// an omission (recorded once).
func (s *Sample) Reached(h uint64) {
	if !s.Keeps(h) {
		return
	}
	if !s.set {
		s.toSet()
	}
	h = nonZero(h)
	i, found := s.find(h)
	if found {
		return
	}
	s.table[i] = h
	s.omitted[i>>6] |= 1 << (i & 63)
	s.omits++
	s.added()
}

// added keeps the set's bounds after an entry was added: at most cap
// entries (θ halves past it), at most half the slots in use (the table
// grows past it, up to 2·cap slots, where the first bound binds). It
// inlines, the work apart: it runs for every entry added. (Past the cap
// is past half the slots: the table has at most 2·cap.)
func (s *Sample) added() {
	if 2*(s.visited+s.omits) > len(s.table) {
		s.rebound()
	}
}

// rebound is added's work when a bound is passed.
func (s *Sample) rebound() {
	if s.visited+s.omits > s.cap {
		s.thinSet()
	} else {
		s.grow()
	}
}

// nonZero maps the hash 0 (the empty slot) to 1: the two states it
// confuses are as rare as any 64-bit collision.
func nonZero(h uint64) uint64 {
	if h == 0 {
		return 1
	}
	return h
}

// thinList halves θ until the list holds at most its cap.
func (s *Sample) thinList() {
	for len(s.list) > s.cap {
		s.halve()
		kept := s.list[:0]
		for _, h := range s.list {
			if s.Keeps(h) {
				kept = append(kept, h)
			}
		}
		s.list = kept
	}
}

// toSet moves the list into a set (load at most 1/2: it grows as it
// fills).
func (s *Sample) toSet() {
	s.set = true
	n := min(minSlots, 2*s.cap)
	for n < 2*len(s.list) {
		n = min(growth*n, 2*s.cap)
	}
	s.alloc(n)
	for _, h := range s.list {
		s.Visited(h)
	}
	s.list = nil
}

// alloc gives the set an empty table of n slots (a power of two).
func (s *Sample) alloc(n int) {
	s.table = make([]uint64, n)
	s.omitted = make([]uint64, (n+63)/64)
	s.mask = uint64(n - 1)
}

// grow enlarges the set's table (growth, at most 2·cap slots), its
// entries put again where a search for them starts.
func (s *Sample) grow() {
	table, omitted := s.table, s.omitted
	s.alloc(min(growth*len(table), 2*s.cap))
	for i, h := range table {
		if h != 0 {
			k, _ := s.find(h)
			s.table[k] = h
			if omitted[i>>6]&(1<<(uint(i)&63)) != 0 {
				s.omitted[k>>6] |= 1 << (k & 63)
			}
		}
	}
}

// thinSet halves θ until the set holds at most its cap, in place and in
// one sweep of the table: from an empty slot on, in the order of each
// cluster, an entry at or above θ is cleared and one kept moves back to
// the first empty slot of its probe sequence, the slot a search for it
// now stops at (linear probing's rehash in place: an entry only ever
// moves back along its probe sequence, into slots the sweep already
// settled). One sweep, not a clearing pass and a rehash pass: an entry
// that stays where it is (most do, at load 1/2) costs a test of its home
// slot, and the table (512 KiB at the cap) is read once: on a bitstate
// search of 43k states it took 1.4M instructions instead of 2.5M
// (callgrind, BenchmarkSampleCost in package checker; docs/estimates.md).
func (s *Sample) thinSet() {
	// (the table, its mask and θ in locals: a store into the table might
	// otherwise be a store into s, and they would be loaded again at each
	// slot)
	table, omitted, mask := s.table, s.omitted, s.mask
	for s.visited+s.omits > s.cap {
		s.halve()
		shift := s.shift
		start := uint64(0)
		for table[start] != 0 {
			start++
		}
		for j := uint64(1); j <= mask; j++ {
			i := (start + j) & mask
			h := table[i]
			if h == 0 {
				continue
			}
			om := omitted[i>>6]&(1<<(i&63)) != 0
			if h>>shift != 0 { // not kept (Keeps)
				table[i] = 0
				if om {
					omitted[i>>6] &^= 1 << (i & 63)
					s.omits--
				} else {
					s.visited--
				}
				continue
			}
			// the first empty slot from its home on, or its own: the
			// slots between were settled by the sweep
			k := h & mask
			for k != i && table[k] != 0 {
				k = (k + 1) & mask
			}
			if k == i {
				continue
			}
			table[k], table[i] = h, 0
			if om {
				omitted[i>>6] &^= 1 << (i & 63)
				omitted[k>>6] |= 1 << (k & 63)
			}
		}
	}
}

func (s *Sample) halve() {
	s.level++
	s.shift = 64 - s.level
}

// find returns h's slot and whether h is there, or the empty slot where
// it goes. The slot comes from the hash's low bits, which the threshold
// (on the high bits) leaves uniform.
func (s *Sample) find(h uint64) (uint64, bool) {
	i := h & s.mask
	for {
		switch s.table[i] {
		case h:
			return i, true
		case 0:
			return i, false
		}
		i = (i + 1) & s.mask
	}
}

func (s *Sample) isOmitted(i uint64) bool { return s.omitted[i>>6]&(1<<(i&63)) != 0 }

// Level is how many times θ halved: θ = 2^(64−Level).
func (s *Sample) Level() uint { return s.level }

// Rate is p = θ/2^64, the probability that a given state is sampled.
func (s *Sample) Rate() float64 { return math.Ldexp(1, -int(s.level)) }

// Len is the number of visited states sampled.
func (s *Sample) Len() int {
	if !s.set {
		return len(s.list)
	}
	return s.visited
}

// Omitted is the number of omissions sampled.
func (s *Sample) Omitted() int { return s.omits }

// Bytes is the memory the sample uses.
func (s *Sample) Bytes() int64 { return int64(8 * (cap(s.list) + len(s.table) + len(s.omitted))) }

// Each calls f for every entry: its hash, and whether it is an omission.
func (s *Sample) Each(f func(h uint64, omitted bool)) {
	if !s.set {
		for _, h := range s.list {
			f(h, false)
		}
		return
	}
	for i, h := range s.table {
		if h != 0 {
			f(h, s.isOmitted(uint64(i)))
		}
	}
}

// VisitedAt returns the visited states of the sample whose hash falls
// below 2^(64−level) (level ≥ s.Level()): the sample thinned to a common
// threshold with other runs.
func (s *Sample) VisitedAt(level uint) ([]uint64, error) {
	if level < s.level {
		return nil, fmt.Errorf("sample at level %d cannot be thinned to level %d", s.level, level)
	}
	shift := 64 - level
	var out []uint64
	s.Each(func(h uint64, omitted bool) {
		if !omitted && h>>shift == 0 {
			out = append(out, h)
		}
	})
	return out, nil
}
