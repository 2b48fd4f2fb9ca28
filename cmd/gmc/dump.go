package main

import (
	"fmt"
	"io"

	"gmc/vm"
)

func init() {
	register(&command{name: "dump", summary: "print the model's transition tables, as pan -d does", run: runDump})
}

// runDump prints the model's transition tables in pan -d's layout, to
// compare them with SPIN's when a count differs.
func runDump(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("dump", "gmc dump [flags] MODEL.pml",
		"gmc dump --no-merge examples/models/peterson.pml\n  (compare: spin -o3 -a peterson.pml && cc -DSAFETY -DNOREDUCE -o pan pan.c && ./pan -d)", stderr)
	noMerge := fs.Bool("no-merge", false, "turn statement merging off (as spin -o3)")
	reduce := fs.Bool("reduce", false, "the tables as pan built with partial-order reduction prints them: tp codes, and L/G after pan's start-up (cc without -DNOREDUCE)")
	cycles := fs.Bool("cycles", false, "--reduce: as pan -a -d (or -l -d) prints them, accepting pcs and those leading to them made global")
	lopts := defineFlag(fs)
	models, err := parseFlags(fs, args, "", stdout)
	if err != nil {
		return helpOrUsage(err)
	}
	if len(models) != 1 {
		fs.Usage()
		return exitUsage
	}
	_, m, ok := loadModel(models[0], lopts, vm.Options{NoMerge: *noMerge}, stderr)
	if !ok {
		return exitUsage
	}
	if *reduce || *cycles {
		fmt.Fprint(stdout, m.DumpReduced(*cycles))
		return exitOK
	}
	fmt.Fprint(stdout, m.Dump())
	return exitOK
}

// wantsHelp reports whether a command line asks for the command's help
// (before any -- that ends the flags).
func wantsHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "-h", "-help", "--help":
			return true
		case "--":
			return false
		}
	}
	return false
}
