package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"gmc/bench/internal/corpus"
	"gmc/checker"
	"gmc/estimate"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
)

// The two sets of models: thresholds and defaults are chosen on the first
// (gmc's own examples, which the tests use), the table reported on the
// second (SPIN's examples and the generated families, which no test
// contains).
var (
	tunePatterns = []string{
		"examples/models/*.pml",
		"bench/models/*.pml",
	}
	reportPatterns = []string{
		corpus.SPINExamples + "/Examples/*.pml",
		corpus.SPINExamples + "/Examples/Book_1991/*",
		corpus.SPINExamples + "/Examples/Exercises/*.pml",
	}
	// families are parameterised models (bench/estimates/models), each
	// FILE:NAME=VALUE,... as corpus.Load reads them.
	families = []string{
		"ring.pml:N=3,K=6", "ring.pml:N=4,K=6", "ring.pml:N=4,K=9", "ring.pml:N=5,K=6",
		"pipeline.pml:N=2,B=2,V=2", "pipeline.pml:N=1,B=3,V=3", "pipeline.pml:N=3,B=1,V=3", "pipeline.pml:N=3,B=2,V=2",
		"counters.pml:N=3,K=8,L=4", "counters.pml:N=4,K=8,L=4", "counters.pml:N=3,K=16,L=6",
	}
	// holdout is a third set, made after the first report (see
	// docs/estimates.md): new families and new sizes of the old ones.
	holdout = []string{
		"queue.pml:P=1,C=1,B=4,V=3,R=3", "queue.pml:P=2,C=1,B=2,V=3,R=3", "queue.pml:P=2,C=2,B=2,V=2,R=2",
		"mesh.pml:N=6,K=4", "mesh.pml:N=7,K=5", "mesh.pml:N=8,K=4",
		"ring.pml:N=3,K=9", "pipeline.pml:N=2,B=3,V=2", "counters.pml:N=5,K=4,L=3",
	}
)

func main() {
	set := flag.String("set", "report", "the models: `S` = tune (gmc's examples), report (SPIN's examples and the generated families), holdout (other families and sizes), all, or partial (holdout, with -partial)")
	models := flag.String("models", "", "these models instead of a set, space-separated, each FILE or FILE:NAME=VALUE,...")
	minStates := flag.Int64("min", 1<<10, "leave out models with fewer states")
	maxStates := flag.Int64("max", 1<<18, "leave out models with more states")
	runs := flag.Int("T", 4, "seeded runs per filter size (capture occasions)")
	reps := flag.Int("reps", 3, "repetitions of each configuration with other seeds")
	ks := flag.String("k", "1,3", "hash functions, a list")
	partial := flag.Bool("partial", false, "measure the estimates of partial searches (a search stopped at 10, 25, 50% of the states, then bitstate probes) instead of bitstate runs; -set partial is -set holdout -partial")
	probes := flag.Int("probes", 4, "-partial: the probes per partial search (the first 2.. of them are scored too)")
	probeTime := flag.Duration("probe-time", 0, "-partial: the probes' time bound (0: none, they finish)")
	dump := flag.String("dump", "", "also write each configuration's capture counts to `FILE`, a JSON object per line (for tuning estimators offline)")
	flag.Parse()
	if *dump != "" {
		f, err := os.Create(*dump)
		if err != nil {
			fmt.Fprintln(os.Stderr, "estimates:", err)
			os.Exit(2)
		}
		defer f.Close()
		dumpTo = json.NewEncoder(f)
	}
	var kList []int
	for _, f := range strings.Split(*ks, ",") {
		var k int
		if _, err := fmt.Sscan(f, &k); err != nil || k < 1 || k > 32 {
			fmt.Fprintf(os.Stderr, "estimates: -k %q: want a list of 1..32\n", *ks)
			os.Exit(2)
		}
		kList = append(kList, k)
	}
	if *runs < 2 || *runs > sample.MaxRuns || *reps < 1 {
		fmt.Fprintln(os.Stderr, "estimates: -T must be 2..64, -reps at least 1")
		os.Exit(2)
	}
	cfg := config{T: *runs, reps: *reps, ks: kList}
	if *set == "partial" {
		*set, *partial = "holdout", true
	}
	if *partial {
		cfg.partial = &partialConfig{probes: max(*probes, 2), reps: *reps, time: *probeTime}
	}
	if err := run(os.Stdout, *set, strings.Fields(*models), *minStates, *maxStates, cfg); err != nil {
		fmt.Fprintln(os.Stderr, "estimates:", err)
		os.Exit(1)
	}
}

