package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"

	"gmc/bench/internal/corpus"
	"gmc/checker"
	"gmc/random"
	"gmc/search"
)

func main() {
	models := flag.String("models", "", "these models instead of the corpus, space-separated, each FILE or FILE:NAME=VALUE,... (#defines)")
	maxStates := flag.Int64("max", 50000, "leave out models with more states")
	runs := flag.Int("runs", 10, "Monte Carlo runs (seeds 1..runs) per cell")
	flag.Parse()
	if *runs < 1 {
		fmt.Fprintln(os.Stderr, "mctable: -runs must be at least 1")
		os.Exit(2)
	}
	if err := run(strings.Fields(*models), *maxStates, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "mctable:", err)
		os.Exit(1)
	}
}

// limits are table 5.1's coverage limits: the memory bound, as a share of
// the model's states.
var limits = []float64{0.03, 0.10, 0.25, 0.50, 0.75, 0.95}

// bound is the state bound of a search at limit l of a model of the
// given states: at least 2, the least a Monte Carlo search takes.
func bound(l float64, states int64) int64 { return int64(max(2, l*float64(states))) }

func run(args []string, maxStates int64, runs int) error {
	models, err := corpus.Select("mctable", args, corpus.Default, corpus.Options{MinStates: 1000, MaxStates: maxStates}, os.Stderr)
	if err != nil {
		return err
	}
	w := os.Stdout
	fmt.Fprintf(w, "Monte Carlo estimate vs actual coverage, deviation in percentage points (best/worst/mean σ), %d seeds each\n", runs)
	fmt.Fprintf(w, "%-24s %9s", "model", "states")
	for _, l := range limits {
		fmt.Fprintf(w, " %19s", fmt.Sprintf("%.0f%%", 100*l))
	}
	fmt.Fprintln(w)
	all := make([][]float64, len(limits))
	below, estimated := 0, 0
	for _, cm := range models {
		states := cm.Full.Stored
		fmt.Fprintf(w, "%-24s %9d", cm.Name, states)
		for i, l := range limits {
			var devs []float64
			for run := range runs {
				res, err := random.MonteCarlo(cm.M, random.MonteCarloOptions{
					Budget: search.Budget{MaxDepth: corpus.MaxDepth, MaxStates: bound(l, states)},
					Seed:   uint64(run + 1),
				})
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				if res.Coverage < 0 {
					continue // no estimate (res.NoEstimate says why)
				}
				actual := 100 * float64(res.Stored) / float64(states)
				devs = append(devs, math.Abs(res.Coverage-actual))
				estimated++
				if res.Coverage < actual {
					below++
				}
			}
			all[i] = append(all[i], devs...)
			fmt.Fprintf(w, " %19s", deviations(devs))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "%-24s %9s", "all models", "")
	for i := range limits {
		fmt.Fprintf(w, " %19s", deviations(all[i]))
	}
	fmt.Fprintf(w, "\nthe estimate was below the actual coverage in %d of %d runs with an estimate\n", below, estimated)

	// The estimate of a depth-first search stopped at the same bounds
	// (one run: the search is not random).
	fmt.Fprintf(w, "\nDFS stopped at the bound, estimate from its stack: estimate - actual, in percentage points\n")
	fmt.Fprintf(w, "%-24s %9s", "model", "states")
	for _, l := range limits {
		fmt.Fprintf(w, " %8s", fmt.Sprintf("%.0f%%", 100*l))
	}
	fmt.Fprintln(w)
	var dev []float64
	for _, cm := range models {
		states := cm.Full.Stored
		fmt.Fprintf(w, "%-24s %9d", cm.Name, states)
		for _, l := range limits {
			res, err := checker.NewDFS(cm.M, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth, MaxStates: bound(l, states)}}).Run()
			if err != nil {
				return fmt.Errorf("%s: %w", cm.Name, err)
			}
			if res.Estimate == nil {
				fmt.Fprintf(w, " %8s", "-")
				continue
			}
			d := res.Estimate.Percent - 100*float64(res.Stored)/float64(states)
			dev = append(dev, math.Abs(d))
			fmt.Fprintf(w, " %+8.1f", d)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "all: |deviation| %s (best/worst/mean σ)\n", deviations(dev))
	return nil
}

// deviations is a table cell: best/worst/mean σ of the deviations d, "-"
// for none.
func deviations(d []float64) string {
	if len(d) == 0 {
		return "-"
	}
	lo, hi := d[0], d[0]
	var sum float64
	for _, x := range d {
		lo, hi = min(lo, x), max(hi, x)
		sum += x
	}
	m := sum / float64(len(d))
	var v float64
	for _, x := range d {
		v += (x - m) * (x - m)
	}
	return fmt.Sprintf("%.0f/%.0f/%.1f %.1f", lo, hi, m, math.Sqrt(v/float64(len(d))))
}
