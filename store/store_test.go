package store

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gmc/internal/vhash"
	"gmc/sample"
)

// TestExactStore checks the store against a Go map on random vectors
// of mixed lengths, many of them repeated, some longer than 64 KiB (whose
// length does not fit in 16 bits) and some differing only in their last
// byte.
func TestExactStore(t *testing.T) {
	testStore(t, NewExact())
	// Past 2^tagBits slots the table grows by hashing vectors again; test
	// that path on a small table.
	s := NewExact()
	s.tagged = initBits + 1
	testStore(t, s)
}

// TestExactFull: a store whose arena can have no more chunks panics with
// ErrFull at the state that needs one more, and still holds those
// before it.
func TestExactFull(t *testing.T) {
	s := NewExact()
	LimitChunks(s, 2) // minChunk and twice it: some 190 KiB
	var held [][]byte
	full := func() (err any) {
		defer func() { err = recover() }()
		for i := 0; ; i++ {
			v := binary.LittleEndian.AppendUint64(make([]byte, 0, 48), uint64(i))
			v = v[:48]
			s.Insert(v)
			held = append(held, v)
		}
	}()
	if full != ErrFull {
		t.Fatalf("recovered %v, want ErrFull", full)
	}
	if len(held) < 3000 || s.Len() != len(held) {
		t.Fatalf("held %d states, Len %d", len(held), s.Len())
	}
	for _, v := range held {
		if s.Insert(v) {
			t.Fatalf("%x taken as new after the store filled", v[:8])
		}
	}
}

func testStore(t *testing.T, s *Exact) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	var kept [][]byte
	for i := 0; i < 200000; i++ {
		var v []byte
		switch {
		case len(kept) > 0 && rng.IntN(3) == 0:
			v = kept[rng.IntN(len(kept))] // a repeat
		case i%5000 == 0:
			v = make([]byte, 65536+rng.IntN(70000))
			v[len(v)-1] = byte(i / 5000)
		default:
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
	states, table := s.Bytes()
	if states <= 0 || table <= 0 {
		t.Errorf("Bytes() = %d, %d", states, table)
	}
}

// TestBitstateStore checks the bitstate store's behaviour as a Bloom
// filter: a vector inserted is never new again (no false negatives); in
// a roomy filter almost every new vector is taken as new; in a tiny one
// the count of bits set bounds what it can take; the seed changes which
// vectors collide.
func TestBitstateStore(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var vs [][]byte
	seen := map[string]bool{}
	for len(vs) < 50000 {
		v := make([]byte, 4+rng.IntN(60))
		for j := range v {
			v[j] = byte(rng.IntN(3))
		}
		if !seen[string(v)] {
			seen[string(v)] = true
			vs = append(vs, v)
		}
	}
	roomy, err := NewBitstate(30, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		roomy.Insert(v)
	}
	if lost := len(vs) - roomy.Len(); lost > 0 {
		// (5e4·3 / 2^30)^3 per insert: a false positive here is a broken hash
		t.Errorf("a 2^30-bit filter took %d of %d distinct vectors for old ones", lost, len(vs))
	}
	for _, v := range vs[:1000] {
		if roomy.Insert(v) {
			t.Fatal("a vector inserted before was taken as new")
		}
	}
	if got := roomy.BitsSet(); got > 3*uint64(len(vs)) || got < 3*uint64(len(vs))*99/100 {
		t.Errorf("bits set %d, want about 3 per vector (%d)", got, 3*len(vs))
	}
	// k = 1 in 2^12 bits: each new vector sets exactly one bit
	tiny, _ := NewBitstate(12, 1, 0)
	other, _ := NewBitstate(12, 1, 99)
	for _, v := range vs {
		tiny.Insert(v)
		other.Insert(v)
	}
	if uint64(tiny.Len()) != tiny.BitsSet() || tiny.Len() > 1<<12 {
		t.Errorf("k=1: %d new, %d bits set", tiny.Len(), tiny.BitsSet())
	}
	if tiny.Len() < 1<<12*95/100 {
		t.Errorf("k=1: only %d of 4096 bits set by 50000 vectors (a poor hash)", tiny.Len())
	}
	differ := 0
	a, _ := NewBitstate(16, 1, 0)
	b, _ := NewBitstate(16, 1, 99)
	for _, v := range vs[:20000] {
		if a.Insert(v) != b.Insert(v) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("seeds 0 and 99 confuse exactly the same vectors: the seed does not change the hash functions")
	}
	if _, err := NewBitstate(2, 1, 0); err == nil {
		t.Error("-w 2 accepted")
	}
	if _, err := NewBitstate(20, 0, 0); err == nil {
		t.Error("-k 0 accepted")
	}
}

// TestBitstateRecentIsExact checks that the table of recent hashes
// changes no answer: a filter small enough to confuse many vectors
// answers every insert (repeats included, near and far apart) as a plain
// Bloom filter on the same positions does.
func TestBitstateRecentIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, k := range []uint{1, 2, 3} {
		b, _ := NewBitstate(14, k, 7)
		plain := make([]uint64, 1<<14/64)
		var vs [][]byte
		for i := range 40000 {
			var v []byte
			if len(vs) > 0 && rng.IntN(2) == 0 {
				v = vs[len(vs)-1-rng.IntN(min(len(vs), 1+rng.IntN(5000)))]
			} else {
				v = make([]byte, 1+rng.IntN(40))
				for j := range v {
					v[j] = byte(rng.IntN(4))
				}
				vs = append(vs, v)
			}
			h1, h2 := b.hashes(vhash.Lanes(v, 0))
			want := false
			for j := uint64(0); j < uint64(k); j++ {
				pos := (h1 + j*h2) & (1<<14 - 1)
				if plain[pos/64]&(1<<(pos%64)) == 0 {
					plain[pos/64] |= 1 << (pos % 64)
					want = true
				}
			}
			if got := b.Insert(v); got != want {
				t.Fatalf("k=%d, insert %d of %x: %v, a plain filter says %v", k, i, v, got, want)
			}
		}
	}
}

