package estimate_test

import (
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"gmc/checker"
	"gmc/estimate"
	"gmc/lang"
	"gmc/search"
	"gmc/vm"
)

var accuracy = flag.Bool("accuracy", false, "run the accuracy experiment of 001 §4.2 on the corpus and print tables 2 and 3 (minutes)")

// accuracyCorpus lists the models of the experiment: SPIN's examples and
// gmc's own, those an exhaustive run finishes with 2^10 to 2^19 states.
func accuracyCorpus(t *testing.T) []string {
	var files []string
	for _, pattern := range []string{
		"/usr/share/doc/spin/examples/Examples/*.pml",
		"/usr/share/doc/spin/examples/Examples/Book_1991/*",
		"/usr/share/doc/spin/examples/Exercises/*.pml",
		"../examples/models/*.pml",
		"../bench/models/*.pml",
	} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	return files
}

func compile(path string) (*vm.Model, error) {
	spec, diags := lang.Load(path, nil)
	if diags.ErrorCount() > 0 {
		return nil, diags
	}
	return vm.Compile(spec, vm.Options{})
}

// exhaustive is the model's reachable state count, or 0 when the model
// is not usable (rejected, too small or too large, or the search does
// not finish).
func exhaustive(path string) int64 {
	m, err := compile(path)
	if err != nil {
		return 0
	}
	res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxStates: 1 << 19, MaxDepth: 1 << 20}}).Run()
	if err != nil || !res.Complete() || res.Stored < 1<<10 {
		return 0
	}
	return res.Stored
}

// sample is one estimate against the truth.
type sample struct {
	k      int
	method estimate.Method
	actual float64 // coverage, %
	err    float64 // |estimate − actual|, percentage points; NaN: the method failed
}

// TestAccuracy runs 001's experiment: for each corpus model with M
// states, bitstate runs with 2^(⌈log2 M⌉−10) to 2^(⌈log2 M⌉+4) bits (the
// smaller ones only feed the fits and the simple formula), k = 1, 2, 3,
// and the residual error of every method on the runs from ⌈log2 M⌉−5 up,
// by band of actual coverage (table 2) and overall (table 3).
func TestAccuracy(t *testing.T) {
	if !*accuracy {
		t.Skip("the accuracy experiment runs with -accuracy (go test ./estimate -run TestAccuracy -accuracy -v -timeout 1h)")
	}
	var models []string
	var sizes []int64
	for _, path := range accuracyCorpus(t) {
		if n := exhaustive(path); n > 0 {
			models = append(models, path)
			sizes = append(sizes, n)
		}
	}
	if len(models) == 0 {
		t.Skip("no corpus (SPIN's examples are not installed)")
	}
	var samples []sample
	for mi, path := range models {
		M := float64(sizes[mi])
		top := int(math.Ceil(math.Log2(M)))
		for k := 1; k <= 3; k++ {
			lo, hi := max(top-10, 3), top+4
			var sizes []int
			for l := lo; l <= hi; l++ {
				sizes = append(sizes, l)
			}
			results, err := checker.BitstateSeries(func() (*vm.Model, error) { return compile(path) }, sizes, uint(k), 0, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20}})
			if err != nil {
				t.Fatal(err)
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
				add("gmc's choice", best)
			}
		}
		t.Logf("%s: %d states", filepath.Base(path), sizes[mi])
	}
	methods := []estimate.Method{estimate.MethodFit, estimate.MethodSimple, estimate.MethodStern, estimate.MethodDillinger, "gmc's choice"}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%d models, %d estimates\n\nTable 2: residual error (percentage points) by actual coverage, k = 1\n", len(models), len(samples))
	fmt.Fprintf(&b, "%-9s %-20s %7s %7s %7s %7s %7s %7s %6s %6s\n", "act.cov", "method", "min", "1Q", "median", "3Q", "max", "mean", "n", "failed")
	for band := 0; band < 5; band++ {
		lo, hi := float64(band*20), float64(band*20+20)
		for _, me := range methods {
			row(&b, fmt.Sprintf("%.0f-%.0f", lo, hi), me, samples, func(s sample) bool {
				return s.k == 1 && s.method == me && s.actual >= lo && (s.actual < hi || hi == 100 && s.actual <= 100)
			})
		}
	}
	fmt.Fprintf(&b, "\nTable 3: residual error (percentage points), all coverages\n")
	fmt.Fprintf(&b, "%-9s %-20s %7s %7s %7s %7s %7s %7s %6s %6s\n", "k", "method", "min", "1Q", "median", "3Q", "max", "mean", "n", "failed")
	for _, me := range methods {
		for k := 1; k <= 3; k++ {
			row(&b, fmt.Sprint(k), me, samples, func(s sample) bool { return s.k == k && s.method == me })
		}
	}
	t.Log(b.String())
	fmt.Fprintln(os.Stderr, b.String())
}

// row prints the distribution of the errors of the samples keep selects.
func row(b *strings.Builder, label string, me estimate.Method, samples []sample, keep func(sample) bool) {
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
		fmt.Fprintf(b, "%-9s %-20s %7s %7s %7s %7s %7s %7s %6d %6d\n", label, me, "-", "-", "-", "-", "-", "-", 0, failed)
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
	fmt.Fprintf(b, "%-9s %-20s %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f %6d %6d\n", label, me, errs[0], q(0.25), q(0.5), q(0.75), errs[len(errs)-1], mean, len(errs), failed)
}
