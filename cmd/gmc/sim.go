package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"gmc/internal/atomicfile"
	"gmc/lang"
	"gmc/sim"
	"gmc/sim/msc"
	"gmc/trail"
	"gmc/vm"

	"github.com/mattn/go-isatty"
)

func init() {
	register(&command{name: "sim", summary: "simulate a model at random, printing as spin does", run: runSim})
	register(&command{name: "replay", summary: "follow an error trail step by step (as spin -t -p)", run: runReplay})
}

// simFlags are the flags sim and replay share.
type simFlags struct {
	opts    sim.Options
	seed    int64
	chans   bool
	noSteps bool
	msc     string // --msc: where the message sequence chart goes
}

// define adds the shared flags to fs, -D among them, and returns the
// options of lang.Load that -D fills.
func (f *simFlags) define(fs *flag.FlagSet) *lang.Options {
	fs.IntVar(&f.opts.MaxSteps, "u", 0, "stop after `N` steps (0: no bound)")
	fs.IntVar(&f.opts.From, "j", 0, "show steps from step `N` on")
	fs.BoolVar(&f.opts.Globals, "g", false, "show the globals that change after each step")
	fs.BoolVar(&f.opts.Locals, "l", false, "show the locals of the process that steps after each step")
	fs.BoolVar(&f.opts.NoIndent, "T", false, "do not indent printf output by process")
	fs.StringVar(&f.msc, "msc", "", "draw the run's message sequence chart in `FILE` (SVG)")
	return defineFlag(fs)
}

// startChart gives the run a chart to fill if --msc asks for one.
func (f *simFlags) startChart() {
	if f.msc != "" {
		f.opts.Chart = msc.New()
	}
}

// writeChart writes the run's chart, if --msc asked for one, whole or
// not at all, and says so on stderr (stdout is spin's output). It
// reports whether that went well.
func (f *simFlags) writeChart(title string, stderr io.Writer) bool {
	c := f.opts.Chart
	if c == nil {
		return true
	}
	err := atomicfile.WriteFunc(f.msc, func(w io.Writer) error { return c.WriteSVG(w, title) })
	if err != nil {
		fmt.Fprintf(stderr, "gmc: %v\n", err)
		return false
	}
	fmt.Fprintf(stderr, "gmc: message sequence chart in %s (%s)\n", f.msc, c.Summary())
	return true
}

// loadForSim reads and compiles a model for simulation (no merging, no
// dead-variable resets: SPIN's simulator has neither; no trace
// assertions, which it does not use either) or replay (as the run that
// wrote the trail, with the never claim it ran, "" for none,
// vm.NonProgressClaim for -l).
func loadForSim(path string, lopts *lang.Options, merge, deadVars bool, claim string, stderr io.Writer) (*vm.Model, bool) {
	opts := claimOptions(vm.Options{NoMerge: !merge, NoDeadVars: !deadVars, Trace: true, NoTraceAssertions: true, Simulator: true}, claim)
	_, m, ok := loadModel(path, lopts, opts, stderr)
	return m, ok
}

func runSim(args []string, stdout, stderr io.Writer) int {
	var f simFlags
	fs := newFlags("sim", "gmc sim [flags] MODEL.pml", "gmc sim --seed 7 -p examples/models/philosophers.pml", stderr)
	lopts := f.define(fs)
	fs.Int64Var(&f.seed, "seed", 0, "random seed `S` (0: from the clock; the seed used is printed on stderr)")
	fs.Int64Var(&f.seed, "n", 0, "random seed `S`, as spin -nS (the same as --seed)")
	fs.BoolVar(&f.opts.Steps, "p", false, "show every step")
	interactive := fs.Bool("i", false, "interactive, as spin -i: before each step, list the moves and read the number of the one to take from stdin (q quits)")
	models, err := parseFlags(fs, args, "ujn", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(models) != 1 {
		fs.Usage()
		return exitUsage
	}
	m, ok := loadForSim(models[0], lopts, false, false, "", stderr)
	if !ok {
		return exitUsage
	}
	if f.seed == 0 {
		f.seed = time.Now().UnixNano()%1000000000 + 1
	}
	f.opts.Seed = uint64(f.seed)
	out, flush := simOutput(stdout)
	if stdin != nil {
		f.opts.Stdin = flushFirst{stdin, out}
		if *interactive {
			f.opts.Choices = f.opts.Stdin
		}
	}
	fmt.Fprintf(stderr, "gmc: seed %d (gmc sim --seed %d repeats this run)\n", f.seed, f.seed)
	// An interrupt ends the simulation with its last state printed (and,
	// in gmc repl, leaves the session going).
	stop, release := onInterrupt()
	defer release()
	f.opts.Stop = stop
	f.startChart()
	res, err := sim.Simulate(m, f.opts, out)
	flush()
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", models[0], err)
		return exitUsage
	}
	if !f.writeChart(fmt.Sprintf("gmc sim --seed %d %s", f.seed, models[0]), stderr) {
		return exitUsage
	}
	if res.Assertion || res.Fatal != nil {
		return exitViolation
	}
	return exitOK
}

