package store

import (
	"math/rand/v2"
	"testing"
)

// TestSharedSpreads: the shard hash spreads vectors of every length over
// the shards evenly (each shard within 5 standard deviations of its
// share), also vectors that differ in one byte only, as the states of a
// search often do; and the shards together hold each state once.
func TestSharedSpreads(t *testing.T) {
	const n, shards = 40_000, 16
	r := rand.New(rand.NewPCG(5, 6))
	for _, size := range []int{3, 8, 31, 32, 33, 100, 174} {
		s := NewShared(shards, func() Payloads { return NewExact() })
		var counts [shards]int
		v := make([]byte, size)
		for i := range n {
			if i%2 == 0 {
				for k := range v {
					v[k] = byte(r.Uint32())
				}
			} else {
				v[r.IntN(size)]++ // one byte off the last
			}
			counts[s.shardOf(v)]++
			s.Insert(v)
		}
		want, sd := float64(n)/shards, 48.4 // sqrt(n p (1-p))
		for i, c := range counts {
			if d := float64(c) - want; d > 5*sd || d < -5*sd {
				t.Errorf("%d-byte vectors: shard %d holds %d of %d, expected %.0f", size, i, c, n, want)
			}
		}
		if again := s.Insert(v); again {
			t.Errorf("%d-byte vectors: the last one inserted is new again", size)
		}
	}
}
