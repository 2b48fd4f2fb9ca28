package checker

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"
)

var (
	coverTime       = flag.Bool("covertime", false, "run the randomized-search benchmark of 002 (table 2, figure 5) on the corpus and print the tables (minutes)")
	mcTable         = flag.Bool("mctable", false, "run the Monte Carlo benchmark of 004 table 5.1 on the corpus and print the table (minutes)")
	randomRuns      = flag.Int("random-runs", 10, "-covertime, -mctable: runs (seeds) per row")
	randomMax       = flag.Int64("random-max", 50000, "-covertime, -mctable: leave out models with more states")
	randomModels    = flag.String("random-models", "", "-covertime, -mctable: these models instead of the corpus (as -cachetable-models)")
	coverTimeFactor = flag.Int64("covertime-steps", 100, "-covertime: the step budget of a run, in multiples of the state space")
)

// TestCoverTime reproduces 002's table 2 in shape: for URS and SDRS with
// room for the whole state space, the mean number of steps (and seconds)
// to cover 60, 70, 80, 90 and 100% of each corpus model's states, over
// several seeds (a run that does not get there within its budget of
// steps is left out of the mean, and counted). Then its figure 5 in
// shape: the restarted searches (RURS, RSDRS, from a random kept state)
// with room for 15% of the states, the states covered after 1, 2, 5 and
// 10 times as many steps as there are states.
//
//	go test ./checker -run TestCoverTime -covertime -v -timeout 1h
func TestCoverTime(t *testing.T) {
	if !*coverTime {
		t.Skip("the randomized-search benchmark runs with -covertime")
	}
	w := os.Stderr
	levels := []float64{0.6, 0.7, 0.8, 0.9, 1}
	models := benchCorpus(strings.Fields(*randomModels), 1000, *randomMax)
	fmt.Fprintf(w, "\nmean cover time, steps (seconds), %d runs each; (k/n): only k of n runs got there within %d x states steps\n", *randomRuns, *coverTimeFactor)
	fmt.Fprintf(w, "%-24s %9s %5s", "model", "states", "")
	for _, l := range levels {
		fmt.Fprintf(w, " %20s", fmt.Sprintf("%.0f%%", 100*l))
	}
	fmt.Fprintln(w)
	for _, cm := range models {
		states := cm.full.Stored
		var milestones []int
		for _, l := range levels {
			milestones = append(milestones, int(math.Ceil(l*float64(states))))
		}
		for _, kind := range []RandomKind{URS, SDRS} {
			steps := make([][]float64, len(levels))
			secs := make([][]float64, len(levels))
			for run := range *randomRuns {
				res, err := RandomSearch(cm.m, RandomOptions{Kind: kind, MaxStates: int(states) + 1, Steps: *coverTimeFactor * states,
					Seed: uint64(run + 1), CountExact: true, MaxDepth: 1 << 20, Milestones: milestones})
				if err != nil {
					t.Fatal(err)
				}
				for i := range levels {
					if res.MilestoneSteps[i] >= 0 {
						steps[i] = append(steps[i], float64(res.MilestoneSteps[i]))
						secs[i] = append(secs[i], res.MilestoneTimes[i].Seconds())
					}
				}
			}
			fmt.Fprintf(w, "%-24s %9d %5s", cm.name, states, kind)
			for i := range levels {
				cell := "-"
				if n := len(steps[i]); n > 0 {
					cell = fmt.Sprintf("%.0f (%.3g)", mean(steps[i]), mean(secs[i]))
					if n < *randomRuns {
						cell += fmt.Sprintf(" %d/%d", n, *randomRuns)
					}
				}
				fmt.Fprintf(w, " %20s", cell)
			}
			fmt.Fprintln(w)
		}
	}
	factors := []int64{1, 2, 5, 10}
	fmt.Fprintf(w, "\nrestarted searches with room for 15%% of the states (restarts from a random kept state): states covered (%% of the space) after k x states steps, mean of %d runs\n", *randomRuns)
	fmt.Fprintf(w, "%-24s %9s %6s", "model", "states", "")
	for _, f := range factors {
		fmt.Fprintf(w, " %14s", fmt.Sprintf("k=%d", f))
	}
	fmt.Fprintln(w)
	for _, cm := range models {
		states := cm.full.Stored
		for _, kind := range []RandomKind{URS, SDRS} {
			covered := make([][]float64, len(factors))
			for run := range *randomRuns {
				res, err := RandomSearch(cm.m, RandomOptions{Kind: kind, MaxStates: int(max(2, states*15/100)), Restarts: math.MaxInt32, RestartRandom: true,
					Steps: factors[len(factors)-1]*states + 1, Seed: uint64(run + 1), CountExact: true, MaxDepth: 1 << 20, TraceEvery: states})
				if err != nil {
					t.Fatal(err)
				}
				for i, f := range factors {
					for _, p := range res.Trace {
						if p.Steps == f*states {
							covered[i] = append(covered[i], 100*float64(p.Distinct)/float64(states))
						}
					}
				}
			}
			fmt.Fprintf(w, "%-24s %9d %6s", cm.name, states, "R"+strings.ToUpper(kind.String()))
			for i := range factors {
				fmt.Fprintf(w, " %13.1f%%", mean(covered[i]))
			}
			fmt.Fprintln(w)
		}
	}
}

