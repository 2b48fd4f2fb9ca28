package main

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"gmc/bench/internal/corpus"
	"gmc/checker"
	"gmc/estimate"
	"gmc/random"
	"gmc/sample"
	"gmc/search"
)

// The partial searches (-partial, -set partial): a search stopped at 10,
// 25 and 50% of the states, then bitstate probes (checker.RunProbes) and
// the estimate of its coverage from its sample and theirs
// (estimate.PartialCapture), scored against the truth: the search's
// stored states over the complete search's, reduced by partial order or
// not as the partial search was.

// budgets are the partial searches' bounds, shares of the states.
var budgets = []float64{0.10, 0.25, 0.50}

// partialScore is one estimate of a partial search's coverage.
type partialScore struct {
	score
	budget float64
	ratio  float64 // the probes' time over the search's
}

// partialConfig is the partial measurement's settings.
type partialConfig struct {
	probes int           // probes of the unbounded-time runs (subsets of 2.. are scored too)
	reps   int           // repetitions (other probe seeds)
	time   time.Duration // the probes' time when the default (the search's) is not used: 0 none
}

func measurePartial(cm *corpus.Model, pc partialConfig) ([]partialScore, string, error) {
	var out []partialScore
	var notes []string
	for _, reduce := range []bool{true, false} {
		m, err := cm.Compile()
		if err != nil {
			return nil, "", err
		}
		full, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth}, Reduce: reduce}).Run()
		if err != nil {
			return nil, "", err
		}
		N := float64(full.Stored)
		mode := "reduced"
		if !reduce || !full.Reduced {
			mode = "unreduced"
		}
		if reduce && !full.Reduced {
			continue // the model is not reduced: the unreduced pass covers it
		}
		// probes runs the probes of a partial search with the memory
		// mem, for the time d (0: unbounded, they finish).
		probes := func(runs int, seed uint64, mem int64, d time.Duration) (*checker.Probes, error) {
			return checker.RunProbes(cm.Compile, checker.ProbeOptions{Runs: runs, Seed: seed, Memory: mem, Time: d,
				Options: checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth}, Reduce: reduce}})
		}
		var extra, reached, smallExtra, smallReached int
		for _, b := range budgets {
			m, err := cm.Compile()
			if err != nil {
				return nil, "", err
			}
			opts := checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth, MaxStates: int64(b * N)}, Reduce: reduce}
			part, err := checker.NewDFS(m, opts).Run()
			if err != nil {
				return nil, "", err
			}
			if part.Complete() {
				continue
			}
			truth := 100 * float64(part.Stored) / N
			mem := part.Memory.Vectors + part.Memory.Table + part.Memory.Stack
			for rep := range pc.reps {
				seed := uint64(rep)*0x9e3779b97f4a7c15 + uint64(b*1000)
				// unbounded time: the probes finish
				pr, err := probes(pc.probes, seed, mem, pc.time)
				if err != nil {
					return nil, "", err
				}
				ratio := pr.Elapsed.Seconds() / max(part.Elapsed.Seconds(), 1e-6)
				for _, v := range []struct {
					t    int
					with bool
					m    estimate.Method
					name string
				}{
					{2, false, estimate.MethodJackknife2, "jackknife 2"},
					{2, true, estimate.MethodJackknife2, "jackknife 2, search an occasion"},
					{2, false, estimate.MethodChao, "Chao"},
					{pc.probes, false, estimate.MethodJackknife2, "jackknife 2"},
					{pc.probes, false, estimate.MethodChao, "Chao"},
				} {
					if v.t > pc.probes || (v.t == pc.probes && v.t == 2 && v.name != "jackknife 2" && v.name != "Chao") {
						continue
					}
					name := fmt.Sprintf("probes T=%d, %s, %s", v.t, v.name, mode)
					s := scorePartial(name, truth, part.Sample, pr, v.t, estimate.PartialOptions{Method: v.m, WithSearch: v.with})
					out = append(out, partialScore{s, b, ratio})
				}
				// small filters (1/32 of the memory): probes that miss
				// states, where the estimators differ
				small, err := probes(pc.probes, seed+1, mem/32, pc.time)
				if err != nil {
					return nil, "", err
				}
				for _, v := range []struct {
					t int
					m estimate.Method
				}{{2, estimate.MethodJackknife2}, {pc.probes, estimate.MethodJackknife2}, {pc.probes, estimate.MethodChao}} {
					name := fmt.Sprintf("small probes T=%d, %s, %s", v.t, v.m, mode)
					s := scorePartial(name, truth, part.Sample, small, v.t, estimate.PartialOptions{Method: v.m})
					out = append(out, partialScore{s, b, small.Elapsed.Seconds() / max(part.Elapsed.Seconds(), 1e-6)})
				}
				if rep == 0 {
					// the states the probes reached that the complete
					// search did not store (the reduced search's set
					// depends on its order)
					e, r := outside(full.Sample, pr)
					extra += e
					reached += r
					e, r = outside(full.Sample, small)
					smallExtra += e
					smallReached += r
				}
				// the default budget: the search's time and memory, two
				// probes
				m2, err := probes(2, seed, mem, part.Elapsed)
				if err != nil {
					return nil, "", err
				}
				s := scorePartial("probes T=2 in the search's time, "+mode, truth, part.Sample, m2, 2, estimate.PartialOptions{Method: estimate.Recommended})
				out = append(out, partialScore{s, b, m2.Elapsed.Seconds() / max(part.Elapsed.Seconds(), 1e-6)})
				// the same time with filters of 1/32 of the memory: probes
				// that omit states go faster, if not further (another
				// split of the default budget)
				m3, err := checker.RunProbes(cm.Compile, checker.ProbeOptions{Runs: 2, Seed: seed + 2, Memory: mem / 32, Time: part.Elapsed,
					Options: checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth}, Reduce: reduce}})
				if err != nil {
					return nil, "", err
				}
				s = scorePartial("small probes T=2 in the search's time, "+mode, truth, part.Sample, m3, 2, estimate.PartialOptions{Method: estimate.Recommended})
				out = append(out, partialScore{s, b, m3.Elapsed.Seconds() / max(part.Elapsed.Seconds(), 1e-6)})
			}
			if !reduce {
				// Monte Carlo (004) with the same bound, its own estimate
				// and the probes'
				for rep := range pc.reps {
					m, err := cm.Compile()
					if err != nil {
						return nil, "", err
					}
					mres, err := random.MonteCarlo(m, random.MonteCarloOptions{Seed: uint64(rep + 1),
						Budget: search.Budget{MaxStates: int64(b * N), MaxDepth: corpus.MaxDepth}})
					if err != nil {
						return nil, "", err
					}
					if mres.Complete() {
						continue
					}
					truth := 100 * float64(mres.Stored) / N
					s := score{method: "Monte Carlo (004)", truth: truth, est: math.NaN(), lo: math.NaN(), hi: math.NaN()}
					if mres.Coverage >= 0 {
						s.est = mres.Coverage
					}
					out = append(out, partialScore{s, b, 0})
					pr, err := probes(pc.probes, uint64(rep)+77, mres.Memory.Vectors+mres.Memory.Table, pc.time)
					if err != nil {
						return nil, "", err
					}
					s = scorePartial(fmt.Sprintf("Monte Carlo, probes T=%d", pc.probes), truth, mres.Sample, pr, pc.probes, estimate.PartialOptions{Method: estimate.Recommended})
					out = append(out, partialScore{s, b, pr.Elapsed.Seconds() / max(mres.Elapsed.Seconds(), 1e-6)})
				}
			}
		}
		if reached > 0 {
			notes = append(notes, fmt.Sprintf("%s: %d of %d sampled states the probes reached not in the complete search (%.3f%%), with small filters %d of %d (%.3f%%)",
				mode, extra, reached, 100*float64(extra)/float64(reached), smallExtra, smallReached, 100*float64(smallExtra)/float64(max(smallReached, 1))))
		}
	}
	return out, strings.Join(notes, "; "), nil
}

