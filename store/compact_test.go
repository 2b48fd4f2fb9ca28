package store

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"
)

// TestHashCompactStore checks hash compaction against a Go map on random
// vectors, many repeated, through several doublings of its table: with
// 64-bit fingerprints no two of them are confused (2·10^5 vectors: a
// collision has probability about 10^-9), and Has agrees.
func TestHashCompactStore(t *testing.T) {
	s := NewHashCompact()
	rng := rand.New(rand.NewPCG(7, 8))
	seen := map[string]bool{}
	var kept [][]byte
	for i := range 200000 {
		var v []byte
		if len(kept) > 0 && rng.IntN(3) == 0 {
			v = kept[rng.IntN(len(kept))]
		} else {
			v = make([]byte, 1+rng.IntN(40))
			for j := range v {
				v[j] = byte(rng.IntN(4))
			}
		}
		want := !seen[string(v)]
		if got := s.Insert(v); got != want {
			t.Fatalf("insert %d (len %d): got new=%v, want %v", i, len(v), got, want)
		}
		if want {
			seen[string(v)] = true
			kept = append(kept, v)
		}
	}
	if s.Len() != len(seen) {
		t.Errorf("Len %d, want %d", s.Len(), len(seen))
	}
	for _, v := range kept[:1000] {
		if !s.Has(v) {
			t.Fatal("Has: a vector inserted is not there")
		}
	}
	if s.Has([]byte("a vector never inserted, longer than any")) {
		t.Error("Has: a vector never inserted is there")
	}
	// 8 bytes a slot, the load between 3/8 and 3/4
	states, table := s.Bytes()
	if per := float64(states+table) / float64(s.Len()); states != 0 || per < 8/0.75 || per > 8/0.375 {
		t.Errorf("%d states take %d + %d bytes: %.1f a state", s.Len(), states, table, per)
	}
	n := float64(s.Len())
	if p, want := s.Omission(), n*(n-1)/math.Exp2(65); math.Abs(p-want) > 1e-6*want {
		t.Errorf("omission probability %g, want n(n-1)/2^65 = %g", p, want)
	}
}

// TestHashCompactConfuses checks that the store keeps fingerprints and
// nothing else: a vector whose fingerprint is in the table is taken as
// seen, whatever vector put it there (a collision, made by hand).
func TestHashCompactConfuses(t *testing.T) {
	s := NewHashCompact()
	a, b := []byte("state a"), []byte("state b")
	s.Insert(a)
	// replace a's fingerprint by b's: b is now taken as seen
	ha, hb := s.fingerprint(a), s.fingerprint(b)
	for i, e := range s.table {
		if e == ha {
			s.table[i] = 0
		}
	}
	i, _ := s.find(hb)
	s.table[i] = hb
	if s.Insert(b) {
		t.Error("a vector whose fingerprint is stored is taken as new")
	}
	if !s.Insert(a) {
		t.Error("a vector whose fingerprint is not stored is taken as seen")
	}
}

// TestCompactPayload checks the payloads of hash compaction and collapse
// as TestExactPayload does Exact's: zero at first, kept across the table's
// growth, one per state, the same reference for the same vector.
func TestCompactPayload(t *testing.T) {
	for name, s := range map[string]Payloads{"hc": NewHashCompact(), "collapse": NewCollapse(chunks{})} {
		s.SetPayload(8)
		rng := rand.New(rand.NewPCG(3, 4))
		refs := map[string]uint64{}
		var vs [][]byte
		n := 150000
		if testing.Short() {
			n = 70000 // still two payload chunks
		}
		for i := range n {
			v := make([]byte, 4+rng.IntN(20))
			binary.LittleEndian.PutUint32(v, uint32(i))
			ref, isNew := s.Put(v)
			if !isNew || ref == 0 {
				t.Fatalf("%s: vector %d: new %v, ref %d", name, i, isNew, ref)
			}
			p := s.Payload(ref)
			if len(p) != 8 || binary.LittleEndian.Uint64(p) != 0 {
				t.Fatalf("%s: vector %d: fresh payload %x", name, i, p)
			}
			binary.LittleEndian.PutUint64(p, uint64(i)*0x9e3779b97f4a7c15)
			refs[string(v)] = ref
			vs = append(vs, v)
		}
		for i, v := range vs {
			ref, isNew := s.Put(v)
			if isNew || ref != refs[string(v)] {
				t.Fatalf("%s: vector %d again: new %v, ref %d, want %d", name, i, isNew, ref, refs[string(v)])
			}
			if got := binary.LittleEndian.Uint64(s.Payload(ref)); got != uint64(i)*0x9e3779b97f4a7c15 {
				t.Fatalf("%s: vector %d: payload %x", name, i, got)
			}
		}
		if s.Len() != len(vs) {
			t.Errorf("%s: Len %d, want %d", name, s.Len(), len(vs))
		}
	}
}

