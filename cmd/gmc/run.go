package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"

	"gmc/checker"
	"gmc/coverage"
	"gmc/estimate"
	"gmc/internal/hll"
	"gmc/sample"
	"gmc/script"
	"gmc/search"
	"gmc/sim"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

func init() {
	register(&command{name: "run", summary: "verify a model: assertions and invalid end states", run: runRun})
}

type runFlags struct {
	maxErrors int
	maxDepth  int
	maxStates int64
	mem       string
	noReach   bool
	noMerge   bool
	noReduce  bool
	json      bool
	profile   string
	store     string // --store, settled by chooseStore
	bitstate  bool
	log2Bits  uint
	presize   uint // -w for a store with a table (exact, hc, collapse): its first size, 2^presize slots (0: none)
	hashes    uint
	seed      uint64
	runs      int
	cache     string
	policy    string
	check     bool
	coverage  bool
	script    string
	trustful  bool
	random    randomFlags
	lines     int64 // --progress-lines
	props     propertyFlags
	mode      mode
	probes    probeFlags
	jobs      int      // -j
	pan       panFlags // -A -E -q -e -i -I
}

func runRun(args []string, stdout, stderr io.Writer) int {
	var f runFlags
	fs := newFlags("run", "gmc run [flags] MODEL.pml",
		"gmc run -c0 -m100000 examples/models/philosophers.pml", stderr)
	f.props.register(fs)
	f.pan.register(fs)
	f.maxErrors = 1
	fs.Var(errorBound{&f.maxErrors, &f.pan}, "c", "stop after `N` errors (0: never stop)")
	fs.IntVar(&f.maxDepth, "m", 10000, "depth bound: states at depth `N` are not explored")
	fs.Int64Var(&f.maxStates, "max-states", 0, "stop after storing `N` states (0: no bound)")
	fs.StringVar(&f.mem, "mem", "", "stop when the search uses more than `SIZE` of memory (e.g. 512MB, 2GB; default: 3/4 of the machine's memory)")
	fs.BoolVar(&f.noReach, "n", false, "do not list unreached statements")
	fs.BoolVar(&f.noMerge, "no-merge", false, "turn statement merging off (as spin -o3)")
	fs.BoolVar(&f.noReduce, "no-reduce", false, "no partial-order reduction (as pan built with -DNOREDUCE): by default the exhaustive search reduces as pan's default build does; the randomized searches and Monte Carlo never reduce (they follow the full successor relation)")
	fs.BoolVar(&f.json, "json", false, "print the result as one JSON object")
	fs.StringVar(&f.profile, "cpuprofile", "", "write a CPU profile of the search to `FILE` (for go tool pprof)")
	fs.StringVar(&f.store, "store", "", storeUsage)
	fs.BoolVar(&f.bitstate, "bitstate", false, "bitstate search: visited states in a Bloom filter (-w, -k), reports a coverage estimate (--store bitstate)")
	fs.UintVar(&f.log2Bits, "w", 24, "bitstate: a filter of 2^`L` bits; exact, hc, collapse: a table of 2^L slots from the start, as pan -w (without -w, 2^16 that doubles as it fills)")
	fs.UintVar(&f.hashes, "k", 3, "bitstate: `K` hash functions")
	fs.Uint64Var(&f.seed, "seed", 0, "seed `S` of the random choices: the bitstate hash functions (another seed explores differently), the cache's evictions, the randomized and Monte Carlo searches")
	fs.IntVar(&f.runs, "runs", 1, "bitstate: `T` runs with independent seeds (--seed, then seeds drawn from it), in parallel on every core; capture-recapture over their samples of states estimates the coverage of each and of their union")
	fs.StringVar(&f.cache, "cache", "", "state-space caching: store at most `N` states (or N bytes: 512MB), explore evicted states again (--store cache)")
	fs.StringVar(&f.policy, "policy", defaultPolicy.String(), "--cache: which fully explored state to evict: `P` = cost, random, age, hits, stratified or depth")
	fs.BoolVar(&f.check, "cache-check", false, "--cache: keep every state also in an exact side set, to count states explored again and the redundant work (a test mode: it needs the memory the cache saves)")
	fs.BoolVar(&f.coverage, "coverage", false, "after the report, the model's coverage: transitions never executed, if/do options never taken, atomic conditions never true or never false, and what they say together (003)")
	fs.StringVar(&f.script, "script", "", "write the search script to `FILE` (search-carrying code: gmc certify checks the model with it); needs a complete search, with the exact store or --cache")
	fs.BoolVar(&f.trustful, "trustful", false, "--script: write the trustful script, the perfect search only (gmc certify --trustful follows it, trusting it)")
	f.probes.register(fs)
	lopts := defineFlag(fs)
	fs.IntVar(&f.jobs, "j", 1, "search on `N` cores: the exhaustive safety search, each core depth-first over a shared store (exact, hc or collapse), keeping states for the others to take, a core with none left taking some of another's; without --no-reduce its reduction has a proviso of its own, so the counts may differ from pan's (1: the depth-first search, pan's; 0: every core of the machine)")
	fs.Int64Var(&f.lines, "progress-lines", 0, "print a line Depth= States= ... on stderr every `N` states or so, for logs (as pan does every 10^6; 0: none)")
	rf := &f.random
	fs.StringVar(&rf.search, "search", "dfs", "the search: `S` = dfs (exhaustive), bfs (exhaustive, breadth-first as pan -DBFS: the shortest error trail), urs, sdrs or rw (randomized, keeping at most --max-states states or what fits in --mem), mc (Monte Carlo: estimates its coverage)")
	fs.Int64Var(&rf.steps, "steps", 1000000, "urs, sdrs, rw: a budget of `N` steps (0: no bound)")
	fs.IntVar(&rf.restarts, "restarts", 0, "urs, sdrs: empty the memory and start again up to `R` times when it is full")
	fs.StringVar(&rf.restart, "restart", "init", "urs, sdrs: start again from `FROM` = init (the initial state) or random (a state kept before)")
	fs.DurationVar(&rf.time, "time", 0, "stop after `D` (e.g. 30s, 5m; 0: no limit): a time budget")
	fs.BoolVar(&rf.countExact, "count-exact", false, "urs, sdrs, rw: count the distinct states exactly in a side table (it needs the memory the search saves) instead of estimating them")
	fs.Float64Var(&rf.split, "mc-split", 0.6, "mc: the share `F` of the memory for the breadth-first phase")
	models, err := parseFlags(fs, args, "cmwk", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(models) != 1 {
		fs.Usage()
		return exitUsage
	}
	if err := checkProbeFlags(f.probes); err != nil {
		fmt.Fprintf(stderr, "gmc run: %v\n", err)
		return exitUsage
	}
	if err := f.chooseStore(); err != nil {
		fmt.Fprintf(stderr, "gmc run: %v\n", err)
		return exitUsage
	}
	// (after chooseStore: --store bitstate is --bitstate)
	set := setFlags(fs)
	if msgs := noEffect(set, f); len(msgs) > 0 {
		for _, msg := range msgs {
			fmt.Fprintf(stderr, "gmc run: %s\n", msg)
		}
		return exitUsage
	}
	if err := f.pan.check(set, f); err != nil {
		fmt.Fprintf(stderr, "gmc run: %v\n", err)
		return exitUsage
	}
	if set["w"] && !f.bitstate {
		f.presize = f.log2Bits
	}
	opts := checker.Options{Budget: search.Budget{MaxDepth: f.maxDepth, MaxErrors: f.maxErrors, MaxStates: f.maxStates, Time: f.random.time}}
	f.pan.setOptions(&opts)
	if f.mem != "" {
		n, err := parseSize(f.mem)
		if err != nil {
			fmt.Fprintf(stderr, "gmc run: -mem: %v\n", err)
			return exitUsage
		}
		opts.MaxMemory = n
	} else {
		// Without a bound, a model whose state space does not fit would
		// be killed by the system and lose its report.
		opts.MaxMemory = physicalMemory() / 4 * 3
	}
	if f.maxDepth <= 0 || f.maxErrors < 0 || f.maxStates < 0 {
		fmt.Fprintln(stderr, "gmc run: -m must be positive, -c and -max-states not negative")
		return exitUsage
	}
	var bits *store.Bitstate
	if f.bitstate {
		var err error
		if bits, err = store.NewBitstate(f.log2Bits, f.hashes, f.seed); err != nil {
			fmt.Fprintf(stderr, "gmc run: %v\n", err)
			return exitUsage
		}
		if _, table := bits.Bytes(); opts.MaxMemory > 0 && table > opts.MaxMemory {
			fmt.Fprintf(stderr, "gmc run: a filter of 2^%d bits takes %d MB, over the memory bound of %d MB\n", f.log2Bits, table>>20, opts.MaxMemory>>20)
			return exitUsage
		}
		opts.Store = bits
	}
	policy, err := store.ParsePolicy(f.policy)
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "gmc run: %v\n", err)
		return exitUsage
	case f.cache == "" && (f.check || f.policy != defaultPolicy.String()):
		fmt.Fprintln(stderr, "gmc run: --policy and --cache-check need --cache")
		return exitUsage
	case f.trustful && f.script == "":
		fmt.Fprintln(stderr, "gmc run: --trustful needs --script")
		return exitUsage
	case f.script != "" && (f.bitstate || f.store == "hc"):
		fmt.Fprintf(stderr, "gmc run: --script records an exhaustive search: not with --store %s (exact, collapse or cache)\n", f.store)
		return exitUsage
	case searchKinds[rf.search] == "":
		fmt.Fprintf(stderr, "gmc run: --search %q: want dfs, bfs, urs, sdrs, rw or mc\n", rf.search)
		return exitUsage
	case rf.search == "bfs" && (f.cache != "" || f.script != ""):
		fmt.Fprintln(stderr, "gmc run: --search bfs keeps every state it reaches: not with --cache or --script, which need the depth-first search's stack")
		return exitUsage
	case rf.search != "dfs" && rf.search != "bfs" && (f.store != "exact" || f.script != "" || f.coverage):
		fmt.Fprintf(stderr, "gmc run: --search %s keeps its own store: not with --store, -bitstate, --cache, --script or --coverage\n", rf.search)
		return exitUsage
	case f.runs < 1 || f.runs > sample.MaxRuns:
		fmt.Fprintf(stderr, "gmc run: --runs %d: want 1 to %d runs\n", f.runs, sample.MaxRuns)
		return exitUsage
	case f.runs > 1 && (!f.bitstate || f.script != "" || f.coverage || rf.search != "dfs"):
		fmt.Fprintln(stderr, "gmc run: --runs needs --store bitstate, and goes without --script, --coverage and --search")
		return exitUsage
	case rf.restart != "init" && rf.restart != "random":
		fmt.Fprintf(stderr, "gmc run: --restart %q: want init or random\n", rf.restart)
		return exitUsage
	case rf.steps < 0 || rf.restarts < 0 || rf.time < 0 || rf.split <= 0 || rf.split >= 1:
		fmt.Fprintln(stderr, "gmc run: --steps, --restarts and --time must not be negative, --mc-split is between 0 and 1")
		return exitUsage
	}
	path := models[0]
	vmOpts := vm.Options{NoMerge: f.noMerge, Conditions: f.coverage}
	lopts.LTL = f.props.ltl
	spec, m, ok := loadModel(path, lopts, vmOpts, stderr)
	if !ok || !verifiable(m, stderr) {
		return exitUsage
	}
	f.mode, err = chooseMode(spec, f.props)
	if err == nil {
		err = f.pan.checkCycles(f.mode)
	}
	if err != nil {
		fmt.Fprintf(stderr, "gmc run: %v\n", err)
		return exitUsage
	}
	f.mode.pan = f.pan
	for _, w := range f.mode.warnings {
		fmt.Fprintf(stderr, "gmc: warning: %s\n", w)
	}
	if f.mode.claim == "" {
		if w := f.mode.settle(m, f.props); w != "" {
			fmt.Fprintf(stderr, "gmc: warning: %s\n", w)
		}
	}
	opts.Cycles, opts.Fair = f.mode.cycles, f.mode.fair
	// pan -a built for cycles, on a model without accept labels: a
	// safety search with that build's proviso
	opts.StackProviso = f.mode.noCycles == "no accept labels"
	opts.Reduce = !f.noReduce && (rf.search == "dfs" || rf.search == "bfs")
	if opts.Reduce && m.NoReduce == "" {
		if why := reduceRefused(m, f); why != "" {
			// Say so: the counts are then pan -DNOREDUCE's.
			fmt.Fprintf(stderr, "gmc: note: no partial-order reduction: %s; the counts are those of pan built with -DNOREDUCE\n", why)
			opts.Reduce = false
		}
	}
	if opts.Reduce {
		reduceWarnings(stderr, m, f.mode.claim != "" && f.mode.claim != vm.NonProgressClaim && len(spec.LTLs) == 0)
	}
	if opts.StackProviso && opts.Reduce && f.script != "" {
		fmt.Fprintln(stderr, "gmc run: --script records the -DSAFETY build's reduction, and -a on a model without accept labels is pan's search in another build: leave out -a (the same safety search), or give --no-reduce")
		return exitUsage
	}
	if (f.mode.claim != "" || f.mode.cycles != checker.NoCycles) && (rf.search != "dfs" || f.cache != "" || f.script != "" || f.coverage) {
		fmt.Fprintf(stderr, "gmc run: never claims and cycle searches run with the exhaustive search and the exact, hc, collapse or bitstate store only, for now, without --coverage (--safety --no-claim checks the assertions alone)\n")
		return exitUsage
	}
	if f.jobs == 0 {
		f.jobs = min(runtime.NumCPU(), checker.MaxWorkers) // (1 on one core: the depth-first search)
	}
	if f.jobs != 1 {
		if why := parallelRefused(f, opts); why != "" {
			fmt.Fprintf(stderr, "gmc run: -j %d: %s\n", f.jobs, why)
			return exitUsage
		}
	}
	var cache *store.Cache
	if f.cache != "" {
		n, err := cacheStates(f.cache, m)
		if err == nil {
			cache, err = store.NewCache(n, policy, f.seed, f.check)
		}
		if err != nil {
			fmt.Fprintf(stderr, "gmc run: %v\n", err)
			return exitUsage
		}
		opts.Store = cache
	}
	if f.presize > 0 {
		if f.presize < minPresize || f.presize > maxPresize {
			fmt.Fprintf(stderr, "gmc run: -w %d: a table of 2^%d to 2^%d slots\n", f.presize, minPresize, maxPresize)
			return exitUsage
		}
		if table := int64(8) << f.presize; opts.MaxMemory > 0 && table > opts.MaxMemory {
			fmt.Fprintf(stderr, "gmc run: a table of 2^%d slots takes %d MB, over the memory bound of %d MB\n", f.presize, table>>20, opts.MaxMemory>>20)
			return exitUsage
		}
	}
	if f.mode.claim == "" && (f.store == "hc" || f.store == "collapse" || f.presize > 0 && f.store == "exact") {
		// (each property's search makes its own: runProperties)
		opts.Store, _ = newStore(f, m) // (these never fail)
	}
	var scriptWriter *script.Writer
	if f.script != "" {
		if scriptWriter, err = script.NewWriter(m.Fingerprint(), opts.MaxDepth, f.trustful, opts.Reduce); err != nil {
			fmt.Fprintf(stderr, "gmc run: %v\n", err)
			return exitUsage
		}
		defer scriptWriter.Discard()
		opts.Recorder = scriptWriter.Recorder()
	}
	var analyzer *coverage.Analyzer
	if f.coverage {
		analyzer = coverage.New(m)
		opts.Observer = analyzer
	}
	// An interrupt stops the search; the report shows what was done.
	stop, release := onInterrupt()
	defer release()
	opts.Interrupt = stop
	if f.profile != "" {
		pf, err := os.Create(f.profile)
		if err != nil {
			fmt.Fprintf(stderr, "gmc run: %v\n", err)
			return exitUsage
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			fmt.Fprintf(stderr, "gmc run: %v\n", err)
			return exitUsage
		}
		defer pprof.StopCPUProfile()
	}
	// What an earlier run of this process left (in gmc repl) is freed:
	// the report's total memory is this run's.
	runtime.GC()
	if rf.search != "dfs" && rf.search != "bfs" {
		return randomSearch(m, path, lopts, vmOpts, f, *rf, opts, stdout, stderr)
	}
	if f.runs > 1 {
		if f.mode.claim != "" || f.mode.cycles != checker.NoCycles {
			fmt.Fprintln(stderr, "gmc run: --runs runs safety searches only, for now (--safety, --no-claim)")
			return exitUsage
		}
		return runSeeded(path, lopts, vmOpts, m, f, opts, stdout, stderr)
	}
	if f.mode.claim != "" {
		return runProperties(spec, path, f, vmOpts, opts, stdout, stderr)
	}
	var warn func(checker.Progress) string
	if cache != nil {
		warn = cacheWarning(cache)
	}
	done := showProgress(&opts, f, stderr, warn)
	var res *checker.Result
	if rf.search == "bfs" {
		res, err = checker.NewBFS(m, opts).Run()
		if err == nil && res.Breadth.HasRendezvous {
			fmt.Fprintln(stderr, "gmc: warning: with rendezvous, the breadth-first search does not report every invalid end state (a rendezvous offer is a move for it, as for pan -DBFS)")
		}
	} else if f.jobs > 1 {
		opts.Store = sharedStore(f, m)
		var p *checker.Parallel
		if p, err = checker.NewParallel(m, opts, f.jobs); err == nil {
			res, err = p.Run()
		}
	} else {
		res, err = checker.NewDFS(m, opts).Run()
	}
	done()
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return exitUsage
	}
	var probes *probed
	// A parallel search's reduced states depend on the order of its
	// workers: the probes, which reduce as the one-core search, would
	// estimate another state space.
	if rf.search == "dfs" && (f.jobs == 1 || !res.Reduced) {
		probes = runProbes(path, lopts, vmOpts, f.probes, f.seed, opts, res.Reduced, res, res.Sample, coverageFacts(res, opts.Store), stderr)
	}
	if note := coresNote(f, set["j"], opts, res.Elapsed, runtime.NumCPU()); note != "" {
		fmt.Fprintln(stderr, note)
	}
	trails := writeTrails(stderr, path, m, res, 0, opts.MaxErrors, f.mode)
	if f.script != "" {
		// A script of a partial search would certify nothing.
		if !res.Complete() {
			fmt.Fprintf(stderr, "gmc: no search script written: the search did not complete\n")
		} else if err := scriptWriter.Write(f.script); err != nil {
			fmt.Fprintf(stderr, "gmc: cannot write the search script: %v\n", err)
		} else {
			fmt.Fprintf(stderr, "gmc: wrote %s\n", f.script)
		}
	}
	var cover *coverage.Report
	if analyzer != nil {
		cover = analyzer.Report(estimate.Unexplored(coverageFacts(res, opts.Store), res.Stats.NumErrors))
	}
	if f.json {
		out := resultJSON(m, path, f.mode.name(), res, trails, opts.Store)
		f.pan.flagsJSON(&out, res)
		out.Analyses = cover
		if probes != nil {
			out.Coverage, out.Probes = coverageOf(probes.cov), probes.json
		}
		writeJSONDocument(stdout, out)
	} else {
		writeReport(stdout, m, res, trails, f, opts.Store, probes)
		if cover != nil {
			fmt.Fprintln(stdout)
			cover.Write(stdout)
		}
	}
	return runExit(res)
}

