package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"gmc/lang"
	"gmc/sim"
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
}

// define adds the shared flags to fs, -D among them, and returns the
// options of lang.Load that -D fills.
func (f *simFlags) define(fs *flag.FlagSet) *lang.Options {
	fs.IntVar(&f.opts.MaxSteps, "u", 0, "stop after `N` steps (0: no bound)")
	fs.IntVar(&f.opts.From, "j", 0, "show steps from step `N` on")
	fs.BoolVar(&f.opts.Globals, "g", false, "show the globals that change after each step")
	fs.BoolVar(&f.opts.Locals, "l", false, "show the locals of the process that steps after each step")
	fs.BoolVar(&f.opts.NoIndent, "T", false, "do not indent printf output by process")
	return defineFlag(fs)
}

// loadForSim reads and compiles a model for simulation (no merging, no
// dead-variable resets: SPIN's simulator has neither; no trace
// assertions, which it does not use either) or replay (as the run that
// wrote the trail).
func loadForSim(path string, lopts *lang.Options, merge, deadVars bool, stderr io.Writer) (*vm.Model, bool) {
	_, m, ok := loadModel(path, lopts, vm.Options{NoMerge: !merge, NoDeadVars: !deadVars, Trace: true, NoTraceAssertions: true}, stderr)
	return m, ok
}

func runSim(args []string, stdout, stderr io.Writer) int {
	var f simFlags
	fs := newFlags("sim", "gmc sim [flags] MODEL.pml", "gmc sim --seed 7 -p examples/models/philosophers.pml", stderr)
	lopts := f.define(fs)
	fs.Int64Var(&f.seed, "seed", 0, "random seed `S` (0: from the clock; the seed used is printed on stderr)")
	fs.BoolVar(&f.opts.Steps, "p", false, "show every step")
	if err := fs.Parse(spinStyle(args, "uj")); err != nil {
		return helpOrUsage(err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	m, ok := loadForSim(fs.Arg(0), lopts, false, false, stderr)
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
	}
	fmt.Fprintf(stderr, "gmc: seed %d (gmc sim --seed %d repeats this run)\n", f.seed, f.seed)
	// An interrupt ends the simulation with its last state printed (and,
	// in gmc repl, leaves the session going).
	stop, release := onInterrupt()
	defer release()
	f.opts.Stop = stop
	res, err := sim.Simulate(m, f.opts, out)
	flush()
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", fs.Arg(0), err)
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
	if err := fs.Parse(spinStyle(args, "uj")); err != nil {
		return helpOrUsage(err)
	}
	if fs.NArg() < 1 || fs.NArg() > 2 {
		fs.Usage()
		return exitUsage
	}
	path := fs.Arg(0)
	trailPath := trail.Path(path, 1)
	if fs.NArg() == 2 {
		trailPath = fs.Arg(1)
	}
	tr, err := readTrail(trailPath)
	if err != nil {
		fmt.Fprintf(stderr, "gmc replay: %v\n", err)
		return exitUsage
	}
	m, ok := loadForSim(path, lopts, tr.Merge, true, stderr)
	if !ok {
		return exitUsage
	}
	if tr.Model != m.Fingerprint() {
		fmt.Fprintf(stderr, "gmc replay: %s was not written for %s as it is now (the model changed since); run gmc run again\n", trailPath, path)
		return exitUsage
	}
	if f.chans {
		f.opts.Channels = true
	}
	res, err := sim.Replay(m, tr.Steps, f.opts, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "gmc replay: %s: %v\n", trailPath, err)
		return exitUsage
	}
	switch {
	case res.Assertion || res.Fatal != nil || res.InvalidEnd:
		return exitViolation // the trail led to its error
	case res.Limited:
		return exitOK
	case claimError(tr.Error):
		// The replay runs the system alone: it cannot see the error.
		fmt.Fprintf(stderr, "gmc replay: %s records a violation of the never claim or a cycle (%s): these are the system's steps to it; the claim's moves and where the cycle starts are not shown yet\n", trailPath, tr.Error)
		return exitViolation
	}
	fmt.Fprintf(stderr, "gmc replay: %s: the replay ends without the error the trail records (%s)\n", trailPath, tr.Error)
	return exitUsage
}

// claimError reports whether an error message is one of a claim or a
// cycle search, which a replay of the system alone cannot show.
func claimError(msg string) bool {
	switch msg {
	case "acceptance cycle", "non-progress cycle", "end state in claim reached", "accept stutter":
		return true
	}
	return false
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
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return tr, nil
}
