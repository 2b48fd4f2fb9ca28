package main

import (
	"fmt"
	"io"
	"runtime"

	"gmc/checker"
	"gmc/estimate"
	"gmc/lang"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// gmc run --bitstate --runs T: T bitstate runs with independent seeds
// (checker.RunSeeds: --seed first), in parallel on every core, whose
// samples of states capture–recapture compares (estimate.Capture): the
// report gives N̂, each run's coverage and the union's, with intervals.

// seededRun is one of the runs.
type seededRun struct {
	seed uint64
	bits *store.Bitstate
	res  *checker.Result
}

// runSeeded runs the T seeded bitstate searches and reports them.
func runSeeded(path string, lopts *lang.Options, vmOpts vm.Options, m *vm.Model, f runFlags, opts checker.Options, stdout, stderr io.Writer) int {
	seeds := checker.RunSeeds(f.seed, f.runs)
	runs := make([]seededRun, len(seeds))
	stores := make([]store.Store, len(seeds))
	for i, seed := range seeds {
		bits, err := store.NewBitstate(f.log2Bits, f.hashes, seed)
		if err != nil {
			fmt.Fprintf(stderr, "gmc run: %v\n", err)
			return exitUsage
		}
		runs[i], stores[i] = seededRun{seed: seed, bits: bits}, bits
	}
	atOnce := int64(min(len(runs), runtime.GOMAXPROCS(0))) // the runs at work together
	if _, table := runs[0].bits.Bytes(); opts.MaxMemory > 0 && table*atOnce > opts.MaxMemory {
		fmt.Fprintf(stderr, "gmc run: %d filters of 2^%d bits at a time take %d MB, over the memory bound of %d MB\n",
			atOnce, f.log2Bits, table*atOnce>>20, opts.MaxMemory>>20)
		return exitUsage
	}
	// The memory bound is shared by the runs at work together.
	if opts.MaxMemory > 0 {
		opts.MaxMemory /= atOnce
	}
	compile := func() (*vm.Model, error) {
		spec, diags := lang.Load(path, lopts)
		if diags.ErrorCount() > 0 {
			return nil, diags
		}
		return vm.Compile(spec, vmOpts)
	}
	results, err := checker.Runs(compile, stores, opts)
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return exitUsage
	}
	for i := range runs {
		runs[i].res = results[i]
	}
	// The trails of the first run that found errors: the others found
	// the same or more of the same kind.
	first := 0
	for i, r := range runs {
		if r.res.Stats.NumErrors > 0 {
			first = i
			break
		}
	}
	trails := writeTrails(stderr, path, m, runs[first].res, 0, opts.MaxErrors, f.mode)
	e, cov := seededCoverage(runs)
	if f.json {
		r := runs[first]
		out := resultJSON(m, path, f.mode.name(), r.res, trails, r.bits)
		f.pan.flagsJSON(&out, r.res)
		out.Coverage = coverageOf(cov)
		out.Runs, out.Estimate = seededJSON(runs, e)
		writeJSONDocument(stdout, out)
	} else {
		writeSeeded(stdout, m, runs, first, trails, e, cov, f)
	}
	code := exitOK
	for _, r := range runs {
		switch c := runExit(r.res); {
		case c == exitViolation:
			code = c
		case c == exitIncomplete && code == exitOK:
			code = c
		}
	}
	return code
}

// seededCoverage is the capture–recapture estimate over the runs and the
// coverage line it gives.
func seededCoverage(runs []seededRun) (estimate.NEstimate, estimate.Coverage) {
	var samples []*sample.Sample
	incomplete := ""
	for i, r := range runs {
		samples = append(samples, r.res.Sample)
		if !r.res.Complete() && incomplete == "" {
			incomplete = fmt.Sprintf("run %d (seed %d): %s", i+1, r.seed, r.res.Stop)
			if r.res.Stop.Reason == search.ErrorLimit {
				incomplete += " (-c0 goes on past errors)"
			}
		}
	}
	e := estimate.CaptureSamples(samples, estimate.Recommended)
	return e, estimate.CaptureVerdict(e, incomplete)
}