// runExit is gmc run's exit code for a search's result.
func runExit(res *checker.Result) int {
	switch {
	case res.Stats.NumErrors > 0:
		return exitViolation
	case !res.Complete():
		return exitIncomplete
	}
	return exitOK
}

// cacheStates reads --cache: a number of states, or a memory size that
// is turned into states at the initial state's vector size plus what the
// cache spends per state (its slot, table and heap entries).
func cacheStates(s string, m *vm.Model) (int, error) {
	if n, err := strconv.Atoi(s); err == nil {
		if n < 2 {
			return 0, fmt.Errorf("--cache %s: want at least 2 states, or a size such as 512MB", s)
		}
		return n, nil
	}
	size, err := parseSize(s)
	if err != nil {
		return 0, fmt.Errorf("--cache: %v", err)
	}
	s0, err := m.InitialState()
	if err != nil {
		return 0, err
	}
	// store.Cache's slot (40 bytes), table entries (2 to 4 of 8
	// bytes) and heap entry (24 bytes); the vector's place is rounded up
	// to 8 bytes
	const perState = 96
	n := size / int64((len(m.Key(s0, nil))+7)&^7+perState)
	if n < 2 {
		return 0, fmt.Errorf("--cache %s: room for fewer than 2 states", s)
	}
	return int(min(n, store.MaxCacheStates)), nil
}