// chunks splits a vector into a global part of its first 3 bytes and
// "process" parts of 3 bytes each (the last may be shorter): the parts
// determine the vector, as a Splitter's must.
type chunks struct{}

func (chunks) Split(v []byte, parts [][]byte) [][]byte {
	for len(v) > 3 {
		parts = append(parts, v[:3])
		v = v[3:]
	}
	return append(parts, v)
}

// TestCollapseStore checks collapse against a Go map on random vectors
// made of few distinct parts (as states are), with Has and the numbering;
// the parts are kept once each.
func TestCollapseStore(t *testing.T) {
	c := NewCollapse(chunks{})
	c.NumberStates()
	rng := rand.New(rand.NewPCG(9, 10))
	ids := map[string]uint32{}
	var kept [][]byte
	n := 200000
	if testing.Short() {
		n = 50000
	}
	for i := range n {
		var v []byte
		if len(kept) > 0 && rng.IntN(3) == 0 {
			v = kept[rng.IntN(len(kept))]
		} else {
			v = make([]byte, 1+rng.IntN(20))
			for j := range v {
				v[j] = byte(rng.IntN(3))
			}
		}
		id, seen := ids[string(v)]
		if got := c.Insert(v); got == seen {
			t.Fatalf("insert %d (%x): got new=%v, want %v", i, v, got, !seen)
		}
		if !seen {
			id = uint32(len(ids) + 1)
			ids[string(v)] = id
			kept = append(kept, v)
		}
		if c.LastID() != id {
			t.Fatalf("insert %d: number %d, want %d", i, c.LastID(), id)
		}
	}
	if c.Len() != len(ids) {
		t.Errorf("Len %d, want %d", c.Len(), len(ids))
	}
	for _, v := range kept[:1000] {
		if !c.Has(v) {
			t.Fatal("Has: a vector inserted is not there")
		}
	}
	for _, v := range [][]byte{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {3}} {
		if c.Has(v) {
			t.Errorf("Has: %x, never inserted, is there", v)
		}
	}
	// every string of 1 to 3 bytes of 0..2 is a global part and a
	// process part
	if g, p := c.Parts(); g != 3+9+27 || p != 3+9+27 {
		t.Errorf("%d global parts and %d process parts, want 39 each", g, p)
	}
}

// TestCollapseTable: goroutines that insert one set of vectors at once,
// each in its own order, through their own Views of a CollapseTable,
// find each vector new exactly once between them, while its tuples'
// table grows; the marks of the Visit that adds a vector and of Mark are
// seen by later Visits; it keeps the parts a Collapse keeps.
func TestCollapseTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	n := 200_000
	if testing.Short() || raceEnabled {
		n = 100_000 // (its first 2^16 slots fill past 3/4: it grows)
	}
	vecs := make([][]byte, n)
	for i := range vecs {
		v := make([]byte, 1+rng.IntN(20))
		for j := range v {
			v[j] = byte(rng.IntN(3))
		}
		vecs[i] = v
	}
	one := NewCollapse(chunks{})
	for _, v := range vecs {
		one.Insert(v)
	}
	const views = 4
	c := NewCollapseTable(views, func() Splitter { return chunks{} })
	news, refs := visitAll(c, views, vecs)
	total := 0
	for _, is := range news {
		total += len(is)
	}
	if total != one.Len() || c.Len() != one.Len() {
		t.Fatalf("%d vectors new, Len %d, want %d (a Collapse's)", total, c.Len(), one.Len())
	}
	if c.top.bits <= initBits {
		t.Errorf("the tuples' table did not grow (2^%d slots)", c.top.bits)
	}
	if g, p := c.Parts(); g != 39 || p != 39 {
		t.Errorf("%d global parts and %d process parts, want 39 each", g, p)
	}
	checkMarks(t, c, refs, vecs, "collapse")
}