// TestSampleHashApart: the sample's hash (sample.Hash) says nothing of
// where the bitstate filter puts a state's bits, under any seed: its high
// bits, which the sample's threshold tests, are independent of the
// filter's positions (a chi-square over 3 bits of each), and the states a
// small filter omits are sampled at the rate of the states it takes as
// new, which the coverage bound visited / (visited + omitted) needs
// (package sample, estimate.CoverageBound).
func TestSampleHashApart(t *testing.T) {
	for _, seed := range []uint64{0, 12345} {
		// state vectors are mostly small numbers: a counter in base 4
		// over every other byte of 28-byte vectors
		const n = 1 << 16
		var cells [2][8][8]int
		var taken, takenLow, omitted, omittedLow int
		b, _ := NewBitstate(16, 2, seed)
		v := make([]byte, 28)
		for i := range n {
			for j, x := 0, i; j < 10; j, x = j+1, x>>2 {
				v[2+j*2] = byte(x & 3)
			}
			v[27] = 9
			h1, h2 := b.hashes(vhash.Lanes(v, 0))
			hs := sample.Hash(v)
			cells[0][hs>>61][h1&7]++
			cells[1][hs>>61][(h2|1)>>1&7]++
			low := hs>>62 == 0 // sampled at p = 1/4
			if b.Insert(v) {
				taken++
				if low {
					takenLow++
				}
			} else {
				omitted++
				if low {
					omittedLow++
				}
			}
		}
		for l, lane := range []string{"h1", "h2"} {
			chi := 0.0
			for _, row := range cells[l] {
				for _, c := range row {
					d := float64(c) - n/64.0
					chi += d * d / (n / 64.0)
				}
			}
			// 63 degrees of freedom: mean 63, deviation 11.2
			if chi > 63+5*11.2 {
				t.Errorf("seed %d: the sample hash's top 3 bits against %s's low 3: chi-square %.1f, want about 63", seed, lane, chi)
			}
		}
		if omitted < 5000 {
			t.Fatalf("seed %d: %d of %d states omitted: want a lossy filter", seed, omitted, n)
		}
		for _, c := range []struct {
			what       string
			low, total int
		}{{"taken", takenLow, taken}, {"omitted", omittedLow, omitted}} {
			want := float64(c.total) / 4
			if sd := math.Sqrt(want * 3 / 4); math.Abs(float64(c.low)-want) > 5*sd {
				t.Errorf("seed %d: %d of %d %s states sampled at p = 1/4, want about %.0f", seed, c.low, c.total, c.what, want)
			}
		}
	}
}

