package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"sync"

	"gmc/internal/spinref"
)

func main() {
	fs := flag.NewFlagSet("spincount", flag.ExitOnError)
	noMerge := fs.Bool("o3", false, "spin -o3: statement merging off")
	depth := fs.Int("m", spinref.DefaultMaxDepth, "pan -m: maximum search depth")
	maxErr := fs.Int("c", 0, "pan -c: stop at this many errors (0 = never)")
	optimize := fs.Bool("O", false, "compile pan with -O2")
	timeout := fs.Duration("timeout", 0, "per-model time limit (0 = none)")
	jobs := fs.Int("j", 1, "models to run in parallel")
	header := fs.Bool("header", false, "print a header line")
	spinFlags := fs.String("spin", "", "extra spin flags, space separated (e.g. \"-o1 -o2\")")
	panFlags := fs.String("pan", "", "extra pan flags, space separated")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: spincount [flags] model.pml...\n")
		fs.PrintDefaults()
	}

	// Allow flags after model paths too.
	var models []string
	args := os.Args[1:]
	for {
		_ = fs.Parse(args) // ExitOnError
		if fs.NArg() == 0 {
			break
		}
		models = append(models, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(models) == 0 {
		fs.Usage()
		os.Exit(2)
	}
	if !spinref.Available() {
		fmt.Fprintln(os.Stderr, "spincount: spin or a C compiler is not on PATH")
		os.Exit(1)
	}
	opt := spinref.Options{
		NoMerge:   *noMerge,
		SpinFlags: strings.Fields(*spinFlags),
		MaxDepth:  *depth,
		MaxErrors: *maxErr,
		Optimize:  *optimize,
		Timeout:   *timeout,
		PanFlags:  strings.Fields(*panFlags),
	}

	type outcome struct {
		res *spinref.Result
		err error
	}
	results := make([]outcome, len(models))
	done := make([]chan struct{}, len(models))
	for i := range done {
		done[i] = make(chan struct{})
	}
	if *jobs < 1 {
		*jobs = 1
	}
	sem := make(chan struct{}, *jobs)
	var wg sync.WaitGroup
	for i, m := range models {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r, err := spinref.Run(m, opt)
			results[i] = outcome{r, err}
			close(done[i])
		}()
	}

	width := len("model")
	for _, m := range models {
		width = max(width, len(m))
	}
	if *header {
		fmt.Printf("%-*s  stored matched transitions atomic depth errors vector secs\n", width, "model")
	}
	failed := false
	for i, m := range models {
		<-done[i] // print in argument order as results arrive
		o := results[i]
		if o.err != nil {
			failed = true
			fmt.Fprintf(os.Stderr, "spincount: %s: %v\n", m, o.err)
			continue
		}
		r := o.res
		fmt.Printf("%-*s  %d %d %d %d %d %d %d %.2f\n", width, m,
			r.Stored, r.Matched, r.Transitions, r.AtomicSteps, r.DepthReached, r.Errors, r.VectorBytes, r.PanSeconds)
		if r.DepthLimitHit {
			fmt.Fprintf(os.Stderr, "spincount: %s: max search depth too small (-m%d)\n", m, *depth)
		}
		if r.Incomplete {
			fmt.Fprintf(os.Stderr, "spincount: %s: search not completed\n", m)
		}
	}
	wg.Wait()
	if failed {
		os.Exit(1)
	}
}
