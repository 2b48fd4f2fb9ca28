package sample

import (
	"fmt"
	"math"
)

// DefaultCap is the number of entries a Sample holds at most: after θ
// halves it holds about half as many, so a run's sample has 2^14 to 2^15
// states, a relative sampling error of about 1% or less on what it counts,
// in a table of 2^16 slots (512 KiB).
const DefaultCap = 1 << 15

// Sample is a uniform sample of the states a search visited (and of those
// its store omitted): the hashes below θ = 2^(64−Level) of all the
// states the search reported.
type Sample struct {
	table   []uint64 // open addressing by the hash's low bits; 0: empty
	omitted []uint64 // a bit per slot of table: the entry is an omission
	mask    uint64
	cap     int
	level   uint // θ = 2^(64−level)
	shift   uint // 64 − level: h is kept when h>>shift == 0
	visited int  // entries that are visited states
	omits   int  // entries that are omissions
}

// New returns an empty sample that holds at most DefaultCap entries.
func New() *Sample { return NewCap(DefaultCap) }

// NewCap returns an empty sample that holds at most capacity entries
// (at least 2; rounded up to a power of two).
func NewCap(capacity int) *Sample {
	c := 2
	for c < capacity {
		c *= 2
	}
	s := &Sample{cap: c, shift: 64}
	s.alloc(min(2*c, minSlots))
	return s
}

// minSlots is the table's first size: a search of a few states (a Monte
// Carlo sample's, a test's) does not pay for the whole table.
const minSlots = 1 << 10

// alloc makes an empty table of n slots (a power of two).
func (s *Sample) alloc(n int) {
	s.table = make([]uint64, n)
	s.omitted = make([]uint64, (n+63)/64)
	s.mask = uint64(n - 1)
}

// Keeps reports whether a state of hash h belongs in the sample at the
// current threshold. Callers test it before Visited and Reached, which
// then do the work only for the few states it keeps.
func (s *Sample) Keeps(h uint64) bool { return h>>s.shift == 0 }

// Visited records that the search took the state of hash h as new (its
// store had not seen it). It is idempotent.
func (s *Sample) Visited(h uint64) {
	if !s.Keeps(h) {
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
	s.fit()
}

// Reached records that the search reached the state of hash h and its
// store called it visited: when the sample keeps h and does not hold it
// as visited, the store confused it with another state, and the state is
// an omission (recorded once).
func (s *Sample) Reached(h uint64) {
	if !s.Keeps(h) {
		return
	}
	h = nonZero(h)
	i, found := s.find(h)
	if found {
		return
	}
	s.table[i] = h
	s.omitted[i>>6] |= 1 << (i & 63)
	s.omits++
	s.fit()
}

// nonZero maps the hash 0 (the empty slot) to 1: the two states it
// confuses are as rare as any 64-bit collision.
func nonZero(h uint64) uint64 {
	if h == 0 {
		return 1
	}
	return h
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

// fit halves θ until the sample holds at most its cap, and grows the
// table to keep its load at most 1/2 (2·cap slots at most).
func (s *Sample) fit() {
	n := s.visited + s.omits
	switch {
	case n > s.cap:
		for s.visited+s.omits > s.cap {
			s.level++
			s.shift = 64 - s.level
			s.rebuild(len(s.table))
		}
	case 2*n > len(s.table):
		s.rebuild(2 * len(s.table))
	}
}

// rebuild moves the entries that Keeps into a new table of n slots.
func (s *Sample) rebuild(n int) {
	old, oldOmitted := s.table, s.omitted
	s.alloc(n)
	s.visited, s.omits = 0, 0
	for i, h := range old {
		if h == 0 || !s.Keeps(h) {
			continue
		}
		j, _ := s.find(h)
		s.table[j] = h
		if oldOmitted[i>>6]&(1<<(uint(i)&63)) != 0 {
			s.omitted[j>>6] |= 1 << (j & 63)
			s.omits++
		} else {
			s.visited++
		}
	}
}

// Level is how many times θ halved: θ = 2^(64−Level).
func (s *Sample) Level() uint { return s.level }

// Rate is p = θ/2^64, the probability that a given state is sampled.
func (s *Sample) Rate() float64 { return math.Ldexp(1, -int(s.level)) }

// Len is the number of visited states sampled.
func (s *Sample) Len() int { return s.visited }

// Omitted is the number of omissions sampled.
func (s *Sample) Omitted() int { return s.omits }

// Bytes is the memory the sample uses.
func (s *Sample) Bytes() int64 { return int64(8 * (len(s.table) + len(s.omitted))) }

// Each calls f for every entry: its hash, and whether it is an omission.
func (s *Sample) Each(f func(h uint64, omitted bool)) {
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
	for i, h := range s.table {
		if h != 0 && !s.isOmitted(uint64(i)) && h>>shift == 0 {
			out = append(out, h)
		}
	}
	return out, nil
}