// TestMonteCarloTable reproduces table 5.1 of 004 in shape: for each
// corpus model and memory bounds ("coverage limits") of 3, 10, 25, 50,
// 75 and 95% of its state space, the Monte Carlo estimate against the
// coverage actually reached, over several seeds: the best, worst and mean
// deviation in percentage points and its standard deviation. The thesis
// reports a mean deviation under 10 points with σ about 5. Then the
// estimate a depth-first search stopped at the same bounds makes from
// its stack (StackEstimate), against the truth.
//
//	go test ./checker -run TestMonteCarloTable -mctable -v -timeout 1h
func TestMonteCarloTable(t *testing.T) {
	if !*mcTable {
		t.Skip("the Monte Carlo benchmark runs with -mctable")
	}
	w := os.Stderr
	limits := []float64{0.03, 0.10, 0.25, 0.50, 0.75, 0.95}
	fmt.Fprintf(w, "\nMonte Carlo estimate vs actual coverage, deviation in percentage points (best/worst/mean σ), %d seeds each\n", *randomRuns)
	fmt.Fprintf(w, "%-24s %9s", "model", "states")
	for _, l := range limits {
		fmt.Fprintf(w, " %19s", fmt.Sprintf("%.0f%%", 100*l))
	}
	fmt.Fprintln(w)
	all := make([][]float64, len(limits))
	below, runs := 0, 0
	for _, cm := range benchCorpus(strings.Fields(*randomModels), 1000, *randomMax) {
		states := cm.full.Stored
		fmt.Fprintf(w, "%-24s %9d", cm.name, states)
		for i, l := range limits {
			var devs []float64
			for run := range *randomRuns {
				res, err := MonteCarlo(cm.m, MonteCarloOptions{MaxStates: int(max(2, l*float64(states))), Seed: uint64(run + 1), MaxDepth: 1 << 20})
				if err != nil {
					t.Fatal(err)
				}
				actual := 100 * float64(res.Stored) / float64(states)
				if res.Coverage < 0 {
					continue // no estimate
				}
				devs = append(devs, math.Abs(res.Coverage-actual))
				runs++
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
	fmt.Fprintf(w, "\nthe estimate was below the actual coverage in %d of %d runs with an estimate\n", below, runs)

	// The estimate of a depth-first search stopped at the same bounds
	// (one run: the search is not random).
	fmt.Fprintf(w, "\nDFS stopped at the bound, estimate from its stack: estimate - actual, in percentage points\n")
	fmt.Fprintf(w, "%-24s %9s", "model", "states")
	for _, l := range limits {
		fmt.Fprintf(w, " %8s", fmt.Sprintf("%.0f%%", 100*l))
	}
	fmt.Fprintln(w)
	var dev []float64
	for _, cm := range benchCorpus(strings.Fields(*randomModels), 1000, *randomMax) {
		states := cm.full.Stored
		fmt.Fprintf(w, "%-24s %9d", cm.name, states)
		for _, l := range limits {
			res, err := NewDFS(cm.m, Options{MaxDepth: 1 << 20, MaxStates: int64(max(2, l*float64(states)))}).Run()
			if err != nil {
				t.Fatal(err)
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
}

// deviations is a table cell: best/worst/mean σ.
func deviations(d []float64) string {
	if len(d) == 0 {
		return "-"
	}
	lo, hi := d[0], d[0]
	for _, x := range d {
		lo, hi = min(lo, x), max(hi, x)
	}
	m := mean(d)
	var v float64
	for _, x := range d {
		v += (x - m) * (x - m)
	}
	return fmt.Sprintf("%.0f/%.0f/%.1f %.1f", lo, hi, m, math.Sqrt(v/float64(len(d))))
}

func mean(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	var s float64
	for _, v := range x {
		s += v
	}
	return s / float64(len(x))
}