type config struct {
	T, reps int
	ks      []int
	partial *partialConfig // measure partial searches
}

func run(w io.Writer, set string, args []string, minStates, maxStates int64, cfg config) error {
	opts := corpus.Options{MinStates: minStates, MaxStates: maxStates, KeepErrors: true}
	var models []*corpus.Model
	switch {
	case len(args) > 0:
		var err error
		if models, err = corpus.Select("estimates", args, nil, opts, os.Stderr); err != nil {
			return err
		}
	case set == "tune" || set == "report" || set == "holdout" || set == "all":
		root, err := corpus.Root()
		if err != nil {
			return err
		}
		var patterns, fams []string
		if set == "tune" || set == "all" {
			patterns = tunePatterns
		}
		if set == "report" || set == "all" {
			patterns = append(patterns, reportPatterns...)
			for _, f := range families {
				fams = append(fams, filepath.Join(root, "bench/estimates/models", f))
			}
		}
		if set == "holdout" || set == "all" {
			for _, f := range holdout {
				fams = append(fams, filepath.Join(root, "bench/estimates/models", f))
			}
		}
		// the corpus quietly (it leaves many out), the families saying why
		if len(patterns) > 0 {
			if models, err = corpus.Select("estimates", nil, patterns, opts, os.Stderr); err != nil {
				return err
			}
		}
		if len(fams) > 0 {
			more, err := corpus.Select("estimates", fams, nil, opts, os.Stderr)
			if err != nil {
				return err
			}
			models = append(models, more...)
		}
	default:
		return fmt.Errorf("-set %q: want tune, report, holdout or all", set)
	}
	start := time.Now()
	if pc := cfg.partial; pc != nil {
		var scores []partialScore
		var names, notes []string
		for _, cm := range models {
			t0 := time.Now()
			s, note, err := measurePartial(cm, *pc)
			if err != nil {
				return fmt.Errorf("%s: %w", cm.Name, err)
			}
			scores = append(scores, s...)
			names = append(names, cm.Name)
			if note != "" {
				notes = append(notes, cm.Name+": "+note)
			}
			fmt.Fprintf(os.Stderr, "estimates: %s: %d states, %d estimates, %.0fs\n", cm.Name, cm.Full.Stored, len(s), time.Since(t0).Seconds())
		}
		printPartial(w, names, *pc, scores, notes)
		fmt.Fprintf(w, "\n(%d models, %d estimates, %.0f s)\n", len(models), len(scores), time.Since(start).Seconds())
		return nil
	}
	var scores []score
	for _, cm := range models {
		t0 := time.Now()
		s, err := measure(cm, cfg)
		if err != nil {
			return fmt.Errorf("%s: %w", cm.Name, err)
		}
		scores = append(scores, s...)
		fmt.Fprintf(os.Stderr, "estimates: %s: %d states, %d estimates, %.0fs\n", cm.Name, cm.Full.Stored, len(s), time.Since(t0).Seconds())
	}
	var names []string
	for _, cm := range models {
		names = append(names, cm.Name)
	}
	printTable(w, names, cfg, scores)
	fmt.Fprintf(w, "\n(%d models, %d estimates, %.0f s)\n", len(models), len(scores), time.Since(start).Seconds())
	return nil
}

// score is one estimate of a coverage against the truth (percentages).
type score struct {
	method string
	truth  float64
	est    float64 // NaN: the method failed
	lo, hi float64 // the interval, NaN: none
	bound  bool    // an upper bound, not an estimate: it holds when est ≥ truth
	low    bool    // the estimate is "low": no point printed, the interval only
}

