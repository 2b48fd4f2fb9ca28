package estimate

import (
	"math"
	"math/rand/v2"
	"testing"

	"gmc/sample"
)

// TestClopperPearson checks the one-sided upper limit against values in
// closed form or from tables: x = 0 gives 1 − α^(1/n); 5 of 10 at 95%
// is 0.7776 (the upper end of the two-sided 90% interval).
func TestClopperPearson(t *testing.T) {
	for _, c := range []struct {
		x, n  int
		alpha float64
		want  float64
	}{
		{0, 10, 0.05, 1 - math.Pow(0.05, 0.1)},
		{5, 10, 0.05, 0.77756},
		{9, 10, 0.05, 0.99488},
		{0, 1000, 0.001, 1 - math.Pow(0.001, 0.001)},
	} {
		if got := clopperPearsonUpper(c.x, c.n, c.alpha); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("upper limit of %d/%d at %v: %.5f, want %.5f", c.x, c.n, c.alpha, got, c.want)
		}
	}
	if CoverageBound(10, 0, 0.5) != 1 || CoverageBound(3, 1, 1) != 0.75 {
		t.Errorf("bound without omissions %v, of 3 visited and 1 omitted at rate 1 %v; want 1 and 0.75", CoverageBound(10, 0, 0.5), CoverageBound(3, 1, 1))
	}
	if b := CoverageBound(900, 100, 0.25); b < 0.9 || b > 0.93 {
		t.Errorf("bound of 900 visited, 100 omitted sampled: %v, want a little over 0.9", b)
	}
}

// TestCaptureFormulas checks the estimators on counts computed by hand.
func TestCaptureFormulas(t *testing.T) {
	c := &sample.Captures{T: 4, Rate: 0.5, Found: []int{100, 100, 100, 100}, Freq: []int{0, 10, 5, 20, 100}, UnionFound: 130}
	c.Histories = make([]uint64, 135)
	for _, me := range []struct {
		method Method
		want   float64 // N̂_s
	}{
		{MethodJackknife2, 135 + 10*5.0/4 - 5*4.0/12},
		{MethodChao, 135 + 0.75*10*9/12},
	} {
		e := Capture(c, me.method)
		if !e.OK || math.Abs(e.Sampled-me.want) > 1e-9 || math.Abs(e.N-me.want/0.5) > 1e-9 {
			t.Errorf("%s: N̂_s %v, N̂ %v (%v); want %v and twice that", me.method, e.Sampled, e.N, e.Why, me.want)
		}
		if !(e.Lo <= e.N && e.N <= e.Hi) || e.Lo < 135/0.5 {
			t.Errorf("%s: interval %v–%v of %v; want it around N̂ and not below the states seen", me.method, e.Lo, e.Hi, e.N)
		}
		if r := e.Runs[0]; math.Abs(r.Point-100/me.want) > 1e-9 || r.Lo > r.Point || r.Hi < r.Point {
			t.Errorf("%s: a run's coverage %v, want %v inside its interval", me.method, r, 100/me.want)
		}
	}
	if e := Capture(&sample.Captures{T: 1, Freq: []int{0, 3}, Found: []int{3}, Histories: make([]uint64, 3)}, MethodJackknife2); e.OK {
		t.Error("an estimate from one run")
	}
}

// TestCaptureSimulated draws captures of N states by T runs whose
// catch probability varies by state (two classes, as the deep states of a
// bitstate run are caught less): the recommended estimate's interval must
// hold N in most draws, and its error must shrink as the runs catch more.
func TestCaptureSimulated(t *testing.T) {
	const N, T, draws = 4000, 4, 40
	for _, catch := range []struct{ easy, hard, worst float64 }{{0.97, 0.85, 0.005}, {0.9, 0.6, 0.03}} {
		held, worst := 0, 0.0
		for d := range draws {
			r := rand.New(rand.NewPCG(uint64(d), 7))
			c := &sample.Captures{T: T, Rate: 1, Found: make([]int, T), Freq: make([]int, T+1)}
			for s := range N {
				p := catch.easy
				if s%4 == 0 {
					p = catch.hard
				}
				var h uint64
				for i := range T {
					if r.Float64() < p {
						h |= 1 << i
						c.Found[i]++
					}
				}
				if h != 0 {
					c.Histories = append(c.Histories, h)
					c.Freq[popcount(h)]++
				}
			}
			e := Capture(c, Recommended)
			if e.Lo <= N && N <= e.Hi {
				held++
			}
			worst = max(worst, math.Abs(e.N-N)/N)
		}
		t.Logf("catch %v: held %d of %d, worst %.4f", catch, held, draws, worst)
		if held < draws*9/10 {
			t.Errorf("catch %v: the interval held N in %d of %d draws", catch, held, draws)
		}
		if worst > catch.worst {
			t.Errorf("catch %v: worst relative error %.3f, want at most %v", catch, worst, catch.worst)
		}
	}
}

func popcount(h uint64) int {
	n := 0
	for ; h != 0; h &= h - 1 {
		n++
	}
	return n
}

// TestShareSampling: a run that visited every sampled state still has a
// sampling error when the sample is a part (p < 1), none when it is all.
func TestShareSampling(t *testing.T) {
	if iv := share(20000, 20000, 20000, 20000, 0.25); iv.Point != 1 || iv.Lo >= 1 || iv.Lo < 0.999 {
		t.Errorf("all 20000 sampled states found at p = 1/4: %+v, want 1 with a lower end a little below", iv)
	}
	if iv := share(20000, 20000, 20000, 20000, 1); iv.Lo != 1 || iv.Hi != 1 {
		t.Errorf("all states found, all sampled: %+v, want exactly 1", iv)
	}
	if iv := share(10000, 20000, 20000, 20000, 0.5); !(iv.Lo < 0.5 && iv.Hi > 0.5) || iv.Hi-iv.Lo > 0.03 {
		t.Errorf("half found at p = 1/2: %+v, want 0.5 within about ±0.01", iv)
	}
}