// simOutput returns where a simulation prints: w itself when it is a
// terminal (the lines appear as they are printed), else a buffer in
// front of w, which flush empties. A write per printf line costs a
// system call, more than a simulation step.
func simOutput(w io.Writer) (out io.Writer, flush func()) {
	if f, ok := w.(*os.File); ok && isatty.IsTerminal(f.Fd()) {
		return w, func() {}
	}
	b := bufio.NewWriterSize(w, 64<<10)
	return b, func() { b.Flush() }
}

// flushFirst is the model's STDIN: before it waits for input, what the
// model printed so far (its prompt) is written out.
type flushFirst struct {
	r   io.Reader
	out io.Writer
}

func (f flushFirst) Read(p []byte) (int, error) {
	if b, ok := f.out.(*bufio.Writer); ok {
		b.Flush()
	}
	return f.r.Read(p)
}

func runReplay(args []string, stdout, stderr io.Writer) int {
	var f simFlags
	fs := newFlags("replay", "gmc replay [flags] MODEL.pml [TRAIL]", "gmc replay -g examples/models/philosophers.pml", stderr)
	lopts := f.define(fs)
	fs.BoolVar(&f.opts.Steps, "p", true, "show every step (-p=false: only printf output and the end)")
	fs.BoolVar(&f.chans, "c", false, "show the channels after each step")
	asJSON := fs.Bool("json", false, "print the steps (the stem and the cycle apart) and how the trail ends as JSON, instead of spin's output")
	files, err := parseFlags(fs, args, "uj", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(files) < 1 || len(files) > 2 {
		fs.Usage()
		return exitUsage
	}
	if set := setFlags(fs); *asJSON {
		for _, name := range []string{"g", "l", "c", "T", "p", "j"} {
			if set[name] {
				fmt.Fprintf(stderr, "gmc replay: -%s has no effect with --json (it shapes spin's output, which --json replaces)\n", name)
				return exitUsage
			}
		}
	}
	path := files[0]
	trailPath := trail.Path(path, 1)
	if len(files) == 2 {
		trailPath = files[1]
	}
	tr, err := readTrail(trailPath)
	if err != nil {
		fmt.Fprintf(stderr, "gmc replay: %v\n", err)
		return exitUsage
	}
	// The trail names the claim its search ran with the system (by its
	// proctype number, as pan does): the model is compiled with it, as
	// the run compiled it.
	claim := ""
	if tr.ClaimID >= 0 {
		all, ok := loadForSim(path, lopts, tr.Merge, true, "", stderr)
		if !ok {
			return exitUsage
		}
		if claim, err = trail.ClaimName(all, tr.ClaimID); err != nil {
			fmt.Fprintf(stderr, "gmc replay: %s: %v\n", trailPath, err)
			return exitUsage
		}
	}
	m, ok := loadForSim(path, lopts, tr.Merge, true, claim, stderr)
	if !ok {
		return exitUsage
	}
	// gmc's trails carry the model's fingerprint; pan's do not, and their
	// steps are checked one by one against the model instead (a step that
	// does not fit is refused with its line).
	if tr.Model != "" && tr.Model != m.Fingerprint() {
		fmt.Fprintf(stderr, "gmc replay: %s was not written for %s as it is now (the model changed since); run gmc run again\n", trailPath, path)
		return exitUsage
	}
	if f.chans {
		f.opts.Channels = true
	}
	out := stdout
	if *asJSON {
		out = io.Discard
	}
	f.startChart()
	res, err := sim.Replay(m, tr, f.opts, out)
	if err != nil {
		fmt.Fprintf(stderr, "gmc replay: %s\n", trailError(trailPath, err))
		return exitUsage
	}
	if !f.writeChart(fmt.Sprintf("gmc replay %s %s (%s)", path, trailPath, tr.Error), stderr) {
		return exitUsage
	}
	reached, why := replayEnd(res, tr)
	if *asJSON {
		writeReplayJSON(stdout, path, trailPath, claim, tr, res, reached, why)
	} else if res.CycleClosed {
		// SPIN stops at the end of the trail; gmc says that it checked
		// the lasso.
		start := fmt.Sprintf("the state after step %d", res.CycleStart)
		if res.CycleStart == 0 {
			start = "the initial state"
		}
		fmt.Fprintf(stdout, "gmc: the cycle closes: the state after step %d is %s, where the cycle starts\n", res.Depth, start)
	}
	switch {
	case reached && why != "":
		fmt.Fprintf(stdout, "gmc: %s\n", why)
		return exitViolation
	case reached:
		return exitViolation // the trail led to its error
	case res.Limited:
		return exitOK
	}
	fmt.Fprintf(stderr, "gmc replay: %s: %s\n", trailPath, why)
	return exitUsage
}

// replayEnd reports whether a replay reached the error its trail
// records, or says why not; of an error pan counts where SPIN's
// simulator does not, that it is reached, with a word on it.
func replayEnd(res *sim.Result, tr *trail.File) (bool, string) {
	switch {
	case tr.Error == "polling rv chan" || tr.Error == "error to poll rendezvous channel":
		return true, fmt.Sprintf("pan counts %q at the last step; SPIN's simulator, which the replay follows as spin -t does, takes the step", tr.Error)
	case res.Assertion || res.Fatal != nil || res.InvalidEnd || res.CycleClosed || res.ClaimEnd || res.AcceptStutter || res.Failed:
		// (Failed: the trail ends in the step whose evaluation raised
		// its error, as pan writes it)
		return true, ""
	case cycleError(tr.Error) && tr.Cycle < 0:
		return false, fmt.Sprintf("the trail records an %s but no cycle: the search reported it on a state of its first stack that is not on this path, as pan does past the first errors of -c0 (pan's trail has no cycle either)", tr.Error)
	case tr.Error == "":
		return false, "the replay ends without an error (the trail, pan's, does not say which error it leads to)"
	}
	return false, fmt.Sprintf("the replay ends without the error the trail records (%s)", tr.Error)
}

// cycleError reports whether an error message is one of a cycle.
func cycleError(msg string) bool {
	return msg == "acceptance cycle" || msg == "non-progress cycle"
}

// replayJSON is replay --json: the trail's steps, the stem (to the
// cycle's start, or to the error) and the cycle apart, and how the
// replay ended.
type replayJSON struct {
	Model       string     `json:"model"`
	Trail       string     `json:"trail"`
	Claim       *string    `json:"claim"` // null: none ran
	Error       string     `json:"error"`
	Steps       int        `json:"steps"`
	Stem        []sim.Step `json:"stem"`
	Cycle       []sim.Step `json:"cycle"` // null: the error is no cycle
	CycleCloses bool       `json:"cycle_closes"`
	Reached     bool       `json:"error_reached"`
	Why         string     `json:"why,omitempty"` // when not reached
}

func writeReplayJSON(w io.Writer, path, trailPath, claim string, tr *trail.File, res *sim.Result, reached bool, why string) {
	out := replayJSON{Model: path, Trail: trailPath, Error: tr.Error, Steps: res.Depth, Stem: res.Steps,
		CycleCloses: res.CycleClosed, Reached: reached, Why: why}
	if claim != "" {
		out.Claim = &claim
	}
	if k := res.CycleStart; k >= 0 && k <= len(res.Steps) {
		out.Stem, out.Cycle = res.Steps[:k], res.Steps[k:]
	}
	if out.Stem == nil {
		out.Stem = []sim.Step{}
	}
	writeJSONDocument(w, out)
}

// readTrail reads a trail file, naming the file in its errors.
func readTrail(path string) (*trail.File, error) {
	file, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("no trail %s (gmc run writes one when it finds an error)", path)
		}
		return nil, err
	}
	defer file.Close()
	tr, err := trail.Read(file)
	if err != nil {
		return nil, errors.New(trailError(path, err))
	}
	return tr, nil
}

// trailError is an error about the trail file path in one line, with the
// file's line, path:line:, when it is at one.
func trailError(path string, err error) string {
	var le *trail.LineError
	if errors.As(err, &le) {
		return fmt.Sprintf("%s:%d: %v", path, le.Line, le.Err)
	}
	return fmt.Sprintf("%s: %v", path, err)
}
