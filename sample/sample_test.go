package sample

import (
	"encoding/binary"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestThreshold adds many distinct states: the sample stays within its
// cap, keeps only hashes below θ, and |sample|/p estimates the count.
func TestThreshold(t *testing.T) {
	const capacity, n = 1 << 10, 200_000
	s := NewCap(capacity)
	r := rand.New(rand.NewPCG(1, 2))
	for range n {
		s.Visited(r.Uint64())
		if s.Len() > capacity {
			t.Fatalf("sample holds %d entries, over its cap %d", s.Len(), capacity)
		}
	}
	if s.Level() == 0 {
		t.Fatal("θ never halved")
	}
	s.Each(func(h uint64, omitted bool) {
		if !s.Keeps(h) || omitted {
			t.Fatalf("entry %#x: kept %v, omitted %v at level %d", h, s.Keeps(h), omitted, s.Level())
		}
	})
	if s.Len() < capacity/2 {
		t.Errorf("sample holds %d entries, fewer than half its cap %d", s.Len(), capacity)
	}
	est := float64(s.Len()) / s.Rate()
	// the count is binomial: 4 standard deviations
	if sd := math.Sqrt(n * s.Rate() * (1 - s.Rate())); math.Abs(float64(s.Len())-n*s.Rate()) > 4*sd {
		t.Errorf("estimate %.0f of %d states (level %d): off by more than 4 sd", est, n, s.Level())
	}
}

// TestModes: a sample of distinct reports (NewDistinct, a list it never
// sorts) and one that takes a state twice (New) hold the same states from
// the same reports, and a distinct one asked about an omission answers.
func TestModes(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	list, set := NewCap(1<<8), NewCap(1<<8)
	set.distinct = false
	for range 5000 {
		h := r.Uint64()
		list.Visited(h)
		set.Visited(h)
		set.Visited(h) // New's sample takes a state twice
	}
	entries := func(s *Sample) map[uint64]bool {
		m := map[uint64]bool{}
		s.Each(func(h uint64, _ bool) { m[h] = true })
		return m
	}
	a, b := entries(list), entries(set)
	if list.done != 0 || list.Level() != set.Level() || len(a) != len(b) || list.Len() != set.Len() || list.Len() != len(a) {
		t.Fatalf("list: done %d level %d len %d; set: level %d len %d", list.done, list.Level(), list.Len(), set.Level(), set.Len())
	}
	for h := range a {
		if !b[h] {
			t.Fatalf("%#x in the list, not in the set", h)
		}
	}
	var kept uint64
	for h := range a {
		kept = h
		break
	}
	list.Reached(kept)
	list.Reached(kept ^ 1)
	if list.Omitted() != 1 || list.Len() != set.Len() {
		t.Errorf("after Reached of a visited state and another: omitted %d (want 1), len %d (want %d)", list.Omitted(), list.Len(), set.Len())
	}
}

// TestOmissions: a state reached but never visited is an omission once,
// a visited one never, and both survive the halving that keeps them, in
// a sample that sorts (New's, told of a state twice) and in one that
// does not (NewDistinct's).
func TestOmissions(t *testing.T) {
	for _, distinct := range []bool{false, true} {
		testOmissions(t, distinct)
	}
}

func testOmissions(t *testing.T, distinct bool) {
	s := NewCap(64)
	s.distinct = distinct
	s.Visited(5)
	if !distinct {
		s.Visited(5)
	}
	s.Reached(5)
	s.Reached(7)
	s.Reached(7)
	if s.Len() != 1 || s.Omitted() != 1 {
		t.Fatalf("visited %d, omitted %d; want 1 and 1", s.Len(), s.Omitted())
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		s.Visited(r.Uint64() | 1<<63)
	}
	if s.Level() == 0 {
		t.Fatal("θ never halved")
	}
	if s.Len() < 1 || s.Omitted() != 1 {
		t.Fatalf("after halving: visited %d, omitted %d; the small hashes must stay", s.Len(), s.Omitted())
	}
	found := map[uint64]bool{}
	s.Each(func(h uint64, omitted bool) { found[h] = omitted })
	if om, ok := found[5]; !ok || om {
		t.Errorf("state 5: kept %v omitted %v; want a visited state", ok, om)
	}
	if om, ok := found[7]; !ok || !om {
		t.Errorf("state 7: kept %v omitted %v; want an omission", ok, om)
	}
}

// TestResolveMarks: a distinct sample's resolving table marks its empty
// and checked-off slots with the hashes 0 and 1, which are states too.
func TestResolveMarks(t *testing.T) {
	s := NewDistinct()
	for _, h := range []uint64{0, 3} {
		s.Visited(h)
	}
	for _, h := range []uint64{0, 1, 1, 2, 3} {
		s.Reached(h)
	}
	found := map[uint64]bool{}
	s.Each(func(h uint64, omitted bool) { found[h] = omitted })
	want := map[uint64]bool{0: false, 1: true, 2: true, 3: false}
	if !maps.Equal(found, want) {
		t.Errorf("got %v (hash: omitted), want %v", found, want)
	}
	s.Visited(4)
	s.Reached(1)
	if s.Len() != 3 || s.Omitted() != 2 {
		t.Errorf("resolved again: %d visited, %d omitted; want 3 and 2", s.Len(), s.Omitted())
	}
}

// TestCombine thins samples to their common threshold and counts the
// capture frequencies.
func TestCombine(t *testing.T) {
	a, b := NewCap(1<<20), NewCap(16)
	r := rand.New(rand.NewPCG(5, 6))
	var hs []uint64
	for range 5000 {
		hs = append(hs, r.Uint64())
	}
	for i, h := range hs {
		a.Visited(h)
		if i%2 == 0 {
			b.Visited(h)
		} else if i%4 == 1 {
			b.Reached(h)
		}
	}
	c, err := Combine([]*Sample{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if c.Level != b.Level() || a.Level() != 0 {
		t.Fatalf("common level %d; want b's %d (a's is %d)", c.Level, b.Level(), a.Level())
	}
	var wantA, wantB, wantOm int
	shift := 64 - c.Level
	for i, h := range hs {
		if h>>shift != 0 {
			continue
		}
		wantA++
		switch {
		case i%2 == 0:
			wantB++
		case i%4 == 1:
			wantOm++
		}
	}
	if c.Found[0] != wantA || c.Found[1] != wantB || c.Omitted[1] != wantOm || c.Omitted[0] != 0 {
		t.Errorf("found %v omitted %v; want [%d %d] [0 %d]", c.Found, c.Omitted, wantA, wantB, wantOm)
	}
	if c.Distinct() != wantA || c.Freq[2] != wantB || c.Freq[1] != wantA-wantB {
		t.Errorf("S %d, f1 %d, f2 %d; want %d, %d, %d", c.Distinct(), c.Freq[1], c.Freq[2], wantA, wantA-wantB, wantB)
	}
}

// TestHashUniform: on state-like vectors (a few small counters in a
// fixed frame), the share of hashes below a threshold is its rate, in
// every length class the tail code handles.
func TestHashUniform(t *testing.T) {
	for _, size := range []int{3, 4, 7, 8, 12, 16, 17, 40, 100} {
		const n = 1 << 16
		v := make([]byte, size)
		below, seen := 0, map[uint64]bool{}
		for i := range n {
			for j := range v {
				v[j] = 0
			}
			// a counter spread over the vector's first bytes, the rest fixed
			var w [8]byte
			binary.LittleEndian.PutUint64(w[:], uint64(i))
			copy(v, w[:min(size, 3)])
			if size > 3 {
				v[size-1] = 7
			}
			h := Hash(v)
			seen[h] = true
			if h>>60 == 0 {
				below++
			}
		}
		want := float64(n) / 16
		if sd := math.Sqrt(want * 15 / 16); math.Abs(float64(below)-want) > 5*sd {
			t.Errorf("%d-byte vectors: %d of %d hashes below 2^60, want about %.0f", size, below, n, want)
		}
		if distinct := min(n, 1<<(8*min(size, 3))); len(seen) != distinct {
			t.Errorf("%d-byte vectors: %d distinct hashes of %d vectors", size, len(seen), distinct)
		}
	}
}

func BenchmarkHash64(b *testing.B) {
	v := make([]byte, 64)
	for i := range v {
		v[i] = byte(i)
	}
	for b.Loop() {
		v[0]++
		sink += Hash(v)
	}
}

var sink uint64

// TestAgainstMap runs samples through many halvings against a map of
// what they must hold: the hashes below θ, visited or omitted, whatever
// the order of the reports (a state reported reached, then visited, is
// visited). Read at every step, the sample settles at once; read now and
// then, it settles in batches: the two must agree. The lists stay within
// their bounds.
func TestAgainstMap(t *testing.T) {
	for _, c := range []struct {
		capacity, every int
		distinct        bool
	}{{1 << 7, 1, false}, {1 << 7, 1000, false}, {1 << 12, 1000, false}, {1 << 7, 1, true}, {1 << 12, 1000, true}} {
		capacity, every := c.capacity, c.every
		s := NewCap(capacity)
		s.distinct = c.distinct
		want := map[uint64]bool{} // hash → omitted
		seen := map[uint64]bool{} // reported, whatever θ
		r := rand.New(rand.NewPCG(11, 12))
		total := 160 * capacity
		for n := range total {
			h := r.Uint64()
			if n%7 == 0 && len(want) > 0 {
				h = r.Uint64N(uint64(n)) // a small hash, reported again
			}
			if n%3 == 0 || c.distinct && seen[h] {
				// (a distinct sample's store takes a state as new once,
				// and never one it called visited before)
				s.Reached(h)
				if _, ok := want[h]; !ok {
					want[h] = true
				}
			} else {
				s.Visited(h)
				want[h] = false
			}
			seen[h] = true
			if n := len(s.visited) + len(s.omitted); n > s.cap+s.budget+1 || cap(s.visited) > s.cap+s.budget+1 || cap(s.reached) > s.resolveAt+1 {
				t.Fatalf("cap %d: %d entries (room %d, %d) over the cap and budget (reached: the resolving's)", capacity, n, cap(s.visited), cap(s.reached))
			}
			if !s.inRegions() {
				t.Fatalf("cap %d, after %d: a list left its region (it was moved: merged or appended past its room)", capacity, n)
			}
			if n%every != every-1 && n%(total/20) != 0 {
				continue
			}
			got := map[uint64]bool{}
			s.Each(func(h uint64, om bool) { got[h] = om })
			// (a distinct sample's lists are never sorted)
			if !c.distinct && (!slices.IsSorted(s.visited) || !slices.IsSorted(s.omitted)) ||
				len(dedupe(slices.Sorted(slices.Values(s.visited)))) != len(s.visited) ||
				len(dedupe(slices.Sorted(slices.Values(s.omitted)))) != len(s.omitted) {
				t.Fatalf("cap %d, after %d: the settled lists are not sorted and distinct", capacity, n)
			}
			visited, omitted := 0, 0
			for h, om := range want {
				if !s.Keeps(h) {
					delete(want, h) // θ only falls: never kept again
					continue
				}
				if g, ok := got[h]; !ok || g != om {
					t.Fatalf("cap %d, after %d: %#x kept %v omitted %v, want omitted %v", capacity, n, h, ok, g, om)
				}
				if om {
					omitted++
				} else {
					visited++
				}
			}
			if len(got) != visited+omitted || s.Len() != visited || s.Omitted() != omitted || visited+omitted > s.cap {
				t.Fatalf("cap %d, after %d: %d entries (len %d, omitted %d), want %d and %d, at most %d", capacity, n, len(got), s.Len(), s.Omitted(), visited, omitted, s.cap)
			}
		}
		if s.Level() < 5 {
			t.Errorf("cap %d: level %d: the test wants many halvings", capacity, s.Level())
		}
	}
}

// TestRadixSort sorts uniform hashes below θ, hashes that are not
// uniform (the fallback), and short lists, as slices.Sort does.
func TestRadixSort(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, c := range []struct {
		n     int
		level uint
		gen   func() uint64
	}{
		{10, 0, r.Uint64},
		{5000, 0, r.Uint64},
		{5000, 20, r.Uint64},
		{40000, 3, r.Uint64},
		{5000, 0, func() uint64 { return r.Uint64N(100) }}, // one group
		{5000, 60, func() uint64 { return r.Uint64N(16) }}, // under 16 bits
	} {
		a := make([]uint64, c.n)
		for i := range a {
			a[i] = c.gen() >> c.level
		}
		want := slices.Clone(a)
		slices.Sort(want)
		if got := radixSort(a, make([]uint64, len(a)), make([]uint64, 1<<maxDigit), 64-c.level); !slices.Equal(got, want) {
			t.Errorf("%d hashes at level %d: not sorted", c.n, c.level)
		}
	}
}

// TestMergeSubtract: merge is the sorted union, subtract the difference,
// with duplicates between the two lists and gaps at either end.
func TestMergeSubtract(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for range 200 {
		a, b := map[uint64]bool{}, map[uint64]bool{}
		for range r.IntN(20) {
			a[r.Uint64N(40)] = true
		}
		for range r.IntN(20) {
			b[r.Uint64N(40)] = true
		}
		list := func(m map[uint64]bool) []uint64 {
			var l []uint64
			for h := range m {
				l = append(l, h)
			}
			slices.Sort(l)
			return l
		}
		var union, diff []uint64
		for h := range uint64(40) {
			if a[h] || b[h] {
				union = append(union, h)
			}
			if a[h] && !b[h] {
				diff = append(diff, h)
			}
		}
		if got := merge(list(a), list(b)); !slices.Equal(got, union) && len(got)+len(union) > 0 {
			t.Fatalf("merge(%v, %v) = %v, want %v", list(a), list(b), got, union)
		}
		if got := subtract(list(a), list(b)); !slices.Equal(got, diff) && len(got)+len(diff) > 0 {
			t.Fatalf("subtract(%v, %v) = %v, want %v", list(a), list(b), got, diff)
		}
	}
}

// BenchmarkSet is the sample's part of a small bitstate search, as
// peterson_n unreduced makes it (43,449 states, 26,026 arrivals at
// states the filter held that were not repeats): every state sampled
// until θ halves once, each arrival a state visited earlier.
func BenchmarkSet(b *testing.B) {
	const states, arrivals = 43449, 26026
	r := rand.New(rand.NewPCG(5, 6))
	hs := make([]uint64, states)
	for i := range hs {
		hs[i] = r.Uint64()
	}
	back := make([]int, arrivals)
	for i := range back {
		back[i] = r.IntN(states)
	}
	for b.Loop() {
		s := NewDistinct() // as a bitstate search's
		a := 0
		for i, h := range hs {
			if s.Keeps(h) {
				s.Visited(h)
			}
			// the arrivals spread over the search, at states visited so far
			for ; a < arrivals && a*states < i*arrivals; a++ {
				if h := hs[back[a]%(i+1)]; s.Keeps(h) {
					s.Reached(h)
				}
			}
		}
		if s.Omitted() != 0 {
			b.Fatal(s.Omitted())
		}
	}
}

// inRegions reports whether each of s's lists is a prefix of its region
// of the sample's memory, as Sample's doc says.
func (s *Sample) inRegions() bool {
	for _, l := range []struct{ list, region []uint64 }{
		{s.visited, s.visitedRegion}, {s.reached, s.reachedRegion},
		{s.omitted, s.omittedRegion}, {s.scratch, s.scratchRegion},
	} {
		if cap(l.list) > len(l.region) || cap(l.list) > 0 && &l.list[:1][0] != &l.region[0] {
			return false
		}
	}
	return true
}

// BenchmarkRadixSort sorts uniform hashes as a settling does: a budget of
// them (8 k) and a distinct sample's visited states since its last
// resolving (32 k), in ns a hash.
func BenchmarkRadixSort(b *testing.B) {
	for _, n := range []int{1 << 13, 1 << 15} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			a, buf, count := make([]uint64, n), make([]uint64, n), make([]uint64, 1<<maxDigit)
			for i := range a {
				a[i] = r.Uint64() >> 1
			}
			for b.Loop() {
				radixSort(a, buf, count, 63)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/hash")
		})
	}
}

// TestDeferred checks that a sample drawn from a store when read holds
// what reporting each state as the search stored it would have made,
// and that it draws once.
func TestDeferred(t *testing.T) {
	var states [][]byte
	for i := range 100_000 {
		states = append(states, []byte(fmt.Sprintf("state %d", i)))
	}
	live := NewDistinct()
	for _, v := range states {
		live.Visited(Hash(v))
	}
	calls := 0
	drawn := Deferred(func(yield func(v []byte)) {
		calls++
		for i := len(states) - 1; i >= 0; i-- { // another order
			yield(states[i])
		}
	})
	if drawn.Len() != live.Len() || drawn.Level() != live.Level() || live.Level() == 0 {
		t.Fatalf("drawn: %d states at level %d; reported: %d at level %d", drawn.Len(), drawn.Level(), live.Len(), live.Level())
	}
	want := map[uint64]bool{}
	live.Each(func(h uint64, _ bool) { want[h] = true })
	drawn.Each(func(h uint64, omitted bool) {
		if omitted || !want[h] {
			t.Fatalf("drawn %#x (omitted %v), not in the sample reported", h, omitted)
		}
	})
	if calls != 1 {
		t.Errorf("the store was read %d times, want once", calls)
	}
}
