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
	// Beyond counts the states at the depth bound the search never
	// visited (exact store): they bound the coverage.
	Beyond int64
	// Randomized is the kind of a randomized search (urs, sdrs, rw),
	// which counts what it visits and estimates nothing ("" otherwise).
	Randomized string
	// MonteCarlo is a Monte Carlo search's estimate (nil: not one).
	MonteCarlo *Sample
}

// Coverage is what a report says of a run's coverage.
type Coverage struct {
	// Percent is the share of the reachable states the run visited,
	// found, bounded or estimated as Method says; negative when unknown.
	Percent float64
	// Method says how Percent is known, or why it is not.
	Method string
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
		return Coverage{-1, fmt.Sprintf("a %s search counts the states it visits, not those it misses; --search mc estimates its coverage", f.Randomized)}
	case f.MonteCarlo != nil:
		switch {
		case complete:
			return Coverage{100, "the Monte Carlo search explored every state: nothing left to sample"}
		case f.MonteCarlo.Percent < 0:
			return Coverage{-1, "no Monte Carlo estimate: " + f.MonteCarlo.NoEstimate}
		}
		return Coverage{f.MonteCarlo.Percent, "~" + MethodMonteCarlo + "; on gmc's models it is below the truth by about the coverage itself: see bench/README.md"}
	case complete && f.Store == BitstateStore:
		// One run alone: Dillinger–Manolios, the better of the two
		// single-run estimates in 001's table 3.
		return Coverage{100 * f.Dillinger, "estimate: " + string(MethodDillinger) + " for one bitstate run; gmc estimate fits a growth curve over several sizes"}
	case complete && f.Store == HashCompactStore && f.Omission > 0:
		// Every state was visited but with probability Omission: the
		// expected coverage is at least 100% less that (an omission may
		// cost anything from one state to all but one).
		return Coverage{100 * (1 - f.Omission), fmt.Sprintf(
			"hash compaction: every state visited unless two shared a fingerprint, of probability %.3g; the figure is 100%% less that, a lower bound of the expected coverage", f.Omission)}
	case complete && f.Store == CacheStore:
		// A stacked search that never evicts a state on its stack
		// visits every reachable state (004 Theorem 4.2.2).
		how := "exhaustive search with a state cache completed"
		if f.Distinct > 0 {
			how += fmt.Sprintf("; the exact side set holds all %d states", f.Distinct)
		}
		return Coverage{100, how}
	case complete:
		return Coverage{100, "exhaustive search completed"}
	}
	why := f.Stop.String()
	// (hash compaction's omissions are far below these estimates' errors)
	exact := f.Store == ExactStore || f.Store == HashCompactStore
	if e := f.Stack; e != nil && exact {
		return Coverage{e.Percent, fmt.Sprintf("~%s: %d finished subtrees of %d states, %d moves of the stack to states not visited; search incomplete: %s; on gmc's models it is off by 39 points on average, mostly low: see bench/README.md",
			MethodStackEstimate, e.Samples, e.SampledStates, e.Unexplored, why)}
	}
	if f.Stop.Reason == search.DepthBound && f.Beyond > 0 && exact {
		// not an estimate: a bound
		states := fmt.Sprintf("%d states at the depth bound were", f.Beyond)
		if f.Beyond == 1 {
			states = "1 state at the depth bound was"
		}
		return Coverage{100 * float64(f.Stored) / float64(f.Stored+f.Beyond), fmt.Sprintf(
			"at most: %s never visited, and what lies past them is unknown; raise -m", states)}
	}
	if r := f.Stop.Reason; r == search.StateBound || r == search.MemoryBound {
		return Coverage{-1, "search incomplete: " + why + "; no estimate: the search finished no subtree below its stack yet"}
	}
	return Coverage{-1, "search incomplete: " + why + "; no estimate for a search stopped there"}
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
