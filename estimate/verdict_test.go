package estimate

import (
	"strings"
	"testing"

	"gmc/search"
)

// TestVerdict checks which coverage line each kind of run gets: the
// figure, and words of the method that say how it is known.
func TestVerdict(t *testing.T) {
	stop := func(r search.Reason) search.Stop { return search.Stop{Reason: r} }
	stack := &Sample{Percent: 42, Samples: 3, SampledStates: 30, Unexplored: 7}
	cases := []struct {
		name    string
		f       Facts
		percent float64
		method  string // a part of the method's words
	}{
		{"complete", Facts{Stop: stop(search.Complete), Stored: 10}, 100, "exhaustive search completed"},
		{"bitstate", Facts{Stop: stop(search.Complete), Store: BitstateStore, Dillinger: 0.5}, 50, "Dillinger-Manolios for one bitstate run"},
		{"hash compaction", Facts{Stop: stop(search.Complete), Store: HashCompactStore, Omission: 0.25}, 75, "unless two shared a fingerprint, of probability 0.25"},
		{"hash compaction, one state", Facts{Stop: stop(search.Complete), Store: HashCompactStore}, 100, "exhaustive search completed"},
		{"hash compaction, stack estimate", Facts{Stop: stop(search.StateBound), Store: HashCompactStore, Stack: stack, Omission: 1e-9}, 42, MethodStackEstimate},
		{"bitstate, every state sampled, none omitted", Facts{Stop: stop(search.Complete), Store: BitstateStore, Dillinger: 0.5,
			Omissions: &Omissions{Visited: 40, Rate: 1}}, 100, "every state this bitstate run reached was explored"},
		{"bitstate, every state sampled", Facts{Stop: stop(search.Complete), Store: BitstateStore, Dillinger: 0.5,
			Omissions: &Omissions{Visited: 30, Omitted: 10, Rate: 1}}, 75, "at most: 10 of the 40 states this bitstate run reached were omitted"},
		{"bitstate, sampled", Facts{Stop: stop(search.Complete), Store: BitstateStore, Dillinger: 0.5,
			Omissions: &Omissions{Visited: 300, Omitted: 100, Rate: 0.25}}, 100 * CoverageBound(300, 100, 0.25), "(1 in 4) this bitstate run reached were omitted by its filter, and what lies past them was never reached, a 99.9% bound"},
		{"cache", Facts{Stop: stop(search.Complete), Store: CacheStore, Distinct: 9}, 100, "exact side set holds all 9 states"},
		{"cache without side set", Facts{Stop: stop(search.Complete), Store: CacheStore}, 100, "state cache completed"},
		{"stack estimate", Facts{Stop: search.Stop{Reason: search.StateBound, Detail: "state bound of 5 states reached"}, Stack: stack}, 42,
			"3 finished subtrees of 30 states, 7 moves of the stack to states not visited; search incomplete: state bound of 5 states reached"},
		{"no stack estimate from a cache", Facts{Stop: stop(search.Interrupted), Store: CacheStore, Stack: stack}, -1, "incomplete: interrupted; no estimate for a search stopped there"},
		{"depth bound", Facts{Stop: stop(search.DepthBound), Stored: 30, Beyond: 10}, 75, "at most: the depth bound cut the search: states lie beyond it; 10 states at the depth bound were never visited"},
		{"depth bound, one", Facts{Stop: stop(search.DepthBound), Stored: 1, Beyond: 1}, 50, "1 state at the depth bound was"},
		{"depth bound, nothing beyond", Facts{Stop: stop(search.DepthBound), Stored: 1}, -1, "search incomplete: depth bound reached"},
		{"memory bound", Facts{Stop: search.Stop{Reason: search.MemoryBound, Detail: "memory bound of 9 bytes reached"}}, -1,
			"memory bound of 9 bytes reached; no estimate: the search finished no subtree"},
		{"state bound, no stack", Facts{Stop: stop(search.StateBound), NoStack: "a parallel search keeps none"}, -1,
			"; no estimate: a parallel search keeps none"},
		{"error limit", Facts{Stop: stop(search.ErrorLimit)}, -1, "search incomplete: error bound reached; no estimate for a search stopped there"},
		{"randomized", Facts{Stop: stop(search.StepBound), Randomized: "urs"}, -1, "a urs search counts the states it visits"},
		{"Monte Carlo", Facts{Stop: stop(search.StateBound), MonteCarlo: &Sample{Percent: 12}}, 12, MethodMonteCarlo},
		{"Monte Carlo, none", Facts{Stop: stop(search.StateBound), MonteCarlo: &Sample{Percent: -1, NoEstimate: "why"}}, -1, "no Monte Carlo estimate: why"},
		{"Monte Carlo, complete", Facts{Stop: stop(search.Complete), MonteCarlo: &Sample{Percent: 100}}, 100, "explored every state"},
		{"not ended", Facts{}, -1, "search incomplete: running"},
	}
	for _, c := range cases {
		got := Verdict(c.f)
		if got.Percent != c.percent || !strings.Contains(got.Method, c.method) {
			t.Errorf("%s: %v%% (%s), want %v%% (... %s ...)", c.name, got.Percent, got.Method, c.percent, c.method)
		}
	}
}

// TestCaptureVerdict checks the coverage line of seeded runs: the
// union's estimate with its interval, low with the interval's upper end,
// none from runs that did not complete.
func TestCaptureVerdict(t *testing.T) {
	e := NEstimate{Method: MethodJackknife2, OK: true, T: 4, N: 1000, Lo: 990, Hi: 1100, Union: Interval{0.9, 0.85, 0.95}}
	if c := CaptureVerdict(e, ""); c.Percent != 90 || c.Low || c.Interval[0] != 85 || !strings.Contains(c.Method, "union of 4 seeded bitstate runs") {
		t.Errorf("estimate: %+v", c)
	}
	e.Low = true
	if c := CaptureVerdict(e, ""); c.Percent != 95 || !c.Low || !c.Bound || !strings.HasPrefix(c.Method, "low, at most") {
		t.Errorf("low: %+v", c)
	}
	if c := CaptureVerdict(e, "run 2: error bound reached"); c.Percent >= 0 || !strings.Contains(c.Method, "run 2: error bound reached") {
		t.Errorf("incomplete: %+v", c)
	}
}

// TestUnexplored checks what the coverage analyses are told of a search
// that did not explore everything.
func TestUnexplored(t *testing.T) {
	for _, c := range []struct {
		f      Facts
		errors int64
		want   string
	}{
		{Facts{Stop: search.Stop{Reason: search.Complete}}, 0, ""},
		{Facts{Stop: search.Stop{Reason: search.Complete}, Store: BitstateStore}, 0, "a bitstate search may miss states"},
		{Facts{Stop: search.Stop{Reason: search.Complete}, Store: HashCompactStore, Omission: 2e-9}, 0, "a hash-compaction search omits states with probability 2e-09"},
		{Facts{Stop: search.Stop{Reason: search.ErrorLimit}}, 1, "the search stopped at an error (error bound reached; -c0 goes on)"},
		{Facts{Stop: search.Stop{Reason: search.DepthBound}}, 1, "search incomplete: depth bound reached; no estimate for a search stopped there"},
	} {
		if got := Unexplored(c.f, c.errors); got != c.want {
			t.Errorf("Unexplored(%v, %d) = %q, want %q", c.f.Stop, c.errors, got, c.want)
		}
	}
}
