package estimate

import (
	"fmt"
	"math/bits"

	"gmc/sample"
	"gmc/search"
)

// The coverage of a partial search (one stopped on a bound) from its
// sample of states and those of bitstate probes run after it
// (checker.RunProbes): the probes are the capture occasions, and the
// partial search's coverage is its share of the sampled population they
// estimate. The partial search itself is left out of the estimator
// (PartialWithSearch keeps it): it catches a connected part of the state
// space round the initial state, a catchability unlike the probes', and
// measured on the holdout models it only adds error (docs/estimates.md).

// PartialOptions say how PartialCapture estimates.
type PartialOptions struct {
	Method Method
	// WithSearch counts the partial search as one more capture occasion.
	WithSearch bool
}

// PartialEstimate is the estimate of N from a partial search and its
// probes: N̂ with its interval (NEstimate, whose Runs are the probes'
// coverages), the partial search's coverage, and the bound that holds
// whatever the probes did.
type PartialEstimate struct {
	NEstimate
	// Search is the partial search's coverage, with its interval.
	Search Interval
	// Found is the sampled states the partial search visited, at the
	// common threshold; Reached the distinct sampled states the search
	// and the probes reached.
	Found, Reached int
	// Bound is an upper bound on the partial search's coverage: its
	// share of the states anyone reached (CoverageBound), which holds
	// when the probes did not finish or saw too little.
	Bound float64
}

// PartialCapture estimates N from the sample of a partial search and the
// samples of its probes.
func PartialCapture(search *sample.Sample, probes []*sample.Sample, po PartialOptions) PartialEstimate {
	all := append([]*sample.Sample{search}, probes...)
	c, err := sample.CombineReached(all)
	if err != nil {
		return PartialEstimate{NEstimate: NEstimate{Method: po.Method, Why: err.Error()}}
	}
	pe := PartialEstimate{Found: c.Found[0], Reached: c.Distinct()}
	pe.Bound = CoverageBound(pe.Found, pe.Reached-pe.Found, c.Rate)
	if po.WithSearch {
		pe.NEstimate = Capture(c, po.Method)
	} else {
		pe.NEstimate = Capture(dropFirst(c), po.Method)
	}
	e := &pe.NEstimate
	if !e.OK {
		return pe
	}
	// The probes' estimate of the sampled population may fall short of
	// what the search and the probes reached together.
	ns := max(e.Sampled, float64(pe.Reached))
	lo, hi := max(e.Lo*c.Rate, float64(pe.Reached)), max(e.Hi*c.Rate, float64(pe.Reached))
	pe.Search = share(float64(pe.Found), ns, lo, hi, c.Rate)
	if pe.Search.Hi > pe.Bound {
		pe.Search.Hi = max(pe.Bound, pe.Search.Point)
	}
	return pe
}

// dropFirst is c without its first occasion: the states only it caught
// are left out.
func dropFirst(c *sample.Captures) *sample.Captures {
	d := &sample.Captures{T: c.T - 1, Level: c.Level, Rate: c.Rate, Found: c.Found[1:], Omitted: c.Omitted[1:], Freq: make([]int, c.T)}
	for _, h := range c.Histories {
		if h >>= 1; h != 0 {
			d.Histories = append(d.Histories, h)
			d.Freq[bits.OnesCount64(h)]++
		}
	}
	return d
}

// ProbeFacts are what a report says of the probes: how many, their
// filters, what they cost, and whether they ran to their end.
type ProbeFacts struct {
	Runs     int
	Log2Bits uint
	K        uint
	Seconds  float64
	Bytes    int64
	// Incomplete says why a probe did not finish ("" when all did).
	Incomplete string
	// DepthLimited: the depth bound cut the probes' paths too.
	DepthLimited bool
	// ReducedOmissions: the search reduced by partial order and a probe's
	// filter omitted states. A reduced search's states depend on its
	// order, which an omission changes (the proviso sees another stack):
	// the probes then reach states the search would never store, and N̂
	// is too high (measured: docs/estimates.md).
	ReducedOmissions bool
}

func (p ProbeFacts) String() string {
	return fmt.Sprintf("%d bitstate probes of 2^%d bits, k = %d, %.3g s, %.3g MB", p.Runs, p.Log2Bits, p.K, p.Seconds, float64(p.Bytes)/(1<<20))
}

// PartialVerdict is the coverage line of a partial search (what f says
// of it) whose probes gave pe: found of N̂ with its interval; "low" with a
// bound when the probes saw too little for a point or did not finish.
func PartialVerdict(pe PartialEstimate, p ProbeFacts, f Facts) Coverage {
	e := pe.NEstimate
	head := ""
	if f.Stop.Reason == search.DepthBound {
		// the depth bound is the search's stop: say what it cut
		head = "the depth bound cut the search: states lie beyond it"
		if f.Beyond > 0 {
			head = fmt.Sprintf("the depth bound cut the search: states lie beyond it, %d of them at the bound never explored", f.Beyond)
		}
		head += "; "
	}
	tail := fmt.Sprintf("; the probes: %s", p)
	if f.Stop.Reason != search.DepthBound {
		tail = fmt.Sprintf("; search incomplete: %s", f.Stop) + tail
	}
	if p.DepthLimited {
		tail += "; the depth bound cut the probes' paths too: states may lie beyond it that no figure here counts"
	}
	if p.ReducedOmissions {
		tail += "; caution: the probes' filters omitted states, and then reduced searches store states of other orders that this search never would, so N̂ may be too high and the coverage too low: --probe-mem gives them larger filters"
	}
	bound := 100 * pe.Bound
	switch {
	case pe.Reached == 0:
		return Coverage{Percent: -1, Method: head + "no estimate: no state sampled" + tail}
	case p.Incomplete != "" && pe.Found == pe.Reached:
		return Coverage{Percent: -1, Method: fmt.Sprintf(
			"%sno estimate: the probes stopped (%s) before they reached a sampled state the search had not; --probe-time gives them more%s",
			head, p.Incomplete, tail)}
	case p.Incomplete != "":
		return Coverage{Percent: bound, Bound: true, Low: true, Method: fmt.Sprintf(
			"%slow, at most: the probes stopped before they finished (%s), so they only bound N from below: N ≥ %.0f, the states the search and the probes reached; --probe-time gives them more%s",
			head, p.Incomplete, float64(pe.Reached)/e.Rate, tail)}
	case !e.OK:
		return Coverage{Percent: bound, Bound: true, Low: true, Method: fmt.Sprintf(
			"%sat most: no estimate (%s); the bound is the search's share of the states it and the probes reached%s", head, e.Why, tail)}
	}
	s := pe.Search
	iv := []float64{100 * s.Lo, 100 * s.Hi}
	if e.Low {
		return Coverage{Percent: 100 * s.Hi, Bound: true, Low: true, Interval: iv, Method: fmt.Sprintf(
			"%slow, at most: the probes never reached about %.0f%% of the states, too many for a point (95%% interval %.4g–%.4g%%, N ≥ %.0f by %s); --probe-mem gives them larger filters%s",
			head, 100*e.Unseen, iv[0], iv[1], e.Lo, e.Method, tail)}
	}
	return Coverage{Percent: 100 * s.Point, Interval: iv, Method: fmt.Sprintf(
		"%sestimate: %d of N ≈ %.0f (%.0f–%.0f) states, 95%% interval %.4g–%.4g%%, by %s of the search's sample against the probes'%s",
		head, f.Stored, e.N, e.Lo, e.Hi, iv[0], iv[1], e.Method, tail)}
}
