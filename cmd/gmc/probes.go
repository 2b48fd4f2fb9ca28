package main

import (
	"fmt"
	"io"
	"time"

	"gmc/checker"
	"gmc/estimate"
	"gmc/lang"
	"gmc/sample"
	"gmc/search"
	"gmc/vm"
)

// A search that stopped on a bound (states, memory, time, steps, the
// depth bound, a full cache) runs bitstate probes afterwards
// (checker.RunProbes), within a stated budget: by default the time and
// the memory the search itself took. Their samples of states against the
// search's estimate how many states there are (estimate.PartialCapture),
// and the coverage line reports the search's share of them.

// probeFlags are gmc run's flags for the probes.
type probeFlags struct {
	runs int
	time string // "" the search's time, "none", or a duration
	mem  string // "" the search's memory, or a size
}

func (p *probeFlags) register(fs interface {
	IntVar(*int, string, int, string)
	StringVar(*string, string, string, string)
}) {
	fs.IntVar(&p.runs, "probes", 2, "a search stopped on a bound (--max-states, --mem, --time, -m, --cache, --search urs|sdrs|rw|mc) runs `T` bitstate probes with independent seeds afterwards, to estimate how many states it missed (0: none)")
	fs.StringVar(&p.time, "probe-time", "", "the probes' time, all of them: a duration `D` (e.g. 30s), or none (no bound); default: the time the search took")
	fs.StringVar(&p.mem, "probe-mem", "", "the memory of the probes' filters at work together: `SIZE` (e.g. 64MB); default: the memory the search used")
}

// probed is what the probes of a search gave: the coverage line, and the
// lines that say what they cost.
type probed struct {
	cov   estimate.Coverage
	lines []string
	json  *probesJSON
}

// probesJSON is the probes' part of run --json.
type probesJSON struct {
	Runs          int         `json:"runs"`
	Log2Bits      uint        `json:"log2_bits"`
	K             uint        `json:"k"`
	Seeds         []uint64    `json:"seeds"`
	Bytes         int64       `json:"bytes"`
	ElapsedS      float64     `json:"elapsed_s"`
	BudgetS       *float64    `json:"budget_s"` // null: no time bound
	Complete      bool        `json:"complete"`
	StatesStored  []int64     `json:"states_stored"`
	SearchSampled int         `json:"search_sampled_states"` // the search's sampled states, at the common rate
	Reached       int         `json:"sampled_states_reached"`
	Estimate      captureJSON `json:"estimate"`
}

// probeWorthy reports whether a search that ended with st may run
// probes: it stopped on a bound, not at errors or by an interrupt.
func probeWorthy(st search.Stop) bool {
	switch st.Reason {
	case search.StateBound, search.MemoryBound, search.TimeLimit, search.StepBound, search.DepthBound, search.CacheFull:
		return true
	}
	return false
}