// writeSeeded prints the report of seeded runs: the errors of the first
// run that found some, a line per run, the union, N̂ and the coverage line.
func writeSeeded(w io.Writer, m *vm.Model, runs []seededRun, first int, trails []string, e estimate.NEstimate, cov estimate.Coverage, f runFlags) {
	if runs[first].res.Stats.NumErrors > 0 {
		fmt.Fprintf(w, "errors of run %d (seed %d):\n", first+1, runs[first].seed)
		writeErrors(w, runs[first].res, trails, false)
	}
	fmt.Fprintf(w, "\n(gmc %s)\n", version)
	paintHeading.Fprintln(w, "\nBit statespace search for:")
	for _, line := range f.mode.header(m) {
		fmt.Fprintln(w, "\t"+line)
	}
	paintHeading.Fprintf(w, "\n%d bitstate runs of 2^%d bits, k = %d, with independent seeds (%d at a time):\n",
		len(runs), f.log2Bits, f.hashes, min(len(runs), runtime.GOMAXPROCS(0)))
	fmt.Fprintf(w, "%4s %20s %10s %10s %6s %13s  %-30s %9s\n", "run", "seed", "stored", "matched", "errors", "omitted", "coverage (95% interval)", "at most")
	iv := func(x estimate.Interval) string {
		return fmt.Sprintf("%.4g%% (%.4g–%.4g%%)", 100*x.Point, 100*x.Lo, 100*x.Hi)
	}
	complete := true
	for _, r := range runs {
		complete = complete && r.res.Complete()
	}
	for i, r := range runs {
		smp := r.res.Sample
		c := "-"
		bound := fmt.Sprintf("%.4g%%", 100*estimate.CoverageBound(smp.Len(), smp.Omitted(), smp.Rate()))
		switch {
		case !r.res.Complete():
			c, bound = "incomplete: "+r.res.Stop.String(), "-"
		case !complete:
		case e.OK && e.Low:
			c = fmt.Sprintf("low (at most %.4g%%)", 100*e.Runs[i].Hi)
		case e.OK:
			c = iv(e.Runs[i])
		}
		fmt.Fprintf(w, "%4d %20d %10d %10d %6d %13s  %-30s %9s\n", i+1, r.seed, r.res.Stored, r.res.Matched, r.res.Stats.NumErrors,
			fmt.Sprintf("%d/%d", smp.Omitted(), smp.Len()+smp.Omitted()), c, bound)
	}
	if e.OK && complete {
		u := iv(e.Union)
		if e.Low {
			u = fmt.Sprintf("low (at most %.4g%%)", 100*e.Union.Hi)
		}
		fmt.Fprintf(w, "%4s %20s %10s %10s %6s %13s  %s\n", "all", "", "", "", "", "", u)
		rate := "every state sampled"
		if e.Rate < 1 {
			rate = fmt.Sprintf("1 in %.0f sampled", 1/e.Rate)
		}
		fmt.Fprintf(w, "\nreachable states: N ≈ %.0f (95%%: %.0f–%.0f) by %s over %d runs: %d distinct states reached (%s), about %.2g%% of the states never reached\n",
			e.N, e.Lo, e.Hi, e.Method, e.T, e.Distinct, rate, 100*e.Unseen)
	}
	fmt.Fprintf(w, "omitted: sampled states a run reached that its filter took for visited states (detected omissions), of those it reached; at most: the bound they give the run's coverage\n")
	elapsed := 0.0
	for _, r := range runs {
		elapsed = max(elapsed, r.res.Elapsed.Seconds())
	}
	fmt.Fprintf(w, "\ngmc: elapsed time %.3g seconds (the longest run)\n", elapsed)
	writeCoverage(w, cov, runs[first].res)
}

// seededRunJSON is one run of run --runs --json.
type seededRunJSON struct {
	Seed             uint64       `json:"seed"`
	StatesStored     int64        `json:"states_stored"`
	StatesMatched    int64        `json:"states_matched"`
	Errors           int64        `json:"errors"`
	Complete         bool         `json:"complete"`
	SampledStates    int          `json:"sampled_states"`
	SampledOmissions int          `json:"sampled_omissions"`
	CoverageBound    float64      `json:"coverage_bound"`
	Coverage         coverageJSON `json:"coverage"`
}

// captureJSON is the capture–recapture estimate of run --runs --json and
// gmc estimate --json.
type captureJSON struct {
	Method     string      `json:"method"`
	N          *float64    `json:"N"`
	Interval   *[2]float64 `json:"interval"`
	Low        bool        `json:"low"`
	Runs       int         `json:"runs"`
	Distinct   int         `json:"sampled_states"` // distinct sampled states the runs reached
	SampleRate float64     `json:"sample_rate"`
	Unseen     float64     `json:"unseen"` // share of N̂ no run reached
	Union      *[3]float64 `json:"union"`  // the union's coverage: point, interval (percent)
	Why        string      `json:"why,omitempty"`
}

func captureOf(e estimate.NEstimate) *captureJSON {
	out := &captureJSON{Method: string(e.Method), Low: e.Low, Runs: e.T, Distinct: e.Distinct, SampleRate: e.Rate, Why: e.Why}
	if e.OK {
		n := e.N
		out.N, out.Interval, out.Unseen = &n, &[2]float64{e.Lo, e.Hi}, e.Unseen
		out.Union = &[3]float64{100 * e.Union.Point, 100 * e.Union.Lo, 100 * e.Union.Hi}
	}
	return out
}

func seededJSON(runs []seededRun, e estimate.NEstimate) ([]seededRunJSON, *captureJSON) {
	var out []seededRunJSON
	for i, r := range runs {
		smp := r.res.Sample
		j := seededRunJSON{Seed: r.seed, StatesStored: r.res.Stored, StatesMatched: r.res.Matched, Errors: r.res.Stats.NumErrors,
			Complete: r.res.Complete(), SampledStates: smp.Len(), SampledOmissions: smp.Omitted(),
			CoverageBound: 100 * estimate.CoverageBound(smp.Len(), smp.Omitted(), smp.Rate())}
		if e.OK && r.res.Complete() {
			iv := e.Runs[i]
			p := 100 * iv.Point
			if e.Low {
				p = 100 * iv.Hi
			}
			j.Coverage = coverageJSON{Percent: &p, Method: string(e.Method), Interval: &[2]float64{100 * iv.Lo, 100 * iv.Hi}, Low: e.Low, Bound: e.Low}
		} else {
			j.Coverage = coverageJSON{Method: "no estimate"}
		}
		out = append(out, j)
	}
	return out, captureOf(e)
}
