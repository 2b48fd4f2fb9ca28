package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"

	"gmc/bench/internal/corpus"
	"gmc/random"
	"gmc/search"
)

func main() {
	models := flag.String("models", "", "these models instead of the corpus, space-separated, each FILE or FILE:NAME=VALUE,... (#defines)")
	maxStates := flag.Int64("max", 50000, "leave out models with more states")
	runs := flag.Int("runs", 10, "runs (seeds 1..runs) per row")
	steps := flag.Int64("steps", 100, "the step budget of a cover-time run, in multiples of the state space")
	flag.Parse()
	if *runs < 1 || *steps < 1 {
		fmt.Fprintln(os.Stderr, "covertime: -runs and -steps must be at least 1")
		os.Exit(2)
	}
	if err := run(strings.Fields(*models), *maxStates, *runs, *steps); err != nil {
		fmt.Fprintln(os.Stderr, "covertime:", err)
		os.Exit(1)
	}
}

var (
	levels  = []float64{0.6, 0.7, 0.8, 0.9, 1} // table 2's columns
	factors = []int64{1, 2, 5, 10}             // figure 5's points, in steps per state
)

func run(args []string, maxStates int64, runs int, stepFactor int64) error {
	models, err := corpus.Select("covertime", args, corpus.Default, corpus.Options{MinStates: 1000, MaxStates: maxStates}, os.Stderr)
	if err != nil {
		return err
	}
	w := os.Stdout
	fmt.Fprintf(w, "mean cover time, steps (seconds), %d runs each; (k/n): only k of n runs got there within %d x states steps\n", runs, stepFactor)
	fmt.Fprintf(w, "%-24s %9s %5s", "model", "states", "")
	for _, l := range levels {
		fmt.Fprintf(w, " %20s", fmt.Sprintf("%.0f%%", 100*l))
	}
	fmt.Fprintln(w)
	for _, cm := range models {
		states := cm.Full.Stored
		var milestones []int
		for _, l := range levels {
			milestones = append(milestones, int(math.Ceil(l*float64(states))))
		}
		for _, kind := range []random.Kind{random.URS, random.SDRS} {
			steps := make([][]float64, len(levels))
			secs := make([][]float64, len(levels))
			for run := range runs {
				res, err := random.Search(cm.M, random.Options{
					Budget: search.Budget{MaxDepth: corpus.MaxDepth},
					Kind:   kind, Keep: int(states) + 1, Steps: stepFactor * states,
					Seed: uint64(run + 1), CountExact: true, Milestones: milestones,
				})
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				for i := range levels {
					if res.MilestoneSteps[i] >= 0 {
						steps[i] = append(steps[i], float64(res.MilestoneSteps[i]))
						secs[i] = append(secs[i], res.MilestoneTimes[i].Seconds())
					}
				}
			}
			fmt.Fprintf(w, "%-24s %9d %5s", cm.Name, states, kind)
			for i := range levels {
				cell := "-"
				if n := len(steps[i]); n > 0 {
					cell = fmt.Sprintf("%.0f (%.3g)", mean(steps[i]), mean(secs[i]))
					if n < runs {
						cell += fmt.Sprintf(" %d/%d", n, runs)
					}
				}
				fmt.Fprintf(w, " %20s", cell)
			}
			fmt.Fprintln(w)
		}
	}

	fmt.Fprintf(w, "\nrestarted searches with room for 15%% of the states (restarts from a random kept state): states covered (%% of the space) after k x states steps, mean of %d runs\n", runs)
	fmt.Fprintf(w, "%-24s %9s %6s", "model", "states", "")
	for _, f := range factors {
		fmt.Fprintf(w, " %14s", fmt.Sprintf("k=%d", f))
	}
	fmt.Fprintln(w)
	for _, cm := range models {
		states := cm.Full.Stored
		for _, kind := range []random.Kind{random.URS, random.SDRS} {
			covered := make([][]float64, len(factors))
			for run := range runs {
				res, err := random.Search(cm.M, random.Options{
					Budget: search.Budget{MaxDepth: corpus.MaxDepth},
					Kind:   kind, Keep: int(max(2, states*15/100)), Restarts: math.MaxInt32, RestartRandom: true,
					Steps: factors[len(factors)-1]*states + 1, Seed: uint64(run + 1), CountExact: true, TraceEvery: states,
				})
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				for i, f := range factors {
					for _, p := range res.Trace {
						if p.Steps == f*states {
							covered[i] = append(covered[i], 100*float64(p.Distinct)/float64(states))
						}
					}
				}
			}
			fmt.Fprintf(w, "%-24s %9d %6s", cm.Name, states, "R"+strings.ToUpper(kind.String()))
			for i := range factors {
				fmt.Fprintf(w, " %13.1f%%", mean(covered[i]))
			}
			fmt.Fprintln(w)
		}
	}
	return nil
}

// mean is the mean of x; NaN for none (printed as such: no run got there).
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
