package checker

import (
	"math/rand/v2"
	"testing"
)

// TestFullStoreExact checks the store against a Go map on random vectors
// of mixed lengths, many of them repeated, some longer than 64 KiB (whose
// length does not fit in 16 bits) and some differing only in their last
// byte.
func TestFullStoreExact(t *testing.T) {
	testStore(t, NewFullStore())
	// Past 2^tagBits slots the table grows by hashing vectors again; test
	// that path on a small table.
	s := NewFullStore()
	s.tagged = initBits + 1
	testStore(t, s)
}

func testStore(t *testing.T, s *FullStore) {
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