// methodName is the method s scores, for methodsOf.
func (s score) methodName() string { return s.method }

// methodsOf lists the methods of scores in the order they first appear:
// the tables' rows.
func methodsOf[S interface{ methodName() string }](scores []S) []string {
	var methods []string
	seen := map[string]bool{}
	for _, s := range scores {
		if me := s.methodName(); !seen[me] {
			seen[me] = true
			methods = append(methods, me)
		}
	}
	return methods
}

// tally is what the tables say of one method's scores in one band or
// budget: how many, how many "low" and failed, the errors of the points
// printed, the largest error of all, and how often the interval (or the
// bound) held the truth.
type tally struct {
	n, low, failed int
	errs           []float64 // |est − truth| of the points printed (not "low")
	maxAll         float64   // the largest error, "low" included
	withIv, hits   int       // the scores with an interval or a bound; those that held
}

// add counts s. A "low" score without an interval is judged as the bound
// it is printed as.
func (t *tally) add(s score) {
	t.n++
	if math.IsNaN(s.est) {
		t.failed++
		return
	}
	e := math.Abs(s.est - s.truth)
	t.maxAll = max(t.maxAll, e)
	if s.low {
		t.low++
	} else {
		t.errs = append(t.errs, e)
	}
	switch {
	case s.bound || (s.low && math.IsNaN(s.lo)):
		t.withIv++
		if s.est >= s.truth-1e-9 {
			t.hits++
		}
	case !math.IsNaN(s.lo):
		t.withIv++
		if s.lo <= s.truth+1e-7 && s.truth <= s.hi+1e-7 {
			t.hits++
		}
	}
}

// hit is the share of intervals that held, "-" without any.
func (t *tally) hit() string {
	if t.withIv == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(t.hits)/float64(t.withIv))
}

// all is the largest error of all, "-" when every method failed.
func (t *tally) all() string {
	if t.n == t.failed {
		return "-"
	}
	return fmt.Sprintf("%.2f", t.maxAll)
}

// sorted returns the errors of the points printed, sorted.
func (t *tally) sorted() []float64 {
	sort.Float64s(t.errs)
	return t.errs
}

// recording is a bitstate store that also keeps, exactly, what it took
// as new: the truth of a run's union with other runs.
type recording struct {
	*store.Bitstate
	seen *store.Exact
}

func (r *recording) Insert(v []byte) bool {
	if r.Bitstate.Insert(v) {
		r.seen.Insert(v)
		return true
	}
	return false
}

// outcome is one bitstate run.
type outcome struct {
	res  *checker.Result
	seen *store.Exact
}

// bitstate runs the model with 2^l bits and k hash functions under each
// seed, in parallel.
func bitstate(cm *corpus.Model, l, k int, seeds []uint64) ([]outcome, error) {
	out := make([]outcome, len(seeds))
	errs := make([]error, len(seeds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, max(1, numCPU()))
	for i, seed := range seeds {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			m, err := cm.Compile()
			if err != nil {
				errs[i] = err
				return
			}
			bits, err := store.NewBitstate(uint(l), uint(k), seed)
			if err != nil {
				errs[i] = err
				return
			}
			rec := &recording{Bitstate: bits, seen: store.NewExact()}
			res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth}, Store: rec}).Run()
			out[i], errs[i] = outcome{res, rec.seen}, err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Method names of the table.
const (
	methodBound = "bound (1 run)"
	methodBest  = "gmc's choice before"
)

// capture is a capture–recapture variant scored: its estimator, over how
// many runs, and whether runs catch the states they reached (as gmc
// does) or only those they visited.
type capture struct {
	name    string
	method  estimate.Method
	T       int
	visited bool
}

func captures(T int) []capture {
	var out []capture
	for _, t := range []int{2, 3, 4, 6, 8, 12, 16} {
		if t <= T {
			out = append(out, capture{name: fmt.Sprintf("jackknife 2, T=%d", t), method: estimate.MethodJackknife2, T: t})
		}
	}
	t := min(T, 4)
	return append(out,
		capture{name: fmt.Sprintf("Chao, T=%d", t), method: estimate.MethodChao, T: t},
		capture{name: fmt.Sprintf("Chao visited, T=%d", t), method: estimate.MethodChao, T: t, visited: true},
		capture{name: fmt.Sprintf("jackknife 2 visited, T=%d", t), method: estimate.MethodJackknife2, T: t, visited: true})
}

