package main

import (
	"errors"
	"flag"
	"strconv"

	"gmc/checker"
)

// panFlags are gmc run's flags that are pan's run-time flags of the same
// letters (docs/references.md#spin-pan-flags): what is an error (-A, -E,
// -q), how errors are kept (-e), the search for a shorter error (-i, -I).
type panFlags struct {
	noAsserts bool // -A
	noEnds    bool // -E
	strict    bool // -q
	every     bool // -e
	shortest  bool // -i
	halving   bool // -I
	// lifts: -e came after the last -c, and lifts the error bound (pan
	// takes its flags in order: -e sets the bound to 0, a -c after it
	// sets it again).
	lifts bool
}

func (p *panFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&p.noAsserts, "A", false, "failing assert statements are no errors (as pan -A)")
	fs.BoolVar(&p.noEnds, "E", false, "invalid end states are no errors (as pan -E)")
	fs.BoolVar(&p.strict, "q", false, "a valid end state also has every channel empty (as pan -q)")
	fs.BoolFunc("e", "write a trail for every error, M.pml1.trail, M.pml2.trail, ... (as pan -e; the search does not stop at errors unless a -c follows)", func(s string) error {
		on, err := strconv.ParseBool(s)
		if err != nil {
			return errors.New("parse error")
		}
		p.every, p.lifts = on, on
		return nil
	})
	fs.BoolVar(&p.shortest, "i", false, "look for a shortest error: after each error the depth bound is lowered below it and the search goes on, exploring states again that it reaches at a smaller depth (as pan -i built with -DREACH); the trail is the last, shortest error's")
	fs.BoolVar(&p.halving, "I", false, "as -i, but the depth bound is halved at each error: faster, and the trail is short but not always the shortest (as pan -I built with -DREACH)")
}

// iterative is the iterative mode the flags ask for.
func (p panFlags) iterative() checker.IterMode {
	switch {
	case p.shortest:
		return checker.Shortest
	case p.halving:
		return checker.Halving
	}
	return checker.NotIterative
}

// check refuses what pan refuses or gmc does not do with these flags,
// before the model is read: set are the flags given.
func (p panFlags) check(set map[string]bool, f runFlags) error {
	iter := p.shortest || p.halving
	search := f.random.search
	switch {
	case p.shortest && p.halving:
		return errors.New("-i and -I are two ways of lowering the depth bound: choose one")
	case search != "dfs" && search != "bfs" && (p.noAsserts || p.noEnds || p.strict || p.every || iter):
		return errors.New("-A, -E, -q, -e, -i and -I are for the exhaustive searches (--search dfs or bfs)")
	case iter && search == "bfs":
		// (pan -DBFS does not lower its bound: its first error is a shortest one)
		return errors.New("-i and -I are for the depth-first search: the breadth-first search (--search bfs) finds a shortest error first")
	case iter && (f.bitstate || f.cache != "" || f.script != "" || f.runs > 1):
		return errors.New("-i and -I explore states again at a smaller depth, which they keep with each state: with --store exact, hc or collapse, without --script")
	}
	return nil
}

// setOptions gives opts the flags' settings; -e lifts the error bound
// unless a -c follows it (pan -e sets it to 0, and a -c after it sets it
// again).
func (p panFlags) setOptions(opts *checker.Options) {
	opts.NoAsserts, opts.NoEnds, opts.StrictEnd = p.noAsserts, p.noEnds, p.strict
	opts.EveryError = p.every
	opts.Iterative = p.iterative()
	if p.lifts {
		opts.MaxErrors = 0
	}
}

// errorBound is -c, the error bound *n, whose setting cancels an -e
// before it (panFlags.lifts).
type errorBound struct {
	n *int
	p *panFlags
}

func (b errorBound) String() string {
	if b.n == nil { // (the flag package's zero value)
		return "0"
	}
	return strconv.Itoa(*b.n)
}

func (b errorBound) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, strconv.IntSize)
	if err != nil {
		return errors.New("parse error")
	}
	*b.n, b.p.lifts = int(v), false
	return nil
}

// checkCycles refuses -i and -I in a search with a never claim or for
// cycles (pan: "-i or -I work for safety properties only").
func (p panFlags) checkCycles(md mode) error {
	if (p.shortest || p.halving) && (md.claim != "" || md.cycles != checker.NoCycles) {
		return errors.New("-i and -I work for safety properties only, as pan says: not with a never claim, an ltl property or a cycle search (--safety --no-claim checks the assertions alone)")
	}
	return nil
}

// flagsJSON puts the flags' part of a run's result in out.
func (p panFlags) flagsJSON(out *runJSON, res *checker.Result) {
	out.NoAssertions, out.NoEndStates, out.StrictEndStates, out.EveryError = p.noAsserts, p.noEnds, p.strict, p.every
	switch p.iterative() {
	case checker.Shortest:
		out.Iterative = "-i"
	case checker.Halving:
		out.Iterative = "-I"
	}
	if out.Iterative != "" {
		bound := res.DepthBound
		out.DepthBound = &bound
	}
}
