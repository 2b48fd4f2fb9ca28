package estimate

import (
	"fmt"

	"gmc/search"
)

// The coverage line that ends every run report is decided here, from how
// the search stopped and what it counted, so that every command and the
// REPL say the same thing for the same run, and none decides it by the
// words of a message.

// StoreKind is the store a search used, as far as its coverage goes.
type StoreKind int

// The stores.
const (
	ExactStore    StoreKind = iota // every state kept: what is stored was visited
	BitstateStore                  // a Bloom filter: states may be missed
	CacheStore                     // a state cache: states are forgotten
	// HashCompactStore is hash compaction: a state whose fingerprint is
	// another's is omitted, with the probability Facts.Omission.
	HashCompactStore
)

// Sample is an estimate from sampled subtrees (004 eq. 5.2-5.3): of a
// depth-first search stopped early (its stack), or of a Monte Carlo
// search.
type Sample struct {
	Percent       float64 // the coverage estimated, eq. 5.3 (negative: none)
	Samples       int64   // (b) subtrees sampled
	SampledStates int64   // (a) their states
	Unexplored    int64   // (d) moves to states not visited
	NoEstimate    string  // why there is none (Percent < 0)
}

// Facts are what a run knows of its own coverage.
type Facts struct {
	Stop   search.Stop
	Stored int64
	Store  StoreKind
	// Dillinger is the Dillinger–Manolios coverage (001 eq. 2) of a
	// bitstate run, as a fraction.
	Dillinger float64
	// Omission is the probability that a hash-compaction run omitted a
	// state.
	Omission float64
	// Distinct is the number of distinct states a state cache's exact
	// side set counted (0: it keeps none).
	Distinct int64
	// Stack is the estimate of a depth-first search stopped early, from
	// its stack (nil: none could be made).
	Stack *Sample
	// NoStack says why a search stopped early has no Stack estimate,
	// where that is not the usual reason (it finished no subtree below
	// its stack yet): "" for that one.
	NoStack string
	// Beyond counts the states at the depth bound the search never
	// visited (exact store): they bound the coverage.
	Beyond int64
	// Randomized is the kind of a randomized search (urs, sdrs, rw),
	// which counts what it visits and estimates nothing ("" otherwise).
	Randomized string
	// MonteCarlo is a Monte Carlo search's estimate (nil: not one).
	MonteCarlo *Sample
	// Omissions is what a bitstate run's sample of states saw (nil: no
	// sample).
	Omissions *Omissions
}

// Omissions is what the sample of states of a run with a lossy store
// (package sample) counted: the sampled states it visited, those it
// reached and its store omitted, and the sampling rate.
type Omissions struct {
	Visited, Omitted int
	Rate             float64
}

// Coverage is what a report says of a run's coverage.
type Coverage struct {
	// Percent is the share of the reachable states the run visited,
	// found, bounded or estimated as Method says; negative when unknown.
	Percent float64
	// Method says how Percent is known, or why it is not.
	Method string
	// Bound: Percent is an upper bound, not an estimate.
	Bound bool
	// Interval is Percent's 95% interval (nil: none).
	Interval []float64
	// Low: the data cannot support a point; Percent is the upper end of
	// the interval, a bound.
	Low bool
}

// Method names of the estimates from samples.
const (
	MethodStackEstimate = "estimate from the DFS stack, 004 eq. 5.2-5.3"
	MethodMonteCarlo    = "Monte Carlo estimate, 004 eq. 5.2-5.3"
)

// Verdict decides the coverage a run reports. It is a pure function of
// the facts.
func Verdict(f Facts) Coverage {
	complete := f.Stop.Reason == search.Complete
	switch {
	case f.Randomized != "":
		return Coverage{Percent: -1, Method: fmt.Sprintf("a %s search counts the states it visits, not those it misses; --search mc estimates its coverage", f.Randomized)}
	case f.MonteCarlo != nil:
		switch {
		case complete:
			return Coverage{Percent: 100, Method: "the Monte Carlo search explored every state: nothing left to sample"}
		case f.MonteCarlo.Percent < 0:
			return Coverage{Percent: -1, Method: "no Monte Carlo estimate: " + f.MonteCarlo.NoEstimate}
		}
		return Coverage{Percent: f.MonteCarlo.Percent, Method: "~" + MethodMonteCarlo + "; on gmc's models it is below the truth by about the coverage itself: see bench/README.md"}
	case complete && f.Store == BitstateStore:
		return bitstateVerdict(f)
	case complete && f.Store == HashCompactStore && f.Omission > 0:
		// Every state was visited but with probability Omission: the
		// expected coverage is at least 100% less that (an omission may
		// cost anything from one state to all but one).
		return Coverage{Percent: 100 * (1 - f.Omission), Method: fmt.Sprintf(
			"hash compaction: every state visited unless two shared a fingerprint, of probability %.3g; the figure is 100%% less that, a lower bound of the expected coverage", f.Omission)}
	case complete && f.Store == CacheStore:
		// A stacked search that never evicts a state on its stack
		// visits every reachable state (004 Theorem 4.2.2).
		how := "exhaustive search with a state cache completed"
		if f.Distinct > 0 {
			how += fmt.Sprintf("; the exact side set holds all %d states", f.Distinct)
		}
		return Coverage{Percent: 100, Method: how}
	case complete:
		return Coverage{Percent: 100, Method: "exhaustive search completed"}
	}
	why := f.Stop.String()
	// (hash compaction's omissions are far below these estimates' errors)
	exact := f.Store == ExactStore || f.Store == HashCompactStore
	if e := f.Stack; e != nil && exact {
		return Coverage{Percent: e.Percent, Method: fmt.Sprintf("~%s: %d finished subtrees of %d states, %d moves of the stack to states not visited; search incomplete: %s; on gmc's models it is off by 39 points on average, mostly low: see bench/README.md",
			MethodStackEstimate, e.Samples, e.SampledStates, e.Unexplored, why)}
	}
	if f.Stop.Reason == search.DepthBound && f.Beyond > 0 && exact {
		// not an estimate: a bound
		states := fmt.Sprintf("%d states at the depth bound were", f.Beyond)
		if f.Beyond == 1 {
			states = "1 state at the depth bound was"
		}
		return Coverage{Percent: 100 * float64(f.Stored) / float64(f.Stored+f.Beyond), Method: fmt.Sprintf(
			"at most: the depth bound cut the search: states lie beyond it; %s never visited, and what lies past them is unknown; raise -m, or --probes estimates the coverage", states), Bound: true}
	}
	if r := f.Stop.Reason; r == search.StateBound || r == search.MemoryBound {
		none := "the search finished no subtree below its stack yet"
		if f.NoStack != "" {
			none = f.NoStack
		}
		return Coverage{Percent: -1, Method: "search incomplete: " + why + "; no estimate: " + none}
	}
	return Coverage{Percent: -1, Method: "search incomplete: " + why + "; no estimate for a search stopped there"}
}

