package main

import (
	"fmt"
	"io"
	"os"

	"gmc/checker"
	"gmc/lang"
	"gmc/vm"
)

func init() {
	register(&command{name: "run", summary: "verify a model: assertions and invalid end states", run: runRun})
}

type runFlags struct {
	maxErrors int
	maxDepth  int
	noReach   bool
	noMerge   bool
}

func runRun(args []string, stdout, stderr io.Writer) int {
	var f runFlags
	fs := newFlags("run", "gmc run [flags] MODEL.pml",
		"gmc run -c0 -m100000 examples/models/philosophers.pml", stderr)
	fs.IntVar(&f.maxErrors, "c", 1, "stop after `N` errors (0: never stop)")
	fs.IntVar(&f.maxDepth, "m", 10000, "depth bound: states at depth `N` are not explored")
	fs.BoolVar(&f.noReach, "n", false, "do not list unreached statements")
	fs.BoolVar(&f.noMerge, "no-merge", false, "turn statement merging off (as spin -o3)")
	if err := fs.Parse(spinStyle(args, "cm")); err != nil {
		return helpOrUsage(err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	path := fs.Arg(0)
	spec, diags := lang.Load(path, nil)
	printDiagnostics(stderr, diags)
	if diags.ErrorCount() > 0 {
		return exitUsage
	}
	m, err := vm.Compile(spec, vm.Options{NoMerge: f.noMerge})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	res, err := checker.NewDFS(m, checker.Options{MaxDepth: f.maxDepth, MaxErrors: f.maxErrors}).Run()
	if err != nil {
		fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
		return exitUsage
	}
	writeReport(stdout, path, m, res, f)
	switch {
	case res.Stats.Errors > 0:
		return exitViolation
	case !res.Complete:
		return exitIncomplete
	}
	return exitOK
}

// writeReport prints the result in the layout of SPIN's pan report, ending
// with the coverage line.
func writeReport(w io.Writer, path string, m *vm.Model, res *checker.Result, f runFlags) {
	for _, e := range res.Errors {
		fmt.Fprintf(w, "gmc: %s (at depth %d)\n", errorText(m, e), e.Depth)
	}
	if res.DepthLimited {
		fmt.Fprintln(w, "error: max search depth too small")
	}
	fmt.Fprintf(w, "\n(gmc %s)\n", version)
	if !res.Complete {
		fmt.Fprintln(w, "Warning: Search not completed")
	}
	fmt.Fprintln(w, "\nFull statespace search for:")
	fmt.Fprintln(w, "\tnever claim         \t- (not selected)")
	fmt.Fprintln(w, "\tassertion violations\t+")
	fmt.Fprintln(w, "\tcycle checks       \t- (disabled: safety search)")
	fmt.Fprintln(w, "\tinvalid end states\t+")
	fmt.Fprintf(w, "\nState-vector %d byte, depth reached %d, errors: %d\n", res.MaxVector, res.DepthReached, res.Stats.Errors)
	fmt.Fprintf(w, "%9d states, stored\n", res.Stored)
	fmt.Fprintf(w, "%9d states, matched\n", res.Matched)
	fmt.Fprintf(w, "%9d transitions (= stored+matched)\n", res.Transitions)
	fmt.Fprintf(w, "%9d atomic steps\n", res.AtomicSteps)
	fmt.Fprintf(w, "\ngmc: elapsed time %.3g seconds\n", res.Elapsed.Seconds())
	if s := res.Elapsed.Seconds(); s > 0.01 {
		fmt.Fprintf(w, "gmc: rate %.0f states/second\n", float64(res.Stored)/s)
	}
	if res.Complete {
		fmt.Fprintln(w, "coverage: 100% (exhaustive search completed)")
	} else {
		fmt.Fprintf(w, "coverage: unknown (search incomplete: %s)\n", res.Stopped)
	}
	_ = os.Stderr
}

func errorText(m *vm.Model, e *checker.Error) string {
	if e.Trans != nil {
		return fmt.Sprintf("%s: %s (%s)", e.Trans.Pos, e.Msg, e.Trans.Text)
	}
	return e.Msg
}

// version is gmc's version, printed in reports.
const version = "0.1"
