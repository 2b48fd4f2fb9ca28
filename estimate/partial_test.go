package estimate

import (
	"math/rand/v2"
	"strings"
	"testing"

	"gmc/sample"
	"gmc/search"
)

// TestPartialCapture simulates a partial search and its probes over N
// states: the search visits a share b of them, each probe a random 99.5% (as probes with filters of plenty of bits reach).
// The search's coverage must come out near b, inside its interval, and
// never above the bound; the search left out of the occasions or not.
func TestPartialCapture(t *testing.T) {
	const N = 200000
	rng := rand.New(rand.NewPCG(1, 2))
	states := make([]uint64, N)
	for i := range states {
		states[i] = rng.Uint64()
	}
	for _, b := range []float64{0.1, 0.25, 0.5} {
		partial := sample.NewDistinct()
		for _, h := range states[:int(b*N)] {
			partial.Visited(h)
		}
		var probes []*sample.Sample
		for range 2 {
			p := sample.NewDistinct()
			for _, h := range states {
				if rng.Float64() < 0.995 {
					p.Visited(h)
				}
			}
			probes = append(probes, p)
		}
		for _, with := range []bool{false, true} {
			pe := PartialCapture(partial, probes, PartialOptions{Method: Recommended, WithSearch: with})
			s := pe.Search
			switch {
			case !pe.OK || pe.Low:
				t.Errorf("b=%v with=%v: no point (%s, low %v)", b, with, pe.Why, pe.Low)
			case s.Point < b-0.01 || s.Point > b+0.01 || s.Lo > b || s.Hi < b:
				t.Errorf("b=%v with=%v: coverage %.4f (%.4f–%.4f)", b, with, s.Point, s.Lo, s.Hi)
			case pe.Bound < s.Hi || pe.Bound < b:
				t.Errorf("b=%v with=%v: bound %.4f below the interval's end %.4f or the truth", b, with, pe.Bound, s.Hi)
			case pe.N < 0.97*N || pe.N > 1.03*N:
				t.Errorf("b=%v with=%v: N̂ %.0f, want about %d", b, with, pe.N, N)
			}
		}
		// probes that stopped early: the line is a bound, and it holds
		cov := PartialVerdict(PartialCapture(partial, probes[:1], PartialOptions{Method: Recommended}),
			ProbeFacts{Runs: 1, Incomplete: "probe 1: time limit"}, Facts{Stop: search.Stop{Reason: search.StateBound}, Stored: int64(b * N)})
		if !cov.Bound || !cov.Low || cov.Percent < 100*b || !strings.Contains(cov.Method, "low, at most") {
			t.Errorf("b=%v, probes incomplete: %+v", b, cov)
		}
	}
}

// TestDropFirst checks that the first occasion's captures are taken out.
func TestDropFirst(t *testing.T) {
	c := &sample.Captures{T: 3, Found: []int{2, 2, 1}, Omitted: []int{0, 0, 0}, Histories: []uint64{0b001, 0b011, 0b111, 0b010, 0b100}}
	d := dropFirst(c)
	if d.T != 2 || len(d.Histories) != 4 || d.Freq[1] != 3 || d.Freq[2] != 1 || len(d.Found) != 2 || d.Found[0] != 2 {
		t.Errorf("dropFirst: T %d, histories %b, freq %v, found %v", d.T, d.Histories, d.Freq, d.Found)
	}
}
