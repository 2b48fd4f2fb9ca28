package checker

import (
	"testing"

	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/vm"
)

// exhaustive compiles an example model and searches it exhaustively.
func exhaustive(t *testing.T, file string) (*vm.Model, *Result) {
	t.Helper()
	m := modeltest.MustCompile(t, "../examples/models/"+file, false)
	full, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 1 << 20}}).Run()
	if err != nil {
		t.Fatal(err)
	}
	return m, full
}

// TestStackEstimate: a depth-first search stopped at its state bound
// estimates its coverage from its stack, by eq. 5.2 and 5.3 of its terms;
// a complete search, or one stopped at an error, has no estimate.
func TestStackEstimate(t *testing.T) {
	for _, file := range []string{"peterson_n.pml", "philosophers_fixed.pml", "atomic.pml"} {
		m, full := exhaustive(t, file)
		if full.Estimate != nil {
			t.Errorf("%s: a complete search estimates its coverage", file)
		}
		res, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 1 << 20, MaxStates: full.Stored / 2}}).Run()
		if err != nil {
			t.Fatal(err)
		}
		e := res.Estimate
		if e == nil || e.Samples <= 0 || e.SampledStates >= res.Stored || e.Unexplored <= 0 {
			t.Fatalf("%s: stopped at half the states, estimate %+v", file, e)
		}
		want := 100 * float64(res.Stored) / (float64(res.Stored) + float64(e.SampledStates)/float64(e.Samples)*float64(e.Unexplored))
		if e.Percent != want || e.Percent <= 0 || e.Percent >= 100 {
			t.Errorf("%s: estimate %v%%, eq. 5.3 gives %v", file, e.Percent, want)
		}
		t.Logf("%s stopped at 50%%: estimate %.1f%%", file, e.Percent)
	}
	m, err := modeltest.Compile("../examples/models/bugs.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := NewDFS(m, Options{}).Run(); res.Estimate != nil {
		t.Errorf("a search stopped at an error estimates its coverage")
	}
}

// TestBeyondDepthBound: a search cut by its depth bound counts the
// distinct states at the bound it never stored; they are real states
// besides the stored ones, so Stored + Beyond never exceeds the state
// space, and the coverage bound Stored / (Stored + Beyond) is at least
// the true coverage.
func TestBeyondDepthBound(t *testing.T) {
	for _, file := range []string{"peterson_n.pml", "philosophers_fixed.pml", "abp_lossy.pml"} {
		m, full := exhaustive(t, file)
		if full.Beyond != 0 {
			t.Errorf("%s: a complete search has %d states beyond its bound", file, full.Beyond)
		}
		for _, depth := range []int{10, 30, 100} {
			res, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: depth}}).Run()
			if err != nil {
				t.Fatal(err)
			}
			if !res.DepthLimited {
				continue
			}
			if res.Beyond <= 0 || res.Stored+res.Beyond > full.Stored {
				t.Errorf("%s -m%d: %d stored + %d beyond, of %d states", file, depth, res.Stored, res.Beyond, full.Stored)
			}
			t.Logf("%s -m%d: coverage %.1f%%, at most %.1f%%", file, depth, 100*float64(res.Stored)/float64(full.Stored),
				100*float64(res.Stored)/float64(res.Stored+res.Beyond))
		}
	}
}