// physicalMemory is the machine's memory in bytes (0 if unknown: no bound).
func physicalMemory() int64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// parseSize reads a memory size: a number of bytes with an optional unit
// B, KB, MB, GB or TB (powers of 1024, as pan counts them; KiB... also
// accepted).
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KIB", 1 << 10}, {"MIB", 1 << 20}, {"GIB", 1 << 30}, {"TIB", 1 << 40},
		{"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"TB", 1 << 40},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 || v*float64(mult) > 1<<62 {
		return 0, fmt.Errorf("%q is not a size (write e.g. 512MB or 2GB)", s)
	}
	return int64(v * float64(mult)), nil
}

// errorLine is how an error is named in the report, after pan's
// "pan:1: assertion violated (x==0) (at depth 5)".
func errorLine(k int, e *checker.Error) string {
	where := ""
	if e.Pos.Line > 0 {
		where = e.Pos.String() + ": "
	}
	return fmt.Sprintf("gmc:%d: %s%s (at depth %d)", k, where, e.Msg, e.Depth)
}

// writeReport prints the result in the layout of SPIN's pan report, ending
// with the coverage line; st is the search's store (nil: the exact store).
func writeReport(w io.Writer, m *vm.Model, res *checker.Result, trails []string, f runFlags, st store.Store, probes *probed) {
	bits, _ := st.(*store.Bitstate)
	cache, _ := st.(*store.Cache)
	writeErrors(w, res, trails, f.mode.pan.iterative() != checker.NotIterative)
	// (after an iterative search's first error, pan says it no more)
	if res.DepthLimited && (f.mode.pan.iterative() == checker.NotIterative || res.TooShallow) {
		fmt.Fprintln(w, "error: max search depth too small")
	}
	if res.Stop.Early() && res.Stats.NumErrors == 0 {
		fmt.Fprintf(w, "gmc: search stopped: %s\n", res.Stop)
	}
	fmt.Fprintf(w, "\n(gmc %s)\n", version)
	// (in pan's order)
	if res.Breadth != nil {
		fmt.Fprintln(w, "\t+ Breadth-First Search")
	}
	if res.Workers > 0 {
		fmt.Fprintf(w, "\t+ Parallel Search (%d workers, work stealing)\n", res.Workers)
	}
	if res.Reduced {
		fmt.Fprintln(w, "\t+ Partial Order Reduction")
		if res.Workers > 0 {
			// (docs/references.md#parallel-bfs; bench/README.md#coressh
			// measures how much it reduces)
			fmt.Fprintln(w, "\t  (proviso: a move to a state not yet expanded, or resolved; the counts")
			fmt.Fprintln(w, "\t   differ from pan's, and from run to run)")
		}
	}
	if !res.Complete() {
		paintEstimate.Fprintln(w, "Warning: Search not completed")
	}
	if bits != nil {
		paintHeading.Fprintln(w, "\nBit statespace search for:")
	} else if storeName(st) == "hc" {
		paintHeading.Fprintln(w, "\nHash-Compact search for:") // (pan: "Hash-Compact 4")
	} else {
		paintHeading.Fprintln(w, "\nFull statespace search for:")
	}
	for _, line := range f.mode.header(m) {
		fmt.Fprintln(w, "\t"+line)
	}
	fmt.Fprintf(w, "\nState-vector %d byte, depth reached %d, errors: %d\n", res.MaxVector, res.DepthReached, res.Stats.NumErrors)
	if res.Visited > 0 {
		fmt.Fprintf(w, "%9d states, stored (%d visited)\n", res.Stored, res.Visited)
		fmt.Fprintf(w, "%9d states, matched\n", res.Matched)
		fmt.Fprintf(w, "%9d transitions (= visited+matched)\n", res.Transitions)
	} else {
		fmt.Fprintf(w, "%9d states, stored\n", res.Stored)
		writeBreadth(w, res.Breadth)
		fmt.Fprintf(w, "%9d states, matched\n", res.Matched)
		fmt.Fprintf(w, "%9d transitions (= stored+matched)\n", res.Transitions)
	}
	fmt.Fprintf(w, "%9d atomic steps\n", res.AtomicSteps)
	writeStoreLines(w, st)
	if cache != nil {
		fmt.Fprintf(w, "\nstate cache: %d states, policy %s (seed %d)\n", cache.Capacity(), cache.Policy(), f.seed)
		fmt.Fprintf(w, "%9d evictions\n", cache.Evictions)
		if n := cache.FellBack(); n > 0 {
			fmt.Fprintf(w, "%9d states stored when %s gave way to stratified eviction (redundancy past %d)\n", n, cache.Policy(), store.GuardRedundancy)
		}
		if n, ok := cacheCounts(res, cache); ok {
			fmt.Fprintf(w, "%9d distinct states (%s)\n", n.distinct, n.how)
			fmt.Fprintf(w, "%9d states explored again after an eviction\n", n.again)
			fmt.Fprintf(w, "%9.4g redundant work RW (transitions / distinct transitions)\n", n.rw)
		} else {
			d, again, rw := cacheEstimate(res, cache)
			fmt.Fprintf(w, "%9s distinct states (HyperLogLog estimate, standard error %.1f%%)\n", fmt.Sprintf("~%.0f", d), 100*hll.RelativeError)
			fmt.Fprintf(w, "%9s states explored again after an eviction\n", fmt.Sprintf("~%.0f", again))
			fmt.Fprintf(w, "%9s redundant work (states stored / distinct states; --cache-check counts RW of transitions)\n", fmt.Sprintf("~%.4g", rw))
		}
	}
	var bs *bitstateSummary
	if bits != nil {
		bs = summarize(res, bits)
		fmt.Fprintf(w, "\nhash factor: %.6g (best if > 100.)\n", bs.HashFactor)
		fmt.Fprintf(w, "\nbits set per state: %d (-k%d)\n", bits.K(), bits.K())
		fmt.Fprintf(w, "filter: 2^%d bits, %.4g%% set (seed %d)\n", bits.Log2Bits(), 100*bs.Fill, f.seed)
		fmt.Fprintf(w, "coverage estimates: %s %s, %s %s\n", estimate.MethodStern, percentOrFailed(bs.Stern), estimate.MethodDillinger, percentOrFailed(bs.Dillinger))
	}

	mb := func(n int64) string { return fmt.Sprintf("%9.3f", float64(n)/(1<<20)) }
	mem := res.Memory
	paintHeading.Fprintln(w, "\nStats on memory usage (in Megabytes):")
	fmt.Fprintf(w, "%s\tequivalent memory usage for states (stored*State-vector)\n", mb(res.Stored*int64(res.MaxVector)))
	switch {
	case bits != nil:
		fmt.Fprintf(w, "%s\tmemory used for hash array (-w%d)\n", mb(mem.Table), bits.Log2Bits())
	case cache != nil:
		fmt.Fprintf(w, "%s\tactual memory usage for states in the cache\n", mb(mem.Vectors))
		fmt.Fprintf(w, "%s\tmemory used for the cache's table and queue\n", mb(mem.Table))
	default:
		fmt.Fprintf(w, "%s\tactual memory usage for states\n", mb(mem.Vectors))
		fmt.Fprintf(w, "%s\tmemory used for hash table\n", mb(mem.Table))
	}
	fmt.Fprintf(w, "%9s\t%.1f bytes per state stored (states and table, --store %s)\n", "", bytesPerState(res), storeName(st))
	switch {
	case res.Breadth != nil:
		fmt.Fprintf(w, "%s\tmemory used for the BFS queue and trails\n", mb(mem.Stack))
	case res.Workers > 0:
		fmt.Fprintf(w, "%s\tmemory used for the frontier, trails and the workers' stacks\n", mb(mem.Stack))
	default:
		depth := f.maxDepth
		if f.mode.pan.iterative() != checker.NotIterative {
			depth = res.DepthBound // (as pan: the bound -i or -I left)
		}
		fmt.Fprintf(w, "%s\tmemory used for DFS stack (-m%d)\n", mb(mem.Stack), depth)
	}
	fmt.Fprintf(w, "%s\ttotal actual memory usage\n", mb(mem.Heap))
	fmt.Fprint(w, "\n\n")

	// As pan, the listing is left out when the search stopped early: it
	// would list what was merely not reached yet.
	if !f.noReach && !res.Stop.Early() {
		checker.WriteUnreached(w, m, res)
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "gmc: elapsed time %.3g seconds\n", res.Elapsed.Seconds())
	if s := res.Elapsed.Seconds(); s > 0.01 {
		fmt.Fprintf(w, "gmc: rate %.0f states/second\n", float64(res.Stored)/s)
	}
	facts := coverageFacts(res, st)
	cov := estimate.Verdict(facts)
	if probes != nil {
		if e := facts.Stack; e != nil {
			// a named method beside the probes' estimate
			fmt.Fprintf(w, "%s: %.4g%% (measured on partial searches it is far off: docs/estimates.md)\n", estimate.MethodStackEstimate, e.Percent)
		}
		writeProbes(w, probes)
		cov = probes.cov
	}
	writeCoverage(w, cov, res)
}

