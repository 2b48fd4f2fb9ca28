package sample

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestMerge: the samples of disjoint parts, merged, are the sample of
// their union: the same threshold and the same hashes as one sample
// that saw every state.
func TestMerge(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	whole := NewCap(1 << 10)
	var parts []*Sample
	for i, n := range []int{50, 3000, 20_000} {
		p := NewCap(1 << 10)
		if i == 0 {
			p.distinct = false // as a lossy store's search keeps
		}
		for range n {
			h := r.Uint64()
			p.Visited(h)
			whole.Visited(h)
		}
		parts = append(parts, p)
	}
	got := Merge(parts)
	if got.Level() != whole.Level() {
		t.Fatalf("merged level %d, one sample's %d", got.Level(), whole.Level())
	}
	hashes := func(s *Sample) []uint64 {
		var hs []uint64
		s.Each(func(h uint64, _ bool) { hs = append(hs, h) })
		slices.Sort(hs)
		return hs
	}
	if g, w := hashes(got), hashes(whole); !slices.Equal(g, w) {
		t.Errorf("merged sample has %d hashes, one sample %d, or other ones", len(g), len(w))
	}
}