// bitstateVerdict is the coverage of one complete bitstate run: the
// upper bound from the omissions its sample of states detected
// (CoverageBound), or all of it when the sample holds every state the run
// visited and none was omitted (every state reached was explored, so the
// run visited the whole reachable state space).
func bitstateVerdict(f Facts) Coverage {
	om := f.Omissions
	if om == nil {
		// no sample: Dillinger–Manolios, the better of the two single-run
		// estimates in 001's table 3
		return Coverage{Percent: 100 * f.Dillinger, Method: "estimate: " + string(MethodDillinger) + " for one bitstate run"}
	}
	if om.Omitted == 0 && om.Rate == 1 {
		return Coverage{Percent: 100, Method: fmt.Sprintf(
			"every state this bitstate run reached was explored: its sample holds all %d, none omitted by the filter", om.Visited)}
	}
	bound := 100 * CoverageBound(om.Visited, om.Omitted, om.Rate)
	states, level, were := "states", "", "were"
	if om.Rate < 1 {
		states, level = fmt.Sprintf("sampled states (1 in %.0f)", 1/om.Rate), ", a 99.9% bound"
	}
	if om.Omitted == 1 {
		were = "was"
	}
	return Coverage{Percent: bound, Bound: true, Method: fmt.Sprintf(
		"at most: %d of the %d %s this bitstate run reached %s omitted by its filter, and what lies past them was never reached%s; Dillinger-Manolios would say %.4g%%; --runs 4 estimates the coverage",
		om.Omitted, om.Visited+om.Omitted, states, were, level, 100*f.Dillinger)}
}

// CaptureVerdict is the coverage line of T seeded bitstate runs: the
// union's coverage estimated by capture–recapture (e), with its
// interval; "low" with the interval's upper end when the runs saw too
// little for a point. incomplete, when not empty, says why a run did not
// complete: then there is no estimate.
func CaptureVerdict(e NEstimate, incomplete string) Coverage {
	switch {
	case incomplete != "":
		return Coverage{Percent: -1, Method: "search incomplete: " + incomplete + "; no estimate from runs that did not complete"}
	case !e.OK:
		return Coverage{Percent: -1, Method: "no estimate: " + e.Why}
	}
	u := e.Union
	iv := []float64{100 * u.Lo, 100 * u.Hi}
	if e.Low {
		return Coverage{Percent: 100 * u.Hi, Bound: true, Low: true, Interval: iv, Method: fmt.Sprintf(
			"low, at most: the union of %d seeded bitstate runs; they never reached about %.0f%% of the states, too many for a point (95%% interval %.4g–%.4g%%, N ≥ %.0f by %s); use a larger filter (-w) or more runs",
			e.T, 100*e.Unseen, iv[0], iv[1], e.Lo, e.Method)}
	}
	return Coverage{Percent: 100 * u.Point, Interval: iv, Method: fmt.Sprintf(
		"estimate: the union of %d seeded bitstate runs, 95%% interval %.4g–%.4g%%; N ≈ %.0f (%.0f–%.0f) by %s",
		e.T, iv[0], iv[1], e.N, e.Lo, e.Hi, e.Method)}
}

// Unexplored says why a search did not explore the whole state space, for
// the coverage analyses' report ("" when it did): the words of the
// coverage line of an exhaustive search with the same stop, or why a
// bitstate search may not have.
func Unexplored(f Facts, errors int64) string {
	switch {
	case f.Stop.Reason != search.Complete && errors > 0 && f.Stop.Early():
		return "the search stopped at an error (" + f.Stop.String() + "; -c0 goes on)"
	case f.Stop.Reason != search.Complete:
		f.Store = ExactStore
		return Verdict(f).Method
	case f.Store == BitstateStore:
		return "a bitstate search may miss states"
	case f.Store == HashCompactStore && f.Omission > 0:
		return fmt.Sprintf("a hash-compaction search omits states with probability %.3g", f.Omission)
	}
	return ""
}
