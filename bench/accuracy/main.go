package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"

	"gmc/bench/internal/corpus"
	"gmc/checker"
	"gmc/estimate"
	"gmc/search"
)

// patterns is the experiment's corpus: SPIN's examples and gmc's own.
var patterns = []string{
	corpus.SPINExamples + "/Examples/*.pml",
	corpus.SPINExamples + "/Examples/Book_1991/*",
	corpus.SPINExamples + "/Exercises/*.pml",
	"examples/models/*.pml",
	"bench/models/*.pml",
}

// minStates is the least a model must have: below it, the filters of
// 2^(⌈log2 M⌉−10) bits are too small to say anything.
const minStates = 1 << 10

func main() {
	models := flag.String("models", "", "these models instead of the corpus, space-separated, each FILE or FILE:NAME=VALUE,... (#defines)")
	maxStates := flag.Int64("max", 1<<19, "leave out models with more states")
	flag.Parse()
	if err := run(strings.Fields(*models), *maxStates); err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
}

// sample is one estimate against the truth.
type sample struct {
	k      int
	method estimate.Method
	actual float64 // coverage, %
	err    float64 // |estimate − actual|, percentage points; NaN: the method failed
}

// choice labels the estimate gmc picks (estimate.Row.Best).
const choice estimate.Method = "gmc's choice"

var methods = []estimate.Method{estimate.MethodFit, estimate.MethodSimple, estimate.MethodStern, estimate.MethodDillinger, choice}

func run(args []string, maxStates int64) error {
	models, err := corpus.Select("accuracy", args, patterns, corpus.Options{MinStates: minStates, MaxStates: maxStates, KeepErrors: true}, os.Stderr)
	if err != nil {
		return err
	}
	var samples []sample
	for _, cm := range models {
		M := float64(cm.Full.Stored)
		top := int(math.Ceil(math.Log2(M)))
		for k := 1; k <= 3; k++ {
			var sizes []int
			for l := max(top-10, 3); l <= top+4; l++ {
				sizes = append(sizes, l)
			}
			results, err := checker.BitstateSeries(cm.Compile, sizes, uint(k), 0, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth}})
			if err != nil {
				return fmt.Errorf("%s: %w", cm.Name, err)
			}
			var runs []estimate.Run
			for i, r := range results {
				runs = append(runs, estimate.Run{Log2Bits: sizes[i], States: float64(r.Stored)})
			}
			for _, row := range estimate.Series(runs, k) {
				if row.Log2Bits < top-5 {
					continue
				}
				actual := 100 * row.States / M
				add := func(method estimate.Method, e estimate.Estimate) {
					s := sample{k: k, method: method, actual: actual, err: math.NaN()}
					if e.OK {
						s.err = math.Abs(100*e.Coverage - actual)
					}
					samples = append(samples, s)
				}
				add(estimate.MethodFit, row.Fit)
				add(estimate.MethodSimple, row.Simple)
				add(estimate.MethodStern, row.Stern)
				add(estimate.MethodDillinger, row.Dillinger)
				best, _ := row.Best()
				add(choice, best)
			}
		}
		fmt.Fprintf(os.Stderr, "accuracy: %s: %d states\n", cm.Name, cm.Full.Stored)
	}
	printTables(os.Stdout, len(models), samples)
	return nil
}

// printTables prints tables 2 and 3 from the samples.
func printTables(w io.Writer, models int, samples []sample) {
	fmt.Fprintf(w, "%d models, %d estimates\n\nTable 2: residual error (percentage points) by actual coverage, k = 1\n", models, len(samples))
	fmt.Fprintf(w, "%-9s %-20s %7s %7s %7s %7s %7s %7s %6s %6s\n", "act.cov", "method", "min", "1Q", "median", "3Q", "max", "mean", "n", "failed")
	for band := range 5 {
		lo, hi := float64(band*20), float64(band*20+20)
		for _, me := range methods {
			row(w, fmt.Sprintf("%.0f-%.0f", lo, hi), me, samples, func(s sample) bool {
				return s.k == 1 && s.method == me && s.actual >= lo && (s.actual < hi || hi == 100 && s.actual <= 100)
			})
		}
	}
	fmt.Fprintf(w, "\nTable 3: residual error (percentage points), all coverages\n")
	fmt.Fprintf(w, "%-9s %-20s %7s %7s %7s %7s %7s %7s %6s %6s\n", "k", "method", "min", "1Q", "median", "3Q", "max", "mean", "n", "failed")
	for _, me := range methods {
		for k := 1; k <= 3; k++ {
			row(w, fmt.Sprint(k), me, samples, func(s sample) bool { return s.k == k && s.method == me })
		}
	}
}

// row prints the distribution of the errors of the samples keep selects.
func row(w io.Writer, label string, me estimate.Method, samples []sample, keep func(sample) bool) {
	var errs []float64
	failed := 0
	for _, s := range samples {
		if !keep(s) {
			continue
		}
		if math.IsNaN(s.err) {
			failed++
			continue
		}
		errs = append(errs, s.err)
	}
	if len(errs) == 0 {
		fmt.Fprintf(w, "%-9s %-20s %7s %7s %7s %7s %7s %7s %6d %6d\n", label, me, "-", "-", "-", "-", "-", "-", 0, failed)
		return
	}
	sort.Float64s(errs)
	q := func(p float64) float64 { // linear interpolation between order statistics
		x := p * float64(len(errs)-1)
		i := int(x)
		if i+1 >= len(errs) {
			return errs[len(errs)-1]
		}
		return errs[i] + (x-float64(i))*(errs[i+1]-errs[i])
	}
	mean := 0.0
	for _, e := range errs {
		mean += e
	}
	mean /= float64(len(errs))
	fmt.Fprintf(w, "%-9s %-20s %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %6d %6d\n", label, me, errs[0], q(0.25), q(0.5), q(0.75), errs[len(errs)-1], mean, len(errs), failed)
}