// writeProbes prints what the probes of a partial search did and cost.
func writeProbes(w io.Writer, p *probed) {
	for _, l := range p.lines {
		fmt.Fprintln(w, l)
	}
}

// writeBreadth prints the lines pan -DBFS adds to the counts (nothing for
// another search).
func writeBreadth(w io.Writer, b *checker.BreadthStats) {
	switch {
	case b == nil:
	case b.HasRendezvous:
		fmt.Fprintf(w, "\t%8d nominal states (- rv and atomic)\n", b.Nominal)
		fmt.Fprintf(w, "\t%8d rvs succeeded\n", b.Rendezvous)
	default:
		fmt.Fprintf(w, "\t%8d nominal states (stored-atomic)\n", b.Nominal)
	}
}

// writeCoverage prints the coverage line that ends every report: green
// for a search that covered everything and found nothing, yellow for an
// estimate or a bound.
func writeCoverage(w io.Writer, cov estimate.Coverage, res *checker.Result) {
	percent, method := cov.Percent, cov.Method
	known := percent == 100 && !cov.Bound && cov.Interval == nil
	switch {
	case percent < 0:
		fmt.Fprintf(w, "coverage: unknown (%s)\n", method)
	case res.Complete() && res.Stats.NumErrors == 0 && known:
		paintOK.Fprintf(w, "coverage: %.4g%% (%s)\n", percent, method)
	case res.Complete() && known:
		fmt.Fprintf(w, "coverage: %.4g%% (%s)\n", percent, method)
	default:
		paintEstimate.Fprintf(w, "coverage: %.4g%% (%s)\n", percent, method)
	}
}

