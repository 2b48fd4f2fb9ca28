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
	if _, _, ok := loadModel(path, lopts, vm.Options{NoMerge: f.noMerge}, stderr); !ok {
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
	runs, err := checker.BitstateSeries(compile, sizes, uint(f.k), f.seed, checker.Options{Budget: search.Budget{MaxDepth: f.maxDepth}, Reduce: !f.noReduce})
	if err != nil {
		fmt.Fprintf(stderr, "gmc estimate: %v\n", err)
		return exitUsage
	}
	var series []estimate.Run
	for i, r := range runs {
		series = append(series, estimate.Run{Log2Bits: sizes[i], States: float64(r.Stored)})
	}
	rows := estimate.Series(series, f.k)
	if f.json {
		writeEstimateJSON(stdout, path, f.k, rows, runs)
	} else {
		writeEstimate(stdout, path, f.k, rows, runs)
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
func writeEstimate(w io.Writer, path string, k int, rows []estimate.Row, runs []*checker.Result) {
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
		fmt.Fprintf(w, "  %-20s M ≈ %.0f, coverage %.2f%%\n", me.name, last.States/me.e.Coverage, 100*me.e.Coverage)
	}
	best, method := last.Best()
	paintEstimate.Fprintf(w, "coverage: %.2f%% (estimate: %s over %d bitstate runs, k = %d)\n", 100*best.Coverage, method, len(rows), k)
}

// estimateJSON is the --json form (docs/references.md#cli-contract).
type estimateJSON struct {
	Model       string            `json:"model"`
	K           int               `json:"k"`
	Reduced     bool              `json:"reduced"`
	Runs        []estimateRunJSON `json:"runs"`
	Fit         *fitJSON          `json:"fit"`
	Recommended recommendedJSON   `json:"recommended"`
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
	Method   string   `json:"method"`
	Coverage *float64 `json:"coverage"`
	M        *float64 `json:"M"`
}

func writeEstimateJSON(w io.Writer, path string, k int, rows []estimate.Row, runs []*checker.Result) {
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
	best, method := last.Best()
	out.Recommended.Method = string(method)
	out.Recommended.Coverage = percentJSON(best)
	if best.OK && best.Coverage > 0 {
		m := last.States / best.Coverage
		out.Recommended.M = &m
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