// measure runs one model: per k and repetition, a series of single runs
// over 2^(l0−10) .. 2^(l0+5) bits (l0 = ⌈log2 M⌉) for the paper's
// methods, and T seeded runs per size from 2^(l0−4) for the bound and
// capture–recapture. Estimates are scored on the sizes from 2^(l0−4).
func measure(cm *corpus.Model, cfg config) ([]score, error) {
	M := float64(cm.Full.Stored)
	l0 := int(math.Ceil(math.Log2(M)))
	var out []score
	for _, k := range cfg.ks {
		for rep := range cfg.reps {
			var series []estimate.Run
			scored := map[int]float64{} // size → run 0's coverage, %
			for l := max(l0-10, 3); l <= l0+5; l++ {
				T := 1
				if l >= l0-4 {
					T = cfg.T
				}
				base := uint64(rep)<<32 | uint64(k)<<16 | uint64(l)
				outs, err := bitstate(cm, l, k, checker.RunSeeds(base*0x9e3779b97f4a7c15+1, T))
				if err != nil {
					return nil, err
				}
				series = append(series, estimate.Run{Log2Bits: l, States: float64(outs[0].res.Stored)})
				if T == 1 {
					continue
				}
				scored[l] = 100 * float64(outs[0].res.Stored) / M
				out = append(out, scoreRuns(outs, M, cfg.T)...)
				if dumpTo != nil {
					writeDump(cm.Name, k, l, rep, M, outs)
				}
			}
			for _, row := range estimate.Series(series, k) {
				truth, ok := scored[row.Log2Bits]
				if !ok {
					continue
				}
				add := func(name string, e estimate.Estimate) {
					s := score{method: fmt.Sprintf("%s k=%d", name, k), truth: truth, est: math.NaN(), lo: math.NaN(), hi: math.NaN()}
					if e.OK {
						s.est = 100 * e.Coverage
					}
					out = append(out, s)
				}
				add(string(estimate.MethodFit), row.Fit)
				add(string(estimate.MethodSimple), row.Simple)
				add(string(estimate.MethodStern), row.Stern)
				add(string(estimate.MethodDillinger), row.Dillinger)
				best, _ := row.Best()
				add(methodBest, best)
			}
		}
	}
	return out, nil
}

// scoreRuns scores the bound of every run, and the capture–recapture
// variants over the first runs, per run and for their union.
func scoreRuns(outs []outcome, M float64, T int) []score {
	var out []score
	for _, o := range outs {
		truth := 100 * float64(o.res.Stored) / M
		b := 100 * estimate.CoverageBound(o.res.Sample.Len(), o.res.Sample.Omitted(), o.res.Sample.Rate())
		out = append(out, score{method: methodBound, truth: truth, est: b, lo: math.NaN(), hi: math.NaN(), bound: true})
	}
	for _, cv := range captures(T) {
		var samples []*sample.Sample
		union := store.NewExact()
		for _, o := range outs[:cv.T] {
			samples = append(samples, o.res.Sample)
			o.seen.Each(func(v []byte) { union.Insert(v) })
		}
		combine := sample.CombineReached
		if cv.visited {
			combine = sample.Combine
		}
		c, err := combine(samples)
		if err != nil {
			panic(err)
		}
		e := estimate.Capture(c, cv.method)
		for i, o := range outs[:cv.T] {
			truth := 100 * float64(o.res.Stored) / M
			s := score{method: cv.name, truth: truth, est: math.NaN(), lo: math.NaN(), hi: math.NaN()}
			if e.OK {
				iv := e.Runs[i]
				s.est, s.lo, s.hi, s.low = 100*iv.Point, 100*iv.Lo, 100*iv.Hi, e.Low
			}
			out = append(out, s)
		}
		truth := 100 * float64(union.Len()) / M
		s := score{method: cv.name + ", union", truth: truth, est: math.NaN(), lo: math.NaN(), hi: math.NaN()}
		if e.OK {
			s.est, s.lo, s.hi, s.low = 100*e.Union.Point, 100*e.Union.Lo, 100*e.Union.Hi, e.Low
		}
		out = append(out, s)
	}
	return out
}