// bitstateSummary is what a bitstate run says of its coverage.
type bitstateSummary struct {
	HashFactor float64
	Fill       float64 // share of the filter's bits set
	Stern      estimate.Estimate
	Dillinger  estimate.Estimate
}

func summarize(res *checker.Result, bits *store.Bitstate) *bitstateSummary {
	// The filter holds every state a search took as new: in a cycle
	// search, the second phase's too (visited).
	n, m := float64(max(res.Stored, res.Visited)), float64(uint64(1)<<bits.Log2Bits())
	s := &bitstateSummary{HashFactor: estimate.HashFactor(n, m), Fill: float64(bits.BitsSet()) / m}
	if c, ok := estimate.Stern(n, m); ok {
		s.Stern = estimate.Estimate{Coverage: c, OK: true}
	}
	s.Dillinger = estimate.Estimate{Coverage: estimate.Dillinger(n, m, int(bits.K())), OK: true}
	return s
}

func percentOrFailed(e estimate.Estimate) string {
	if !e.OK {
		return "undefined"
	}
	return fmt.Sprintf("%.4g%%", 100*e.Coverage)
}

// coverageFacts are what a depth-first search's result says of its
// coverage (estimate.Verdict decides what the report says of it); st is
// its store (nil: the exact store).
func coverageFacts(res *checker.Result, st store.Store) estimate.Facts {
	bits, _ := st.(*store.Bitstate)
	cache, _ := st.(*store.Cache)
	f := estimate.Facts{Stop: res.Stop, Stored: res.Stored, Beyond: res.Beyond}
	omissionFacts(&f, st)
	switch {
	case bits != nil:
		f.Store = estimate.BitstateStore
		f.Dillinger = summarize(res, bits).Dillinger.Coverage
		if smp := res.Sample; smp != nil {
			f.Omissions = &estimate.Omissions{Visited: smp.Len(), Omitted: smp.Omitted(), Rate: smp.Rate()}
		}
	case cache != nil:
		f.Store = estimate.CacheStore
		if cache.Exact() {
			f.Distinct = int64(cache.Distinct())
		}
	}
	if res.Workers > 1 {
		f.NoStack = "a parallel search keeps no stack to estimate from"
		if res.Reduced {
			f.NoStack += ", and its reduced states depend on its order, which bitstate probes do not share (--no-reduce lets them estimate)"
		}
	}
	if e := res.Estimate; e != nil {
		f.Stack = &estimate.Sample{Percent: e.Percent, Samples: e.Samples, SampledStates: e.SampledStates, Unexplored: e.Unexplored}
	}
	return f
}