// benchmarkStore inserts a stream of distinct 112-byte state vectors
// (dtp's size) into the store; the ns/op are per state.
func benchmarkStore(b *testing.B, s Store) {
	v := make([]byte, 112)
	for i := 0; b.Loop(); i++ {
		binary.LittleEndian.PutUint64(v[8*(i%14):], uint64(i)*0x9e3779b97f4a7c15)
		s.Insert(v)
	}
}

// BenchmarkExact, BenchmarkHashCompact, BenchmarkCollapse and
// BenchmarkBitstate compare the stores alone:
// go test ./store -run XXX -bench 'Exact|HashCompact|Collapse|Bitstate' -benchtime 2000000x
func BenchmarkExact(b *testing.B) { benchmarkStore(b, NewExact()) }

func BenchmarkHashCompact(b *testing.B) { benchmarkStore(b, NewHashCompact()) }

// (the 14 words of the vector as 7 parts of 16 bytes: each insert
// changes one part, as a step changes a process)
func BenchmarkCollapse(b *testing.B) { benchmarkStore(b, NewCollapse(sixteens{})) }

// sixteens cuts a vector into parts of 16 bytes.
type sixteens struct{}

func (sixteens) Split(v []byte, parts [][]byte) [][]byte {
	for ; len(v) > 16; v = v[16:] {
		parts = append(parts, v[:16])
	}
	return append(parts, v)
}

func BenchmarkBitstate(b *testing.B) {
	for _, l := range []uint{20, 28} {
		b.Run(fmt.Sprintf("w%d-k3", l), func(b *testing.B) {
			bs, err := NewBitstate(l, 3, 0)
			if err != nil {
				b.Fatal(err)
			}
			benchmarkStore(b, bs)
		})
	}
}

// TestExactPayload checks that a state's payload starts zero, keeps what
// is written to it across table growth and chunk changes, is the same for
// the same vector and its own for each vector, with numbered states and
// vectors longer than 127 bytes (a longer length prefix) too.
func TestExactPayload(t *testing.T) {
	for _, numbered := range []bool{false, true} {
		s := NewExact()
		if numbered {
			s.NumberStates()
		}
		s.SetPayload(8)
		rng := rand.New(rand.NewPCG(3, 4))
		refs := map[string]uint64{}
		var vs [][]byte
		for i := 0; i < 100000; i++ {
			v := make([]byte, 4+rng.IntN(200))
			binary.LittleEndian.PutUint32(v, uint32(i))
			ref, isNew := s.Put(v)
			if !isNew || ref == 0 {
				t.Fatalf("vector %d: new %v, ref %d", i, isNew, ref)
			}
			p := s.Payload(ref)
			if len(p) != 8 || binary.LittleEndian.Uint64(p) != 0 {
				t.Fatalf("vector %d: fresh payload %x", i, p)
			}
			binary.LittleEndian.PutUint64(p, uint64(i)*0x9e3779b97f4a7c15)
			refs[string(v)] = ref
			vs = append(vs, v)
		}
		for i, v := range vs {
			ref, isNew := s.Put(v)
			if isNew || ref != refs[string(v)] {
				t.Fatalf("vector %d again: new %v, ref %d, want %d", i, isNew, ref, refs[string(v)])
			}
			if got := binary.LittleEndian.Uint64(s.Payload(ref)); got != uint64(i)*0x9e3779b97f4a7c15 {
				t.Fatalf("vector %d: payload %x", i, got)
			}
			if numbered && s.LastID() != uint32(i+1) {
				t.Fatalf("vector %d: number %d", i, s.LastID())
			}
		}
	}
}