// scorePartial scores the estimate of a partial search's coverage from
// its sample and the first t probes.
func scorePartial(name string, truth float64, smp *sample.Sample, pr *checker.Probes, t int, po estimate.PartialOptions) score {
	var samples []*sample.Sample
	incomplete := false
	for _, r := range pr.Results[:t] {
		samples = append(samples, r.Sample)
		incomplete = incomplete || r.Stop.Early()
	}
	pe := estimate.PartialCapture(smp, samples, po)
	s := score{method: name, truth: truth, est: math.NaN(), lo: math.NaN(), hi: math.NaN()}
	switch {
	case incomplete || !pe.OK:
		s.est, s.low, s.bound = 100*pe.Bound, true, true
	case pe.Low:
		s.est, s.lo, s.hi, s.low = 100*pe.Search.Hi, 100*pe.Search.Lo, 100*pe.Search.Hi, true
	default:
		s.est, s.lo, s.hi = 100*pe.Search.Point, 100*pe.Search.Lo, 100*pe.Search.Hi
	}
	return s
}

// printPartial prints, per method and budget, the mean and largest error
// of the points printed (not "low"), the largest of all, how often the
// interval (or the bound) held, and the probes' time over the search's
// (median).
func printPartial(w io.Writer, models []string, pc partialConfig, scores []partialScore, notes []string) {
	fmt.Fprintf(w, "models: %s\n\n%d repetitions; probes with the partial search's memory", strings.Join(models, ", "), pc.reps)
	if pc.time > 0 {
		fmt.Fprintf(w, " and %v", pc.time)
	}
	fmt.Fprintf(w, "\n\n| method | budget | n | low | mean | max | max with low | hit | probe time / search time |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, me := range methodsOf(scores) {
		for _, b := range append(budgets, 0) {
			var t tally
			var ratios []float64
			for _, s := range scores {
				if s.method != me || (b > 0 && s.budget != b) {
					continue
				}
				t.add(s.score)
				if s.ratio > 0 {
					ratios = append(ratios, s.ratio)
				}
			}
			if t.n == 0 {
				continue
			}
			name := fmt.Sprintf("%.0f%%", 100*b)
			if b == 0 {
				name = "all"
			}
			mean, mx, rt := "-", "-", "-"
			if errs := t.sorted(); len(errs) > 0 {
				sum := 0.0
				for _, e := range errs {
					sum += e
				}
				mean, mx = fmt.Sprintf("%.2f", sum/float64(len(errs))), fmt.Sprintf("%.2f", errs[len(errs)-1])
			}
			if len(ratios) > 0 {
				sort.Float64s(ratios)
				rt = fmt.Sprintf("%.2g", quantile(ratios, 0.5))
			}
			fmt.Fprintf(w, "| %s | %s | %d | %d | %s | %s | %s | %s | %s |\n", me, name, t.n, t.low, mean, mx, t.all(), t.hit(), rt)
		}
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "\nstates the probes reached that the complete search never stored:\n")
		for _, n := range notes {
			fmt.Fprintf(w, "* %s\n", n)
		}
	}
}

// outside counts the sampled states the probes reached (at their common
// threshold with the complete search's sample) and those of them the
// complete search never stored.
func outside(full *sample.Sample, pr *checker.Probes) (extra, reached int) {
	var samples []*sample.Sample
	for _, r := range pr.Results {
		samples = append(samples, r.Sample)
	}
	c, _ := sample.CombineReached(append([]*sample.Sample{full}, samples...))
	for _, h := range c.Histories {
		if h > 1 {
			reached++
			if h&1 == 0 {
				extra++
			}
		}
	}
	return extra, reached
}