// runProbes runs the probes of res, a partial search of the model at
// path, reduced as the search was (reduce), within the budget of pf or
// the search's own; smp is the search's sample of states and facts what
// it knows of its coverage. It returns nil when there are none to run.
func runProbes(path string, lopts *lang.Options, vmOpts vm.Options, pf probeFlags, seed uint64, opts checker.Options, reduce bool,
	res *checker.Result, smp *sample.Sample, facts estimate.Facts, stderr io.Writer) *probed {
	if pf.runs <= 0 || smp == nil || !probeWorthy(res.Stop) {
		return nil
	}
	mem := res.Memory.Vectors + res.Memory.Table + res.Memory.Stack
	if mem == 0 {
		// a randomized search: what its kept states take (stateBound)
		mem = res.Stored * int64(2*res.MaxVector+160)
	}
	if pf.mem != "" {
		mem, _ = parseSize(pf.mem) // (checked with the flags)
	}
	budget := res.Elapsed
	switch pf.time {
	case "":
	case "none":
		budget = 0
	default:
		budget, _ = time.ParseDuration(pf.time)
	}
	po := checker.ProbeOptions{Runs: pf.runs, Seed: seed, Memory: mem, Time: budget,
		Options: checker.Options{Budget: search.Budget{MaxDepth: opts.MaxDepth, MaxMemory: opts.MaxMemory, Interrupt: opts.Interrupt}, Reduce: reduce}}
	if res.Stop.Reason == search.DepthBound {
		// the probes must pass the bound to see what lies beyond it
		po.Options.MaxDepth = max(opts.Depth(), probeDepth)
	}
	compile := func() (*vm.Model, error) {
		spec, diags := lang.Load(path, lopts)
		if diags.ErrorCount() > 0 {
			return nil, diags
		}
		return vm.Compile(spec, vmOpts)
	}
	pr, err := checker.RunProbes(compile, po)
	if err != nil {
		fmt.Fprintf(stderr, "gmc: the probes failed: %v\n", err)
		return nil
	}
	var samples []*sample.Sample
	pfacts := estimate.ProbeFacts{Runs: len(pr.Results), Log2Bits: pr.Log2Bits, K: pr.K, Seconds: pr.Elapsed.Seconds(), Bytes: pr.Bytes, DepthLimited: pr.DepthLimited()}
	out := &probed{json: &probesJSON{Runs: len(pr.Results), Log2Bits: pr.Log2Bits, K: pr.K, Seeds: pr.Seeds, Bytes: pr.Bytes,
		ElapsedS: pr.Elapsed.Seconds(), Complete: pr.Complete()}}
	if budget > 0 {
		b := budget.Seconds()
		out.json.BudgetS = &b
	}
	for i, r := range pr.Results {
		samples = append(samples, r.Sample)
		out.json.StatesStored = append(out.json.StatesStored, r.Stored)
		pfacts.ReducedOmissions = pfacts.ReducedOmissions || (reduce && r.Sample.Omitted() > 0)
		if r.Stop.Early() && pfacts.Incomplete == "" {
			pfacts.Incomplete = fmt.Sprintf("probe %d: %s", i+1, r.Stop)
		}
	}
	pe := estimate.PartialCapture(smp, samples, estimate.PartialOptions{Method: estimate.Recommended})
	out.cov = estimate.PartialVerdict(pe, pfacts, facts)
	out.json.SearchSampled, out.json.Reached, out.json.Estimate = pe.Found, pe.Reached, *captureOf(pe.NEstimate)
	bt := "no time bound"
	if budget > 0 {
		bt = fmt.Sprintf("a budget of %.3g s", budget.Seconds())
		if pf.time == "" {
			bt += ", the search's time: --probe-time sets it"
		}
	}
	out.lines = append(out.lines, fmt.Sprintf("probes: %s (%s), %d at a time, seeds %v", pfacts, bt, pr.Parallel, pr.Seeds))
	for i, r := range pr.Results {
		st := "complete"
		if r.Stop.Reason != search.Complete {
			st = r.Stop.String()
		}
		out.lines = append(out.lines, fmt.Sprintf("%9d states, stored by probe %d (%s)", r.Stored, i+1, st))
	}
	return out
}

// probeDepth is the probes' depth bound after a search the depth bound
// cut: far beyond pan's default.
const probeDepth = 1 << 20

// checkProbeFlags checks the probes' flags.
func checkProbeFlags(pf probeFlags) error {
	switch {
	case pf.runs < 0 || pf.runs > sample.MaxRuns-1:
		return fmt.Errorf("--probes %d: want 0 to %d", pf.runs, sample.MaxRuns-1)
	case pf.time != "" && pf.time != "none":
		if d, err := time.ParseDuration(pf.time); err != nil || d <= 0 {
			return fmt.Errorf("--probe-time %q: want a duration such as 30s, or none", pf.time)
		}
	}
	if pf.mem != "" {
		if _, err := parseSize(pf.mem); err != nil {
			return fmt.Errorf("--probe-mem: %v", err)
		}
	}
	return nil
}

// jsonOrNil is the probes' JSON, nil when there were none.
func (p *probed) jsonOrNil() *probesJSON {
	if p == nil {
		return nil
	}
	return p.json
}