// bands of true coverage, %: [lo, hi).
var bands = []struct {
	name   string
	lo, hi float64
}{
	{"<20", 0, 20}, {"20-40", 20, 40}, {"40-70", 40, 70}, {"70-90", 70, 90}, {"90-99.5", 90, 99.5}, {">=99.5", 99.5, 101},
	{"40-99.5", 40, 99.5},
}

// printTable prints, per method and band, the error's median, third
// quartile and maximum in percentage points over the points a report
// prints (not "low"), the largest error of all points, and the share of
// intervals that hold the truth (for the bound: of runs it is not below
// the truth), as a Markdown table.
func printTable(w io.Writer, models []string, cfg config, scores []score) {
	fmt.Fprintf(w, "models: %s\n\nT = %d seeded runs per size, %d repetitions, k in %v\n\n", strings.Join(models, ", "), cfg.T, cfg.reps, cfg.ks)
	fmt.Fprintf(w, "| method | band (true %%) | n | low | failed | median | 3Q | max | max with low | hit |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, me := range methodsOf(scores) {
		for _, b := range bands {
			var t tally
			for _, s := range scores {
				if s.method == me && b.lo <= s.truth && s.truth < b.hi {
					t.add(s)
				}
			}
			if t.n == 0 {
				continue
			}
			med, q3, mx := "-", "-", "-"
			if errs := t.sorted(); len(errs) > 0 {
				med, q3, mx = fmt.Sprintf("%.2f", quantile(errs, 0.5)), fmt.Sprintf("%.2f", quantile(errs, 0.75)), fmt.Sprintf("%.2f", errs[len(errs)-1])
			}
			fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %s | %s | %s | %s | %s |\n", me, b.name, t.n, t.low, t.failed, med, q3, mx, t.all(), t.hit())
		}
	}
}

// quantile interpolates linearly between order statistics.
func quantile(sorted []float64, p float64) float64 {
	x := p * float64(len(sorted)-1)
	i := int(x)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (x-float64(i))*(sorted[i+1]-sorted[i])
}

func numCPU() int { return runtime.NumCPU() }

// dumpTo, when set, receives each configuration's capture counts.
var dumpTo *json.Encoder

// dumpRecord is a configuration's runs as capture counts: per run its
// stored states, sampled visited states and omissions; per number t of
// first runs, the capture frequencies of visited states (FV[j]: caught by
// exactly j runs) and of reached states (FR), and the union's true count.
type dumpRecord struct {
	Model       string
	K, L, Rep   int
	M           float64
	Level       uint
	Stored      []int64
	N, D        []int
	NT          map[int][]int // the sampled visited states of the first t runs at their common threshold
	FV, FR      map[int][]int
	Union       map[int]int
	VisitedHist map[int][]uint64 `json:",omitempty"`
}

func writeDump(model string, k, l, rep int, M float64, outs []outcome) {
	r := dumpRecord{Model: model, K: k, L: l, Rep: rep, M: M, FV: map[int][]int{}, NT: map[int][]int{}, FR: map[int][]int{}, Union: map[int]int{}}
	union := store.NewExact()
	var samples []*sample.Sample
	for t, o := range outs {
		r.Stored = append(r.Stored, o.res.Stored)
		samples = append(samples, o.res.Sample)
		o.seen.Each(func(v []byte) { union.Insert(v) })
		cv, _ := sample.Combine(samples)
		cr, _ := sample.CombineReached(samples)
		r.FV[t+1], r.FR[t+1], r.Union[t+1], r.NT[t+1] = cv.Freq, cr.Freq, union.Len(), cv.Found
		if t == len(outs)-1 {
			r.Level, r.N, r.D = cv.Level, cv.Found, cv.Omitted
		}
	}
	dumpTo.Encode(r)
}