// TestExactEach checks that Each yields every vector once, in the order
// of insertion, with and without state numbers and payloads, across
// chunks and past a vector that takes a chunk of its own.
func TestExactEach(t *testing.T) {
	for _, c := range []struct {
		ids   bool
		extra int
	}{{false, 0}, {true, 0}, {false, 5}, {true, 9}} {
		s := NewExact()
		if c.ids {
			s.NumberStates()
		}
		s.SetPayload(c.extra)
		r := rand.New(rand.NewPCG(3, uint64(c.extra)))
		var want [][]byte
		for i := range 50_000 {
			n := 1 + r.IntN(90)
			if i == 20_000 {
				n = 1 << 21 // a chunk of its own
			}
			v := make([]byte, n)
			for j := range v {
				v[j] = byte(r.Uint32())
			}
			if s.Insert(v) {
				want = append(want, v)
			}
			if i%7 == 0 {
				s.Insert(want[r.IntN(len(want))]) // found: not added
			}
		}
		k := 0
		s.Each(func(v []byte) {
			if k >= len(want) || string(v) != string(want[k]) {
				t.Fatalf("ids %v, payload %d: vector %d of Each differs from the %d inserted", c.ids, c.extra, k, len(want))
			}
			k++
		})
		if k != len(want) {
			t.Errorf("ids %v, payload %d: Each yielded %d vectors, %d inserted", c.ids, c.extra, k, len(want))
		}
	}
}

// TestTableEach checks that the parallel search's table yields every
// vector it holds once, through its growths.
func TestTableEach(t *testing.T) {
	tab := NewTable(2)
	want := map[string]bool{}
	r := rand.New(rand.NewPCG(4, 5))
	for range 100_000 {
		v := make([]byte, 1+r.IntN(40))
		for j := range v {
			v[j] = byte(r.Uint32())
		}
		if tab.Insert(v) {
			want[string(v)] = true
		}
	}
	got := map[string]bool{}
	tab.Each(func(v []byte) {
		if got[string(v)] || !want[string(v)] {
			t.Fatalf("Each yielded % x twice, or a vector never inserted", v)
		}
		got[string(v)] = true
	})
	if len(got) != len(want) {
		t.Errorf("Each yielded %d vectors, %d inserted", len(got), len(want))
	}
}

// TestPresize checks -w's sizing of a store's table (Presizer): an empty
// store's table takes the size asked for and keeps what it holds as it
// grows on; a smaller size, or a store that holds a state, is left as
// it is; the shards of a Shared share the slots.
func TestPresize(t *testing.T) {
	vec := func(i int) []byte { return []byte{byte(i), byte(i >> 8), byte(i >> 16), 7} }
	stores := map[string]func() Store{
		"exact":    func() Store { return NewExact() },
		"hc":       func() Store { return NewHashCompact() },
		"collapse": func() Store { return NewCollapse(chunks{}) },
		"table":    func() Store { return NewTable(2) },
	}
	for name, mk := range stores {
		st := mk()
		_, before := st.Bytes()
		st.(Presizer).Presize(12) // under 2^16: nothing
		if _, got := st.Bytes(); got != before {
			t.Errorf("%s: Presize(12) made the table %d bytes, was %d", name, got, before)
		}
		st.(Presizer).Presize(18)
		_, table := st.Bytes()
		if want := int64(8) << 18; table < want {
			t.Errorf("%s: Presize(18): table %d bytes, want at least %d", name, table, want)
		}
		const n = 300000 // past 3/4 of 2^18: the table doubles once
		for i := range n {
			if !st.Insert(vec(i)) {
				t.Fatalf("%s: state %d not new", name, i)
			}
		}
		for i := range n {
			if st.Insert(vec(i)) {
				t.Fatalf("%s: state %d new again", name, i)
			}
		}
		if st.Len() != n {
			t.Errorf("%s: %d states, want %d", name, st.Len(), n)
		}
		_, grown := st.Bytes()
		st.(Presizer).Presize(22) // holds states: nothing
		if _, got := st.Bytes(); got != grown {
			t.Errorf("%s: Presize after inserts changed the table from %d to %d bytes", name, grown, got)
		}
	}
	sh := NewShared(4, func() Payloads { return NewExact() })
	sh.Presize(20)
	for i := range sh.Shards() {
		if _, table := sh.Shard(i).Bytes(); table != 8<<18 {
			t.Errorf("shard %d of 4: table %d bytes, want 2^18 slots", i, table)
		}
	}
}