// stoppedText is the words of an early stop, "" for a search that ran to
// its end (the JSON key "stopped").
func stoppedText(st search.Stop) string {
	if !st.Early() {
		return ""
	}
	return st.String()
}

// runJSON is the --json form of a run's result
// (docs/references.md#cli-contract).
type runJSON struct {
	Model         string        `json:"model"`
	Search        string        `json:"search,omitempty"`  // --search, when not dfs
	Mode          string        `json:"mode,omitempty"`    // what was checked: safety, acceptance, non-progress (+fairness) (claim NAME)
	Reduced       bool          `json:"reduced"`           // the search reduced by partial order (pan's "+ Partial Order Reduction")
	Workers       int           `json:"workers,omitempty"` // a parallel search's workers (-j N > 1)
	StatesStored  int64         `json:"states_stored"`
	StatesVisited int64         `json:"states_visited,omitempty"` // a cycle search's first visits, shadows included
	StatesMatched int64         `json:"states_matched"`
	Transitions   int64         `json:"transitions"`
	AtomicSteps   int64         `json:"atomic_steps"`
	Depth         int           `json:"depth"`
	StateVector   int           `json:"state_vector_bytes"`
	Errors        int64         `json:"errors"`
	Complete      bool          `json:"complete"`
	Stopped       string        `json:"stopped,omitempty"`
	StopReason    string        `json:"stop_reason"` // search.Reason: complete, depth_bound, state_bound, ...
	DepthLimited  bool          `json:"depth_limited"`
	ElapsedS      float64       `json:"elapsed_s"`
	Memory        memoryJSON    `json:"memory"`
	Store         string        `json:"store,omitempty"` // --store: exact, hc, collapse, bitstate or cache (none: --search keeps its own)
	Coverage      coverageJSON  `json:"coverage"`
	Bitstate      *bitstateJSON `json:"bitstate,omitempty"`
	Cache         *cacheJSON    `json:"cache,omitempty"`
	// HashCompaction and Collapse are those stores' parts.
	HashCompaction *hcJSON          `json:"hash_compaction,omitempty"`
	Collapse       *collapseJSON    `json:"collapse,omitempty"`
	Analyses       *coverage.Report `json:"analyses,omitempty"`
	Random         *randomJSON      `json:"random,omitempty"`
	Breadth        *breadthJSON     `json:"breadth,omitempty"`
	MonteCarlo     *monteCarloJSON  `json:"monte_carlo,omitempty"`
	ErrorList      []errorJSON      `json:"error_list"`
	Properties     []propertyJSON   `json:"properties,omitempty"` // the never claims and ltl properties checked, a search each
	// With --runs: each seeded run (the counts above are the first's, or
	// the first's that found errors), and the capture–recapture estimate.
	Runs     []seededRunJSON `json:"runs,omitempty"`
	Estimate *captureJSON    `json:"estimate,omitempty"`
	// Probes are the bitstate probes of a search stopped on a bound,
	// whose estimate is the coverage's.
	Probes *probesJSON `json:"probes,omitempty"`
	// pan's run-time flags (panFlags), when given: -A, -E, -q, -e, and
	// -i or -I with the depth bound the search ended with.
	NoAssertions    bool   `json:"no_assertions,omitempty"`
	NoEndStates     bool   `json:"no_end_states,omitempty"`
	StrictEndStates bool   `json:"strict_end_states,omitempty"`
	EveryError      bool   `json:"every_error,omitempty"`
	Iterative       string `json:"iterative,omitempty"`
	DepthBound      *int   `json:"depth_bound,omitempty"`
}

// breadthJSON is what --search bfs counts besides the DFS's counts, as
// pan -DBFS prints it.
type breadthJSON struct {
	NominalStates int64  `json:"nominal_states"`
	RvsSucceeded  *int64 `json:"rvs_succeeded,omitempty"` // with rendezvous channels only
}

type memoryJSON struct {
	StatesBytes int64 `json:"states_bytes"`
	TableBytes  int64 `json:"table_bytes"`
	StackBytes  int64 `json:"stack_bytes"`
	HeapBytes   int64 `json:"heap_bytes"`
	// BytesPerState is states and table over the states stored.
	BytesPerState float64 `json:"bytes_per_state"`
}

type coverageJSON struct {
	Percent  *float64    `json:"percent"` // null when unknown
	Method   string      `json:"method"`
	Interval *[2]float64 `json:"interval"` // the 95% interval of percent, null when there is none
	Low      bool        `json:"low"`      // too little data for a point: percent is the interval's upper end
	Bound    bool        `json:"bound"`    // percent is an upper bound
}

// coverageOf is the --json form of a coverage.
func coverageOf(cov estimate.Coverage) coverageJSON {
	out := coverageJSON{Method: cov.Method, Low: cov.Low, Bound: cov.Bound}
	if cov.Percent >= 0 {
		p := cov.Percent
		out.Percent = &p
	}
	if len(cov.Interval) == 2 {
		out.Interval = &[2]float64{cov.Interval[0], cov.Interval[1]}
	}
	return out
}

type errorJSON struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Pos     string `json:"pos,omitempty"`
	Depth   int    `json:"depth"`
	Trail   string `json:"trail,omitempty"`
	// Stem is the path to the error, or to the start of its cycle; Cycle
	// the cycle (null when the error is no cycle): the claim's steps
	// (pid -1) and the system's, as the trail holds them.
	Stem  []sim.Step `json:"stem"`
	Cycle []sim.Step `json:"cycle"`
}

