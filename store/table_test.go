package store

import (
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
)

// TestTable: goroutines that insert one set of vectors at once, each in
// its own order, through their own Views, find each vector new exactly
// once between them, while the table grows under them (from 2^16 slots
// to 2^19); the marks set by the Visit that adds a vector (Expanded) or
// by Mark (Resolved, with a reference taken before the table grew) are
// seen by every later Visit, which sets none; Len and Bytes count
// every vector once. Vectors are of mixed lengths (some past 127 bytes,
// whose length takes two bytes), and differ in one byte from others;
// the second run grows by hashing the vectors again, as past
// 2^tableTagBits slots, and the third is a compact table (fingerprints).
func TestTable(t *testing.T) {
	n := 300_000
	if testing.Short() || raceEnabled {
		n = 100_000
	}
	for _, rehash := range []bool{false, true} {
		testTable(t, n, 4, rehash, false)
	}
	testTable(t, n, 4, false, true)
}

// testTable is TestTable's run; compact: a compact table (hash
// compaction), which grows by its fingerprints and keeps no vectors.
func testTable(t *testing.T, n, views int, rehash, compact bool) {
	rng := rand.New(rand.NewPCG(3, 4))
	vecs := make([][]byte, n)
	for i := range vecs {
		if i%2 == 1 {
			v := append([]byte(nil), vecs[i-1]...)
			v[rng.IntN(len(v))]++ // one byte off the last
			vecs[i] = v
			continue
		}
		v := make([]byte, 8+rng.IntN(40))
		if i%100 == 0 {
			v = make([]byte, 128+rng.IntN(200))
		}
		for j := range v {
			v[j] = byte(rng.Uint32())
		}
		vecs[i] = v
	}
	// (one byte off may make a vector twice: count the distinct ones)
	distinct := map[string]bool{}
	for _, v := range vecs {
		distinct[string(v)] = true
	}
	tb := NewTable(views)
	if compact {
		tb = NewCompactTable(views)
	}
	if rehash {
		tb.tagged = tb.bits
	}
	startBits := tb.bits
	news, refs := visitAll(tb, views, vecs)
	if tb.bits <= startBits+1 {
		t.Errorf("the table grew from 2^%d to 2^%d slots only", startBits, tb.bits)
	}
	got := map[string]int{}
	for _, is := range news {
		for _, i := range is {
			got[string(vecs[i])]++
		}
	}
	for s, c := range got {
		if c != 1 {
			t.Fatalf("rehash %v compact %v: a vector of %d bytes was new %d times", rehash, compact, len(s), c)
		}
	}
	if len(got) != len(distinct) || tb.Len() != len(distinct) {
		t.Fatalf("rehash %v compact %v: %d vectors new, Len %d, want %d", rehash, compact, len(got), tb.Len(), len(distinct))
	}
	checkMarks(t, tb, refs, vecs, fmt.Sprintf("rehash %v compact %v", rehash, compact))
	states, table := tb.Bytes()
	if want := int64(len(tb.slots)) * 8; table != want || !compact && states < int64(n) || compact && states != 0 {
		t.Errorf("compact %v: Bytes() = %d, %d; want at least %d (none when compact), and %d", compact, states, table, n, want)
	}
	if p := tb.Omission(); compact != (p > 0) || p > 1e-6 {
		t.Errorf("compact %v: omission probability %g", compact, p)
	}
}

// visitAll has views goroutines Visit every vector of vecs at once, each
// in its own order through its own View of c, leaving and entering again
// now and then (while others grow the table); a vector gets
// testMarks(v)&Expanded when it is added. It returns the vectors each
// goroutine found new, and view 0's references.
func visitAll(c Concurrent, views int, vecs [][]byte) (news [][]int, refs []SharedRef) {
	news, refs = make([][]int, views), make([]SharedRef, len(vecs))
	var wg sync.WaitGroup
	for g := range views {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := c.View(g)
			w.Enter()
			defer w.Leave()
			for k, i := range rand.New(rand.NewPCG(uint64(g), 9)).Perm(len(vecs)) {
				ref, isNew, _ := w.Visit(vecs[i], testMarks(vecs[i])&Expanded)
				if isNew {
					news[g] = append(news[g], i)
				}
				if g == 0 {
					refs[i] = ref
				}
				if k%7 == 0 {
					w.Leave()
					w.Enter()
				}
			}
		}()
	}
	wg.Wait()
	return news, refs
}

// checkMarks marks Resolved through view 1 the vectors testMarks says,
// by refs (view 0's, taken before the table grew), and checks, twice,
// that every vector is old and has testMarks's marks: those of the Visit
// that added it and of Mark, and none of the Visits since.
func checkMarks(t *testing.T, c Concurrent, refs []SharedRef, vecs [][]byte, what string) {
	t.Helper()
	w := c.View(1)
	w.Enter()
	defer w.Leave()
	for i, v := range vecs {
		if m := testMarks(v) & Resolved; m != 0 {
			w.Mark(refs[i], m)
		}
	}
	for range 2 {
		for i, v := range vecs {
			_, isNew, had := w.Visit(v, Expanded|Resolved) // (marks nothing: old)
			if want := testMarks(v); isNew || had != want {
				t.Fatalf("%s: vector %d: new %v marks %b, want old and marks %b", what, i, isNew, had, want)
			}
		}
	}
}

// testMarks are the marks TestTable gives vector v: by its contents, as
// a vector made twice is one state.
func testMarks(v []byte) Marks {
	return [3]Marks{Expanded, Resolved, 0}[int(v[len(v)-1])%3]
}
