package hll

import (
	"math"
	"testing"
)

// mix is splitmix64's finalizer: a fixed, well-mixed hash, so the test
// sees the same estimates on every run.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// TestCount checks the estimate against the true count from tiny sets to
// a million items: within three standard errors (and within one item
// for the smallest sets), and unchanged by items added again.
func TestCount(t *testing.T) {
	for _, n := range []int{0, 1, 31, 1000, 20000, 100000, 1000000} {
		var c Counter
		for i := range n {
			h := mix(uint64(i))
			c.Add(h)
			if i%3 == 0 {
				c.Add(h) // seen again: no change
			}
		}
		got := c.Count()
		t.Logf("%d items: %.1f", n, got)
		if n <= 100 {
			if math.Abs(got-float64(n)) > 1 {
				t.Errorf("%d items: counted %.2f", n, got)
			}
			continue
		}
		if err := math.Abs(got-float64(n)) / float64(n); err > 3*RelativeError {
			t.Errorf("%d items: counted %.0f, error %.2f%% beyond 3 standard errors (%.2f%%)", n, got, 100*err, 300*RelativeError)
		}
	}
}