// bitstateJSON is the bitstate part of run --json.
type bitstateJSON struct {
	Log2Bits   uint     `json:"log2_bits"`
	K          uint     `json:"k"`
	Seed       uint64   `json:"seed"`
	HashFactor float64  `json:"hash_factor"`
	BitsSet    uint64   `json:"bits_set"`
	Stern      *float64 `json:"stern"`
	Dillinger  *float64 `json:"dillinger"`
	// The run's sample of states (package sample): the visited states and
	// the omissions it holds, at rate sample_rate, and the upper bound on
	// the coverage they give (percent).
	SampledStates    int     `json:"sampled_states"`
	SampledOmissions int     `json:"sampled_omissions"`
	SampleRate       float64 `json:"sample_rate"`
	CoverageBound    float64 `json:"coverage_bound"`
}

// cacheJSON is the state-cache part of run --json; the exact counts are
// null when they are not known (see cacheCounts), and the estimate stands
// in.
type cacheJSON struct {
	Size             int      `json:"size"`   // states (DESIGN's name)
	States           int      `json:"states"` // the same
	Redundancy       float64  `json:"redundancy"`
	Policy           string   `json:"policy"`
	Evictions        int64    `json:"evictions"`
	StratifiedAfter  *int64   `json:"stratified_after"` // states stored when the guard switched the victims to stratified eviction, null if it never did
	DistinctEstimate float64  `json:"distinct_states_estimate"`
	Distinct         *int64   `json:"distinct_states"`
	ExploredAgain    *int64   `json:"states_explored_again"`
	RedundantWork    *float64 `json:"redundant_work"`
}

// cacheCount is what a cached search did again, counted exactly.
type cacheCount struct {
	distinct, again int64
	rw              float64
	how             string // how it is known
}

// cacheCounts counts the distinct states, the states explored again and
// RW, when they are known exactly: with the exact side set, or when the
// cache never evicted a state (each state was stored once).
func cacheCounts(res *checker.Result, cache *store.Cache) (cacheCount, bool) {
	switch {
	case cache.Exact():
		return cacheCount{int64(cache.Distinct()), cache.Restored, redundantWork(res), "exact side set"}, true
	case cache.Evictions == 0:
		return cacheCount{res.Stored, 0, 1, "no evictions: each state stored once"}, true
	}
	return cacheCount{}, false
}

// cacheEstimate estimates what cacheCounts cannot count: the distinct
// states by the cache's HyperLogLog count, the states explored again, and
// RW of states (which transitions were taken again is not known).
func cacheEstimate(res *checker.Result, cache *store.Cache) (distinct, again, rw float64) {
	distinct = cache.DistinctEstimate()
	return distinct, max(float64(res.Stored)-distinct, 0), max(float64(res.Stored)/distinct, 1)
}

// redundantWork is RW of 004 table 4.1: transitions taken over distinct
// transitions (needs the cache's exact side set).
func redundantWork(res *checker.Result) float64 {
	distinct := res.Transitions - res.Redundant
	if distinct <= 0 {
		return 1
	}
	return float64(res.Transitions) / float64(distinct)
}

func percentJSON(e estimate.Estimate) *float64 {
	if !e.OK {
		return nil
	}
	p := 100 * e.Coverage
	return &p
}

// resultJSON is run --json's object for one search of m with the store
// st (nil: the exact store).
func resultJSON(m *vm.Model, path, mode string, res *checker.Result, trails []string, st store.Store) runJSON {
	bits, _ := st.(*store.Bitstate)
	cache, _ := st.(*store.Cache)
	out := runJSON{
		Model: path, Mode: mode, Reduced: res.Reduced, Workers: res.Workers, StatesStored: res.Stored, StatesVisited: res.Visited, StatesMatched: res.Matched,
		Transitions: res.Transitions, AtomicSteps: res.AtomicSteps,
		Depth: res.DepthReached, StateVector: res.MaxVector, Errors: res.Stats.NumErrors,
		Complete: res.Complete(), Stopped: stoppedText(res.Stop), StopReason: res.Stop.Reason.String(), DepthLimited: res.DepthLimited,
		ElapsedS: res.Elapsed.Seconds(),
		Memory:   memoryJSON{res.Memory.Vectors, res.Memory.Table, res.Memory.Stack, res.Memory.Heap, bytesPerState(res)},
		Store:    storeName(st),
	}
	storeJSON(&out, st)
	if bits != nil {
		bs := summarize(res, bits)
		out.Bitstate = &bitstateJSON{Log2Bits: bits.Log2Bits(), K: bits.K(), HashFactor: bs.HashFactor,
			BitsSet: bits.BitsSet(), Stern: percentJSON(bs.Stern), Dillinger: percentJSON(bs.Dillinger), CoverageBound: 100}
		if smp := res.Sample; smp != nil {
			b := out.Bitstate
			b.SampledStates, b.SampledOmissions, b.SampleRate = smp.Len(), smp.Omitted(), smp.Rate()
			b.CoverageBound = 100 * estimate.CoverageBound(smp.Len(), smp.Omitted(), smp.Rate())
		}
	}
	if cache != nil {
		out.Cache = &cacheJSON{Size: cache.Capacity(), States: cache.Capacity(), Policy: cache.Policy().String(), Evictions: cache.Evictions}
		// redundancy: RW when it is known, else the estimate's RW of states
		out.Cache.DistinctEstimate, _, out.Cache.Redundancy = cacheEstimate(res, cache)
		if n := cache.FellBack(); n > 0 {
			out.Cache.StratifiedAfter = &n
		}
		if n, ok := cacheCounts(res, cache); ok {
			out.Cache.Distinct, out.Cache.ExploredAgain, out.Cache.RedundantWork = &n.distinct, &n.again, &n.rw
			out.Cache.Redundancy = n.rw
		}
	}
	if b := res.Breadth; b != nil {
		out.Search = "bfs"
		out.Breadth = &breadthJSON{NominalStates: b.Nominal}
		if b.HasRendezvous {
			out.Breadth.RvsSucceeded = &b.Rendezvous
		}
	}
	out.Coverage = coverageOf(estimate.Verdict(coverageFacts(res, st)))
	out.ErrorList = errorList(m, res, trails)
	return out
}

