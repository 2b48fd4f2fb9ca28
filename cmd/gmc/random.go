package main

import (
	"fmt"
	"io"
	"time"

	"gmc/checker"
	"gmc/estimate"
	"gmc/internal/hll"
	"gmc/lang"
	"gmc/random"
	"gmc/search"
	"gmc/vm"
)

// randomFlags are gmc run's flags for the searches other than the DFS
// (--search urs|sdrs|rw|mc).
type randomFlags struct {
	search     string
	steps      int64
	restarts   int
	restart    string
	time       time.Duration
	countExact bool
	split      float64
}

// searchKinds are --search's values.
var searchKinds = map[string]string{
	"dfs":  "the exhaustive depth-first search (pan's)",
	"bfs":  "the exhaustive breadth-first search (pan -DBFS's): the shortest error trail",
	"urs":  "uniform random search (002): a kept state uniformly, then one of its moves",
	"sdrs": "simplified deep random search (002): a random walk going on from a kept state at a dead end",
	"rw":   "random walk: from the initial state again at a dead end",
	"mc":   "Monte Carlo search (004 ch. 5): breadth-first, then depth-first samples, and an estimate of the coverage",
}

// randomSearch runs a randomized or Monte Carlo search of m and reports
// it; it returns the exit code.
func randomSearch(m *vm.Model, path string, lopts *lang.Options, vmOpts vm.Options, f runFlags, rf randomFlags, opts checker.Options, stdout, stderr io.Writer) int {
	states, err := stateBound(m, f, opts)
	if err != nil {
		fmt.Fprintf(stderr, "gmc run: %v\n", err)
		return exitUsage
	}
	var res *checker.Result
	var rres *random.Result
	var mres *random.MonteCarloResult
	if rf.search == "mc" {
		mres, err = random.MonteCarlo(m, random.MonteCarloOptions{Split: rf.split, Seed: f.seed,
			Budget: search.Budget{MaxStates: int64(states), MaxDepth: f.maxDepth, MaxErrors: f.maxErrors, Time: rf.time, Interrupt: opts.Interrupt}})
		if mres != nil {
			res = &mres.Result
		}
	} else {
		kind := map[string]random.Kind{"urs": random.URS, "sdrs": random.SDRS, "rw": random.RW}[rf.search]
		rres, err = random.Search(m, random.Options{Kind: kind, Keep: states, Steps: rf.steps,
			Restarts: rf.restarts, RestartRandom: rf.restart == "random", Seed: f.seed, CountExact: rf.countExact,
			Budget: search.Budget{MaxDepth: f.maxDepth, MaxErrors: f.maxErrors, Time: rf.time, Interrupt: opts.Interrupt}})
		if rres != nil {
			res = &rres.Result
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return exitUsage
	}
	trails := writeTrails(stderr, path, m, res, 0, f.maxErrors, f.mode)
	cov := randomCoverage(res, rres, mres)
	// The probes count the full state space, as these searches do (they
	// never reduce); the search's found states are the distinct states
	// it saw.
	facts := estimate.Facts{Stop: res.Stop, Stored: res.Stored}
	if rres != nil {
		facts.Stored = int64(rres.Distinct)
	}
	probes := runProbes(path, lopts, vmOpts, f.probes, f.seed, opts, false, res, res.Sample, facts, stderr)
	named := cov // the search's own figure, a named method beside the probes'
	if probes != nil {
		cov = probes.cov
	}
	if f.json {
		out := runJSON{Model: path, StatesStored: res.Stored, StatesMatched: res.Matched, Transitions: res.Transitions,
			Depth: res.DepthReached, StateVector: res.MaxVector, Errors: res.Stats.NumErrors, Complete: res.Complete(),
			Stopped: stoppedText(res.Stop), StopReason: res.Stop.Reason.String(), ElapsedS: res.Elapsed.Seconds(), Search: rf.search,
			Memory: memoryJSON{res.Memory.Vectors, res.Memory.Table, res.Memory.Stack, res.Memory.Heap, bytesPerState(res)}}
		out.Coverage = coverageOf(cov)
		if rres != nil {
			out.Random = &randomJSON{Steps: rres.Steps, Distinct: rres.Distinct, DistinctExact: rres.Exact,
				Redundancy: rres.Redundancy(), Restarts: rres.Restarts, StatesBound: states}
		}
		if mres != nil {
			out.MonteCarlo = &monteCarloJSON{StatesBound: states, BFSStates: mres.BFSStates, Samples: mres.Samples,
				SampledStates: mres.SampledStates, Unexplored: mres.Unexplored, Unvisited: mres.Unvisited}
		}
		out.ErrorList = errorList(m, res, trails)
		out.Probes = probes.jsonOrNil()
		writeJSONDocument(stdout, out)
	} else {
		writeErrors(stdout, res, trails, false)
		if res.Stop.Early() && res.Stats.NumErrors == 0 {
			fmt.Fprintf(stdout, "gmc: search stopped: %s\n", res.Stop)
		}
		fmt.Fprintf(stdout, "\n(gmc %s)\n", version)
		if !res.Complete() {
			paintEstimate.Fprintln(stdout, "Warning: Search not completed")
		}
		paintHeading.Fprintf(stdout, "\n%s for:\n", map[string]string{"urs": "Uniform random search", "sdrs": "Simplified deep random search",
			"rw": "Random walk", "mc": "Monte Carlo search"}[rf.search])
		fmt.Fprintln(stdout, "\tassertion violations\t+")
		fmt.Fprintln(stdout, "\tinvalid end states\t+")
		fmt.Fprintf(stdout, "\nState-vector %d byte, depth reached %d, errors: %d\n", res.MaxVector, res.DepthReached, res.Stats.NumErrors)
		if rres != nil {
			writeRandomStats(stdout, rres, states, rf)
		} else {
			writeMonteCarloStats(stdout, mres, states)
		}
		fmt.Fprintf(stdout, "\ngmc: elapsed time %.3g seconds\n", res.Elapsed.Seconds())
		if probes != nil {
			if mres != nil && named.Percent >= 0 {
				fmt.Fprintf(stdout, "%s: %.4g%% (measured on partial searches it is far off: docs/estimates.md)\n", estimate.MethodMonteCarlo, named.Percent)
			}
			writeProbes(stdout, probes)
		}
		writeCoverage(stdout, cov, res)
	}
	return runExit(res)
}

// stateBound is the states a randomized search may keep: --max-states,
// or what fits in the memory bound (each kept state costs its vector
// twice, in the store and as a state, and about 160 bytes of slices,
// table and bookkeeping).
func stateBound(m *vm.Model, f runFlags, opts checker.Options) (int, error) {
	if f.maxStates > 0 {
		if f.maxStates < 2 {
			return 0, fmt.Errorf("--max-states %d: want at least 2", f.maxStates)
		}
		return int(min(f.maxStates, 1<<31-1)), nil
	}
	s0, err := m.InitialState()
	if err != nil {
		return 0, err
	}
	n := opts.MaxMemory / int64(2*len(s0.Buf)+160)
	if n < 2 {
		return 0, fmt.Errorf("the memory bound leaves room for fewer than 2 states")
	}
	return int(min(n, 1<<31-1)), nil
}

func writeRandomStats(w io.Writer, r *random.Result, states int, rf randomFlags) {
	fmt.Fprintf(w, "%9d steps\n", r.Steps)
	if r.Exact {
		fmt.Fprintf(w, "%9d distinct states (counted exactly: --count-exact)\n", int64(r.Distinct))
	} else {
		fmt.Fprintf(w, "%9s distinct states (HyperLogLog estimate, standard error %.1f%%)\n", fmt.Sprintf("~%.0f", r.Distinct), 100*hll.RelativeError)
	}
	fmt.Fprintf(w, "%9.4g redundancy (steps - distinct states) / steps\n", r.Redundancy())
	if r.Kind == random.RW {
		fmt.Fprintf(w, "%9d walks started again from the initial state\n", r.Restarts)
		return
	}
	from := "the initial state"
	if rf.restart == "random" {
		from = "a kept state"
	}
	fmt.Fprintf(w, "%9d states kept at most (the memory of the search)\n", states)
	fmt.Fprintf(w, "%9d restarts with the memory emptied (at most %d, from %s)\n", r.Restarts, rf.restarts, from)
}

func writeMonteCarloStats(w io.Writer, r *random.MonteCarloResult, states int) {
	fmt.Fprintf(w, "%9d states, stored (bound %d)\n", r.Stored, states)
	fmt.Fprintf(w, "%9d states stored breadth-first\n", r.BFSStates)
	fmt.Fprintf(w, "%9d productive transitions sampled (b)\n", r.Samples)
	fmt.Fprintf(w, "%9d states found from them (a)\n", r.SampledStates)
	fmt.Fprintf(w, "%9d productive transitions left unexplored (d)\n", r.Unexplored)
	if r.Coverage >= 0 && !r.Complete() {
		fmt.Fprintf(w, "%9.0f states estimated never visited (c = a/b * d)\n", r.Unvisited)
	}
}

// randomCoverage is the coverage a randomized or Monte Carlo search
// reports.
func randomCoverage(res *checker.Result, r *random.Result, mc *random.MonteCarloResult) estimate.Coverage {
	f := estimate.Facts{Stop: res.Stop, Stored: res.Stored}
	if r != nil {
		f.Randomized = r.Kind.String()
	} else {
		f.MonteCarlo = &estimate.Sample{Percent: mc.Coverage, Samples: mc.Samples, SampledStates: mc.SampledStates,
			Unexplored: mc.Unexplored, NoEstimate: mc.NoEstimate}
	}
	return estimate.Verdict(f)
}

type randomJSON struct {
	Steps         int64   `json:"steps"`
	Distinct      float64 `json:"distinct_states"`
	DistinctExact bool    `json:"distinct_exact"`
	Redundancy    float64 `json:"redundancy"`
	Restarts      int     `json:"restarts"`
	StatesBound   int     `json:"states_bound"`
}

type monteCarloJSON struct {
	StatesBound   int     `json:"states_bound"`
	BFSStates     int64   `json:"bfs_states"`
	Samples       int64   `json:"samples"`
	SampledStates int64   `json:"sampled_states"`
	Unexplored    int64   `json:"unexplored_productive"`
	Unvisited     float64 `json:"unvisited_estimate"`
}
