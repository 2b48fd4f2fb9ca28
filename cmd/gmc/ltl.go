package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"gmc/ltl"
)

func init() {
	register(&command{name: "ltl", summary: "print the never claim of an LTL formula, as spin -f does", run: runLTL})
}

// runLTL is `spin -f`: the claim accepts the runs that satisfy the formula
// (to check a property p, give !(p), as an ltl block does). The arguments
// are joined with spaces into one formula.
func runLTL(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("ltl", "gmc ltl [--name NAME] FORMULA",
		"gmc ltl '!([] (p -> <> q))'", stderr)
	name := fs.String("name", "", "name the claim: never `NAME` { ... } (spin -c NAME)")
	// (The flags come before the formula, whose words may start with a
	// dash: p -> q.)
	if wantsHelp(args) {
		fs.SetOutput(stdout)
	}
	if err := fs.Parse(args); err != nil {
		return helpOrUsage(err)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	src := strings.Join(fs.Args(), " ")
	claim, err := ltl.Claim(*name, src)
	if err != nil {
		var e *ltl.Error
		if errors.As(err, &e) {
			fmt.Fprintf(stderr, "formula:1:%d: error: %s\n", e.Col, e.Msg)
		} else {
			fmt.Fprintf(stderr, "gmc: %v\n", err)
		}
		return exitUsage
	}
	fmt.Fprint(stdout, claim)
	return exitOK
}