// errorList is the errors of run --json.
func errorList(m *vm.Model, res *checker.Result, trails []string) []errorJSON {
	list := []errorJSON{}
	for k, e := range res.Errors {
		ej := errorJSON{Kind: e.Kind.String(), Message: e.Msg, Depth: e.Depth, Trail: trails[k]}
		ej.Stem = trailSteps(m, e.Trail)
		if k := cycleIndex(e); k >= 0 && k <= len(ej.Stem) {
			ej.Stem, ej.Cycle = ej.Stem[:k], ej.Stem[k:]
		}
		if e.Pos.Line > 0 {
			ej.Pos = e.Pos.String()
		}
		list = append(list, ej)
	}
	return list
}

// trailSteps describes the steps of a trail of m for --json, following
// them to know each process's proctype.
func trailSteps(m *vm.Model, steps []trail.Step) []sim.Step {
	out := make([]sim.Step, 0, len(steps))
	w, err := trail.NewWalker(m)
	entries := trail.Entries(m, steps)
	for i, st := range steps {
		var pt *vm.ProcType
		switch {
		case st.Pid == trail.ClaimPid:
			pt = m.Claim
		case st.Pid >= 0 && err == nil && st.Pid < w.R.S.NrProcs():
			pt = m.ProcType(w.R.S, st.Pid)
		}
		out = append(out, sim.StepOf(i+1, st.Pid, pt, st.Trans))
		if err == nil {
			var mv vm.Move
			if mv, err = w.Next(entries[i]); err == nil {
				w.Do(mv)
			}
		}
	}
	return out
}

// cycleIndex is the index of the first step of e's cycle in its trail,
// -1 when e is no cycle.
func cycleIndex(e *checker.Error) int {
	if !e.Kind.IsCycle() {
		return -1
	}
	return e.Cycle
}

// writeTrails writes the trail files pan writes under md's flags and the
// error bound (pan -c): with -e each error's, numbered; in an iterative
// search (-i, -I) the last's; otherwise only the error that meets the
// bound, as its only trail, and none when the search stopped below it
// or there is no bound (-c 0), as pan's uerror does
// (docs/references.md#spin-trails). It returns their names, one per
// error of res ("" where none was written, or writing failed, which it
// says on stderr). Names are numbered from after, the number of trails
// the run's searches wrote before.
func writeTrails(stderr io.Writer, path string, m *vm.Model, res *checker.Result, after, bound int, md mode) []string {
	iterative := md.pan.iterative() != checker.NotIterative
	var trails []string
	written := false
	for k, e := range res.Errors {
		number := after + 1 // the one trail of the run
		if md.pan.every {
			number += k
		}
		name := trail.Name(path, number, md.pan.every, iterative)
		switch {
		case e.Trail == nil && iterative:
			name = "" // an iterative search keeps the last error's trail only
		case !md.pan.every && !iterative && k+1 != bound:
			name = ""
		default:
			if err := trail.Write(name, m, e.Msg, e.FileSteps(), cycleIndex(e)); err != nil {
				fmt.Fprintf(stderr, "gmc: cannot write trail: %v\n", err)
				name = ""
			} else {
				written = true
			}
		}
		trails = append(trails, name)
	}
	switch {
	case written || len(res.Errors) == 0 || md.pan.every || iterative:
	case bound == 0:
		fmt.Fprintf(stderr, "gmc: no trail written: as pan, -c 0 writes none (-e: a trail per error)\n")
	default:
		fmt.Fprintf(stderr, "gmc: no trail written: as pan, -c %d writes the trail of error %d only (-e: a trail per error)\n", bound, bound)
	}
	return trails
}

// writeErrors prints the errors of a report, pan's way, with their
// trail files; an iterative search's with the depth bound each left. An
// error's line is printed only where its message differs from the
// error's before, as pan prints it (docs/references.md#spin-error-lines):
// -i and -e, which find the same error again and again, name it once.
func writeErrors(w io.Writer, res *checker.Result, trails []string, iterative bool) {
	for k, e := range res.Errors {
		if k == 0 || e.Msg != res.Errors[k-1].Msg {
			paintError.Fprintln(w, errorLine(k+1, e))
		}
		if trails[k] != "" {
			fmt.Fprintf(w, "gmc: wrote %s\n", trails[k])
		}
		if iterative && e.Bound >= 0 {
			fmt.Fprintf(w, "gmc: reducing search depth to %d\n", e.Bound)
		}
	}
	for _, l := range res.Later {
		paintError.Fprintln(w, errorLine(int(l.N), l.Error))
	}
}

// writeJSONDocument prints v as the one indented JSON object a --json
// command prints (with <, > and & as they are).
func writeJSONDocument(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}

// version is gmc's version, printed in reports.
const version = "0.1"

// defaultPolicy is the state cache's policy when --policy is not given:
// stratified caching, which measured best (docs/caching.md): at half the
// states it finished every search within 5 times the uncached time, and
// at a quarter most of them, where 004's cost-based policy, the default
// before, ran away on a third of them at half and most at a quarter.
const defaultPolicy = store.PolicyStratified

// reduceRefused says why a run that asks for partial-order reduction
// cannot have it, "" if it can: pan refuses it with weak fairness in a
// model with rendezvous.
func reduceRefused(m *vm.Model, f runFlags) string {
	if f.mode.fair && f.mode.cycles != checker.NoCycles && m.HasRendezvous() {
		return "pan refuses it with weak fairness (-f) in a model with rendezvous channels"
	}
	return ""
}

// reduceWarnings says what SPIN says of a model it reduces: that it does
// not (spin turns reduction off for enabled, pc_value, _last, priorities
// and else with channel operations), that remote variable references may
// make the reduction unsound (pan's cc warning; it reduces), and pan's
// start-up warnings of choices that defeat it; and, of a never claim
// written by hand in a model without ltl blocks, that it must be
// stutter-invariant (pan without HAS_LTL).
func reduceWarnings(w io.Writer, m *vm.Model, handWrittenClaim bool) {
	if m.NoReduce != "" {
		fmt.Fprintf(w, "gmc: warning: no partial-order reduction: %s (spin turns it off)\n", m.NoReduce)
		return
	}
	if m.Spec.HasRemoteRefs {
		fmt.Fprintln(w, "gmc: warning: p.o. reduction not compatible with remote varrefs (use --no-reduce): reducing anyway, as pan does")
	}
	if handWrittenClaim {
		// pan's words, when no ltl block made the claim
		fmt.Fprintln(w, "gmc: warning: for p.o. reduction to be valid the never claim must be stutter-invariant")
		fmt.Fprintln(w, "(never claims generated from LTL formulae are stutter-invariant)")
	}
	for _, pt := range m.Types {
		for _, pc := range pt.PCs {
			if pc.PORWarning != "" {
				fmt.Fprintf(w, "gmc: %s\n", pc.PORWarning)
			}
		}
	}
}
