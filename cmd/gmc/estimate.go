package main

import (
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gmc/checker"
	"gmc/estimate"
	"gmc/internal/atomicfile"
	"gmc/lang"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

func init() {
	register(&command{name: "estimate", summary: "bitstate runs over filter sizes; estimate the coverage (growth curve)", run: runEstimate})
}

type estimateFlags struct {
	k        int
	sizes    string
	seed     uint64
	runs     int
	maxDepth int
	noMerge  bool
	noReduce bool
	json     bool
	plot     string
}

func runEstimate(args []string, stdout, stderr io.Writer) int {
	var f estimateFlags
	fs := newFlags("estimate", "gmc estimate [flags] MODEL.pml",
		"gmc estimate --k 1 --sizes 15..24 examples/models/philosophers.pml", stderr)
	fs.IntVar(&f.k, "k", 1, "`K` hash functions per run (1 estimates best, 001 §4.2)")
	fs.StringVar(&f.sizes, "sizes", "15..24", "filter sizes: log2 of the bits, `A..B` or a list A,B,C")
	fs.Uint64Var(&f.seed, "seed", 0, "seed `S` of the hash functions")
	fs.IntVar(&f.runs, "runs", 4, "`T` runs at the largest size with independent seeds (the series' run and T-1 more), whose samples of states capture-recapture compares (1: none)")
	fs.IntVar(&f.maxDepth, "m", 10000, "depth bound of each run")
	fs.BoolVar(&f.noMerge, "no-merge", false, "turn statement merging off (as spin -o3)")
	fs.BoolVar(&f.noReduce, "no-reduce", false, "no partial-order reduction (as pan built with -DNOREDUCE): the runs, and the M estimated, count every state instead of the reduced search's")
	fs.BoolVar(&f.json, "json", false, "print the result as one JSON object")
	fs.StringVar(&f.plot, "plot", "", "draw the runs and the fitted curve to `FILE`.svg or FILE.png")
	lopts := defineFlag(fs)
	models, err := parseFlags(fs, args, "mk", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(models) != 1 {
		fs.Usage()
		return exitUsage
	}
	sizes, err := parseSizes(f.sizes)
	if err == nil && (f.k < 1 || f.k > 32) {
		err = fmt.Errorf("--k %d: want 1 to 32 hash functions", f.k)
	}
	if err == nil && (f.runs < 1 || f.runs > sample.MaxRuns) {
		err = fmt.Errorf("--runs %d: want 1 to %d runs", f.runs, sample.MaxRuns)
	}
	var plotFormat string
	if err == nil && f.plot != "" {
		plotFormat = strings.TrimPrefix(strings.ToLower(filepath.Ext(f.plot)), ".")
		if !slices.Contains(estimate.PlotFormats, plotFormat) {
			err = fmt.Errorf("--plot %s: want a file name ending in .svg or .png", f.plot)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "gmc estimate: %v\n", err)
		return exitUsage
	}
	path := models[0]
	if _, m, ok := loadModel(path, lopts, vm.Options{NoMerge: f.noMerge}, stderr); !ok || !verifiable(m, stderr) {
		return exitUsage
	}
	compile := func() (*vm.Model, error) {
		spec, diags := lang.Load(path, lopts)
		if diags.ErrorCount() > 0 {
			return nil, diags
		}
		return vm.Compile(spec, vm.Options{NoMerge: f.noMerge})
	}
	// Each run goes on past errors, so that N counts the states the
	// filter let the search reach.
	opts := checker.Options{Budget: search.Budget{MaxDepth: f.maxDepth}, Reduce: !f.noReduce}
	runs, err := checker.BitstateSeries(compile, sizes, uint(f.k), f.seed, opts)
	if err != nil {
		fmt.Fprintf(stderr, "gmc estimate: %v\n", err)
		return exitUsage
	}
	// topRuns runs n more searches with a filter of the series' largest
	// size, the i-th with the hash functions and seed that filter(i) gives.
	topRuns := func(n int, filter func(i int) (k uint, seed uint64)) ([]*checker.Result, error) {
		stores := make([]store.Store, n)
		for i := range stores {
			k, seed := filter(i)
			bits, err := store.NewBitstate(uint(sizes[len(sizes)-1]), k, seed)
			if err != nil {
				return nil, err
			}
			stores[i] = bits
		}
		return checker.Runs(compile, stores, opts)
	}
	// More runs at the largest size, with the seeds that follow --seed:
	// with the series' own, capture–recapture compares their samples.
	top := runs[len(runs)-1]
	seeded := []*checker.Result{top}
	if f.runs > 1 {
		seeds := checker.RunSeeds(f.seed, f.runs)[1:]
		more, err := topRuns(len(seeds), func(i int) (uint, uint64) { return uint(f.k), seeds[i] })
		if err != nil {
			fmt.Fprintf(stderr, "gmc estimate: %v\n", err)
			return exitUsage
		}
		seeded = append(seeded, more...)
	}
	capture := captureEstimates(seeded)
	var series []estimate.Run
	for i, r := range runs {
		series = append(series, estimate.Run{Log2Bits: sizes[i], States: float64(r.Stored)})
	}
	rows := estimate.Series(series, f.k)
	cov := recommended(rows[len(rows)-1], capture, f.k, len(rows))
	var sc *structureCheck
	if f.k == 1 && !cov.Bound {
		// 001 §5: runs with k = 2, 3 of the same size, whatever the
		// figure (chains cut by collisions made one run of chain.pml
		// agree with its seeded runs on 38% where the truth is 2.4%)
		more, err := topRuns(2, func(i int) (uint, uint64) { return uint(2 + i), f.seed })
		if err != nil {
			fmt.Fprintf(stderr, "gmc estimate: %v\n", err)
			return exitUsage
		}
		sc = checkStructure(seeded, more, capture, cov)
		if sc.warn {
			cov = sc.cov
		}
	}
	if f.json {
		writeEstimateJSON(stdout, path, f.k, rows, runs, capture, cov, sc)
	} else {
		writeEstimate(stdout, path, f.k, rows, runs, capture, cov, sc)
	}
	if f.plot != "" {
		// After the table: the runs are not lost when the file cannot
		// be written.
		img, err := estimate.Plot(rows, f.k, filepath.Base(path), plotFormat)
		if err == nil {
			err = atomicfile.Write(f.plot, img)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gmc estimate: --plot: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}

// parseSizes reads A..B or A,B,C (log2 of filter sizes), in increasing order.
func parseSizes(s string) ([]int, error) {
	var out []int
	bad := fmt.Errorf("--sizes %q: want A..B or A,B,C with 3 <= A < B <= %d", s, store.MaxBitstateLog2)
	if a, b, ok := strings.Cut(s, ".."); ok {
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || lo > hi {
			return nil, bad
		}
		for l := lo; l <= hi; l++ {
			out = append(out, l)
		}
	} else {
		for _, f := range strings.Split(s, ",") {
			l, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				return nil, bad
			}
			if len(out) > 0 && l <= out[len(out)-1] {
				return nil, bad
			}
			out = append(out, l)
		}
	}
	if len(out) == 0 || out[0] < 3 || out[len(out)-1] > store.MaxBitstateLog2 {
		return nil, bad
	}
	return out, nil
}

func pct(e estimate.Estimate) string {
	if !e.OK {
		return "failed"
	}
	return fmt.Sprintf("%.2f", 100*e.Coverage)
}

// writeEstimate prints the table of runs and estimates, then M and the
// coverage of the largest run by each method.
func writeEstimate(w io.Writer, path string, k int, rows []estimate.Row, runs []*checker.Result, capture []estimate.NEstimate, cov estimate.Coverage, sc *structureCheck) {
	paintHeading.Fprintf(w, "bitstate runs of %s with k = %d (coverages in %%)\n", path, k)
	if runs[0].Reduced {
		fmt.Fprintln(w, "the states counted are those of the search reduced by partial order, as pan's default build stores them (--no-reduce: all of them)")
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%3s %12s %10s %8s %9s %9s %9s %12s %6s %6s\n",
		"l", "N", "m/N", "Stern", "Dillinger", "simple", "fit", "M (fit)", "r", "R²")
	for i, r := range rows {
		simple := pct(r.Simple)
		if r.Simple.OK && r.SimpleGap > 1 {
			simple += fmt.Sprintf("(n%d)", r.SimpleGap)
		}
		fitM, fitR, fitR2 := "-", "-", "-"
		if c := r.Curve; c != nil {
			fitM = fmt.Sprintf("%.0f", c.M)
			fitR = fmt.Sprintf("%.3f", c.R)
			if c.FixedR {
				fitR = "ln2"
			}
			fitR2 = fmt.Sprintf("%.4f", c.R2)
		}
		note := ""
		switch runs[i].Stats.NumErrors {
		case 0:
		case 1:
			note = "1 error"
		default:
			note = fmt.Sprintf("%d errors", runs[i].Stats.NumErrors)
		}
		if !runs[i].Complete() {
			note = strings.TrimSpace(note + " incomplete: " + runs[i].Stop.String())
		}
		line := fmt.Sprintf("%3d %12.0f %10.4g %8s %9s %9s %9s %12s %6s %6s %s",
			r.Log2Bits, r.States, r.HashFactor, pct(r.Stern), pct(r.Dillinger), simple, pct(r.Fit), fitM, fitR, fitR2, note)
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	last := rows[len(rows)-1]
	paintHeading.Fprintf(w, "\nlargest run: 2^%d bits, %.0f states. Reachable states M and its coverage, by method:\n", last.Log2Bits, last.States)
	for _, me := range []struct {
		name estimate.Method
		e    estimate.Estimate
	}{
		{estimate.MethodStern, last.Stern},
		{estimate.MethodDillinger, last.Dillinger},
		{estimate.MethodSimple, last.Simple},
		{estimate.MethodFit, last.Fit},
	} {
		if !me.e.OK || me.e.Coverage == 0 {
			fmt.Fprintf(w, "  %-20s failed\n", me.name)
			continue
		}
		fmt.Fprintf(w, "  %-32s M ≈ %.0f, coverage %.2f%%\n", me.name, last.States/me.e.Coverage, 100*me.e.Coverage)
	}
	for i, e := range capture {
		mark := ""
		if i == 0 {
			mark = "  (recommended: the most accurate, docs/estimates.md)"
		}
		switch {
		case !e.OK:
			fmt.Fprintf(w, "  %-32s failed: %s%s\n", e.Method, e.Why, mark)
		case e.Low:
			fmt.Fprintf(w, "  %-32s M ≥ %.0f, coverage low: at most %.2f%%%s\n", e.Method, e.Lo, 100*e.Runs[0].Hi, mark)
		default:
			r := e.Runs[0]
			fmt.Fprintf(w, "  %-32s M ≈ %.0f (%.0f–%.0f), coverage %.2f%% (%.2f–%.2f%%)%s\n", e.Method, e.N, e.Lo, e.Hi, 100*r.Point, 100*r.Lo, 100*r.Hi, mark)
		}
	}
	if len(capture) > 0 && capture[0].OK {
		e := capture[0]
		fmt.Fprintf(w, "capture-recapture over %d runs of 2^%d bits with independent seeds (this one first): coverage", e.T, last.Log2Bits)
		for _, r := range e.Runs {
			fmt.Fprintf(w, " %.2f%%", 100*r.Point)
		}
		fmt.Fprintf(w, "; their union %.2f%% (%.2f–%.2f%%)\n", 100*e.Union.Point, 100*e.Union.Lo, 100*e.Union.Hi)
	}
	if sc != nil {
		fmt.Fprintf(w, "structure check (001 §5): runs of 2^%d bits with k = 2, 3 stored %d and %d states; they reached %d sampled states no k = 1 run reached, the estimate allows %.0f\n",
			last.Log2Bits, sc.stored[0], sc.stored[1], sc.new, sc.allowed)
		if sc.warn {
			paintEstimate.Fprintf(w, "warning: %s\n", sc.why)
		}
	}
	paintEstimate.Fprintf(w, "coverage: %.4g%% (%s)\n", cov.Percent, cov.Method)
}

// captureEstimates are the capture–recapture estimates over the seeded
// runs at the largest size, the recommended method first (none with one
// run).
func captureEstimates(runs []*checker.Result) []estimate.NEstimate {
	if len(runs) < 2 {
		return nil
	}
	var samples []*sample.Sample
	for _, r := range runs {
		samples = append(samples, r.Sample)
	}
	return []estimate.NEstimate{
		estimate.CaptureSamples(samples, estimate.Recommended),
		estimate.CaptureSamples(samples, estimate.MethodChao),
	}
}

// recommended is the coverage of the largest run gmc estimate reports:
// capture–recapture when it could estimate (the best measured,
// docs/estimates.md), "low" with its bound when the runs saw too little;
// else the best of the paper's methods (estimate.Row.Best).
func recommended(last estimate.Row, capture []estimate.NEstimate, k, runs int) estimate.Coverage {
	if len(capture) > 0 && capture[0].OK {
		e := capture[0]
		r := e.Runs[0]
		iv := []float64{100 * r.Lo, 100 * r.Hi}
		if e.Low {
			return estimate.Coverage{Percent: 100 * r.Hi, Bound: true, Low: true, Interval: iv, Method: fmt.Sprintf(
				"low, at most: %d seeded runs of 2^%d bits never reached about %.0f%% of the states, too many for a point (95%% interval %.4g–%.4g%%, M ≥ %.0f by %s); use larger filters",
				e.T, last.Log2Bits, 100*e.Unseen, iv[0], iv[1], e.Lo, e.Method)}
		}
		return estimate.Coverage{Percent: 100 * r.Point, Interval: iv, Method: fmt.Sprintf(
			"estimate: %s over %d seeded runs of 2^%d bits, 95%% interval %.4g–%.4g%%, M ≈ %.0f",
			e.Method, e.T, last.Log2Bits, iv[0], iv[1], e.N)}
	}
	best, method := last.Best()
	return estimate.Coverage{Percent: 100 * best.Coverage, Method: fmt.Sprintf("estimate: %s over %d bitstate runs, k = %d", method, runs, k)}
}

// estimateJSON is the --json form (docs/references.md#cli-contract).
type estimateJSON struct {
	Model       string            `json:"model"`
	K           int               `json:"k"`
	Reduced     bool              `json:"reduced"`
	Runs        []estimateRunJSON `json:"runs"`
	Fit         *fitJSON          `json:"fit"`
	Recommended recommendedJSON   `json:"recommended"`
	// Capture is the capture–recapture estimates over the seeded runs at
	// the largest size (--runs), the recommended first.
	Capture   []*captureJSON `json:"capture"`
	Structure *structureJSON `json:"structure_check,omitempty"`
}

type estimateRunJSON struct {
	Log2Bits   int      `json:"log2_bits"`
	States     int64    `json:"states"`
	Errors     int64    `json:"errors"`
	Complete   bool     `json:"complete"`
	HashFactor float64  `json:"hash_factor"`
	Stern      *float64 `json:"stern"`
	Dillinger  *float64 `json:"dillinger"`
	Simple     *float64 `json:"simple"`
	Fit        *float64 `json:"fit"`
}

type fitJSON struct {
	M      float64 `json:"M"`
	R      float64 `json:"r"`
	C      float64 `json:"C"`
	R2     float64 `json:"r2"`
	FixedR bool    `json:"r_fixed"`
}

type recommendedJSON struct {
	Method   string      `json:"method"`
	Coverage *float64    `json:"coverage"`
	M        *float64    `json:"M"`
	Interval *[2]float64 `json:"interval"` // of the coverage, percent; null when none
	Low      bool        `json:"low"`      // too little data for a point: coverage is the interval's upper end
	// Bound: coverage is an upper bound (the structure check failed:
	// Warning says why).
	Bound   bool   `json:"bound,omitempty"`
	Warning string `json:"warning,omitempty"`
}

// structureJSON is the structure check of 001 §5 (null when it did not
// run: k > 1, or the figure was already a bound).
type structureJSON struct {
	Stored  [2]int64 `json:"stored_k2_k3"`
	New     int      `json:"new_sampled_states"`
	Allowed float64  `json:"allowed"`
	Warning string   `json:"warning,omitempty"`
}

func writeEstimateJSON(w io.Writer, path string, k int, rows []estimate.Row, runs []*checker.Result, capture []estimate.NEstimate, cov estimate.Coverage, sc *structureCheck) {
	out := estimateJSON{Model: path, K: k, Reduced: runs[0].Reduced}
	for i, r := range rows {
		out.Runs = append(out.Runs, estimateRunJSON{Log2Bits: r.Log2Bits, States: runs[i].Stored,
			Errors: runs[i].Stats.NumErrors, Complete: runs[i].Complete(), HashFactor: finite(r.HashFactor),
			Stern: percentJSON(r.Stern), Dillinger: percentJSON(r.Dillinger), Simple: percentJSON(r.Simple), Fit: percentJSON(r.Fit)})
	}
	last := rows[len(rows)-1]
	if c := last.Curve; c != nil {
		out.Fit = &fitJSON{M: c.M, R: c.R, C: finite(c.C), R2: c.R2, FixedR: c.FixedR}
	}
	out.Capture = []*captureJSON{}
	for _, e := range capture {
		out.Capture = append(out.Capture, captureOf(e))
	}
	if sc != nil {
		out.Structure = &structureJSON{Stored: sc.stored, New: sc.new, Allowed: sc.allowed, Warning: sc.why}
	}
	switch {
	case sc != nil && sc.warn:
		out.Recommended = recommendedJSON{Method: string(capture[0].Method), Coverage: &cov.Percent, Bound: true, Warning: sc.why}
	case len(capture) > 0 && capture[0].OK:
		e := capture[0]
		n := e.N
		out.Recommended = recommendedJSON{Method: string(e.Method), Coverage: &cov.Percent, M: &n,
			Interval: &[2]float64{cov.Interval[0], cov.Interval[1]}, Low: cov.Low}
	default:
		best, method := last.Best()
		out.Recommended.Method = string(method)
		out.Recommended.Coverage = percentJSON(best)
		if best.OK && best.Coverage > 0 {
			m := last.States / best.Coverage
			out.Recommended.M = &m
		}
	}
	writeJSONDocument(w, out)
}

// finite keeps JSON encodable: infinities become the largest float.
func finite(x float64) float64 {
	if math.IsInf(x, 1) {
		return math.MaxFloat64
	}
	return x
}

// structureCheck is 001 §5's check of a k = 1 estimate: in a state space
// with long chains, one hash collision on a chain cuts off all that lies
// past it, and k = 1 runs stop early, at places that depend on their
// seeds; runs that stop at about the same depth agree with each other on
// what they saw, and capture–recapture takes the states none of them
// reached for a few (001 §5 has the estimate at 100%; chain.pml's seeded
// runs agreed on 38% where the truth is 2.4%). With k = 2 or 3 a
// collision is rarer, and runs of the same size go further. If they
// reach more states that no k = 1 run reached than the estimate's
// interval allows for, the estimate is wrong.
type structureCheck struct {
	stored  [2]int64 // the k = 2, 3 runs' states
	new     int      // sampled states they reached that no k = 1 run did
	allowed float64  // the unseen sampled states the estimate's interval allows
	warn    bool
	why     string
	cov     estimate.Coverage // the coverage to print instead (warn)
}

// checkStructure compares the k = 1 runs (the largest of the series
// first) with the k = 2 and 3 runs of the same size (more).
func checkStructure(k1, more []*checker.Result, capture []estimate.NEstimate, cov estimate.Coverage) *structureCheck {
	sc := &structureCheck{stored: [2]int64{more[0].Stored, more[1].Stored}}
	var samples []*sample.Sample
	for _, r := range append(append([]*checker.Result(nil), k1...), more...) {
		samples = append(samples, r.Sample)
	}
	c, err := sample.CombineReached(samples)
	if err != nil {
		return sc
	}
	mask := uint64(1)<<uint(len(k1)) - 1
	reached := 0
	for _, h := range c.Histories {
		if h&mask == 0 {
			sc.new++
		} else {
			reached++
		}
	}
	if len(capture) > 0 && capture[0].OK {
		e := capture[0]
		// the interval's upper end of the sampled population, at the
		// common rate, less what the k = 1 runs reached
		sc.allowed = max(e.Hi*c.Rate-float64(reached), 0)
	}
	if float64(sc.new) <= sc.allowed {
		return sc
	}
	found := c.Found[0]
	bound := 100 * estimate.CoverageBound(found, c.Distinct()-found, c.Rate)
	sc.warn = true
	sc.why = fmt.Sprintf("the k = 1 estimate is %.4g%%, yet runs with k = 2, 3 of the same size reached %d sampled states that no k = 1 run reached, more than its interval allows (%.0f): the state space may have long chains that one hash function does not pass (001 §5), and the estimate is not to be trusted",
		cov.Percent, sc.new, sc.allowed)
	sc.cov = estimate.Coverage{Percent: bound, Bound: true, Method: fmt.Sprintf(
		"at most: the largest k = 1 run's share of the states all the runs reached; %s; the coverage may be much lower: run gmc estimate with --k 3, or larger filters", sc.why)}
	return sc
}
