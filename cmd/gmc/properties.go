package main

import (
	"fmt"
	"io"
	"runtime"
	"strings"

	"gmc/checker"
	"gmc/estimate"
	"gmc/lang"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// A model's properties are its never claims and ltl blocks. pan checks
// one per run (the first, or the one -N names); gmc checks each in turn,
// each in a search of its own that is the one pan -N NAME makes, and ends
// with a verdict per property.

// propertyRun is the search of one property.
type propertyRun struct {
	mode   mode // mode.claim is the property
	model  *vm.Model
	res    *checker.Result
	trails []string
	store  store.Store // the search's store (nil: the exact store)
}

// runProperties checks the claims of f.mode.each, one search each, with
// the model compiled with that claim.
func runProperties(spec *lang.Spec, path string, f runFlags, vmOpts vm.Options, opts checker.Options, stdout, stderr io.Writer) int {
	var runs []propertyRun
	written := 0
	for i, claim := range f.mode.each {
		md := f.mode
		md.claim = claim
		m, err := vm.Compile(spec, claimOptions(vmOpts, claim))
		if err != nil {
			fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
			return exitUsage
		}
		if w := md.settle(m, f.props); w != "" {
			fmt.Fprintf(stderr, "gmc: warning: %s\n", w)
		}
		o := opts
		o.Cycles, o.Fair = md.cycles, md.fair
		// With -bitstate, the run's filter serves the first property and
		// each other gets a filter of its own; hash compaction and
		// collapse (which cuts the states of this model) one each.
		if i > 0 || o.Store == nil {
			if o.Store, err = newStore(f, m); err != nil {
				fmt.Fprintf(stderr, "gmc run: %v\n", err)
				return exitUsage
			}
		}
		if i > 0 {
			runtime.GC() // the previous property's search: its memory is not this one's
		}
		done := showProgress(&o, f, stderr, nil)
		res, err := checker.NewDFS(m, o).Run()
		done()
		if err != nil {
			fmt.Fprintf(stderr, "%s: error: %v\n", path, err)
			return exitUsage
		}
		trails := writeTrails(stderr, path, m, res, written, o.MaxErrors, md)
		for _, t := range trails {
			if t != "" {
				written++
			}
		}
		runs = append(runs, propertyRun{mode: md, model: m, res: res, trails: trails, store: o.Store})
		if res.Stop.Reason == search.Interrupted {
			break // the user asked the run to stop, not this search
		}
	}
	if f.json {
		writeJSONDocument(stdout, propertiesJSON(spec, path, runs, f.mode.each))
	} else {
		writeProperties(stdout, spec, runs, f)
	}
	exit := exitOK
	for _, r := range runs {
		switch runExit(r.res) {
		case exitViolation:
			exit = exitViolation
		case exitIncomplete:
			if exit == exitOK {
				exit = exitIncomplete
			}
		}
	}
	if len(runs) < len(f.mode.each) && exit == exitOK {
		exit = exitIncomplete
	}
	return exit
}

// writeProperties prints the report of each property's search, pan's
// layout; with more than one property, each under its name and then the
// verdicts, and the run's coverage: the least of theirs.
func writeProperties(w io.Writer, spec *lang.Spec, runs []propertyRun, f runFlags) {
	if len(runs) == 1 {
		r := runs[0]
		f.mode = r.mode
		writeReport(w, r.model, r.res, r.trails, f, r.store, nil)
		return
	}
	for i, r := range runs {
		if i > 0 {
			fmt.Fprintln(w)
		}
		paintHeading.Fprintln(w, propertyTitle(spec, r.mode.claim))
		f.mode = r.mode
		writeReport(w, r.model, r.res, r.trails, f, r.store, nil)
	}
	paintHeading.Fprintf(w, "\n%d properties, each checked in a search of its own (pan -N NAME):\n", len(runs))
	for _, r := range runs {
		verdict, detail := propertyVerdict(r)
		fmt.Fprintf(w, "\t%s\t%s%s\n", r.mode.claim, verdict, detail)
	}
	if n := len(f.mode.each) - len(runs); n > 0 {
		fmt.Fprintf(w, "\t(%d not checked: the run was interrupted)\n", n)
	}
	least, cov := leastCovered(runs)
	cov.Method = "the least of the properties', " + runs[least].mode.claim + ": " + cov.Method
	writeCoverage(w, cov, runs[least].res)
}

// leastCovered is the run whose search covered the least (an unknown
// coverage is the least), and its coverage.
func leastCovered(runs []propertyRun) (int, estimate.Coverage) {
	least, cov := 0, estimate.Coverage{Percent: 101}
	for i, r := range runs {
		if c := estimate.Verdict(coverageFacts(r.res, r.store)); c.Percent < cov.Percent {
			least, cov = i, c
		}
	}
	return least, cov
}

// propertyTitle names a property as spin -a does when it reads the model:
// "ltl NAME: FORMULA", or "never claim NAME".
func propertyTitle(spec *lang.Spec, claim string) string {
	if l := ltlOf(spec, claim); l != nil {
		return "ltl " + l.Name + ": " + l.Text
	}
	return "never claim " + claim
}

// ltlOf returns the ltl block whose claim is named claim, or nil.
func ltlOf(spec *lang.Spec, claim string) *lang.LTL {
	for _, l := range spec.LTLs {
		if l.Name == claim {
			return l
		}
	}
	return nil
}

// propertyVerdict is what a property's search says of it: a word
// (violated, holds, no finite violation, unknown) and its detail.
func propertyVerdict(r propertyRun) (verdict, detail string) {
	res := r.res
	switch {
	case res.Stats.NumErrors > 0:
		e := res.Errors[0]
		detail = " (" + strings.ReplaceAll(e.Kind.String(), "_", " ")
		if r.trails[0] != "" {
			detail += ", " + r.trails[0]
		}
		return "violated", detail + ")"
	case !res.Complete():
		return "unknown", " (search incomplete: " + stoppedText(res.Stop) + ")"
	case r.mode.cycles == checker.NoCycles:
		return "no finite violation", " (cycles not checked: " + r.mode.noCycles + ")"
	}
	return "holds", ""
}

// propertyJSON is one property's search in run --json's `properties`:
// its name and verdict, and, when the run checked several, its search's
// object (with one, that is the run's).
type propertyJSON struct {
	Name     string `json:"name"`
	Formula  string `json:"formula,omitempty"` // an ltl block's, as spin prints it
	Verdict  string `json:"verdict"`           // violated, holds, no_finite_violation, unknown
	Errors   int64  `json:"errors"`
	*runJSON `json:",omitempty"`
}

// propertiesJSON is run --json's object for a run of properties: with one
// property, its search's; with several, their sums (depth, vector and
// memory: the largest) and each in `properties`.
func propertiesJSON(spec *lang.Spec, path string, runs []propertyRun, each []string) runJSON {
	var props []propertyJSON
	var errs []errorJSON
	for _, r := range runs {
		verdict, _ := propertyVerdict(r)
		out := resultJSON(r.model, path, r.mode.name(), r.res, r.trails, r.store)
		r.mode.pan.flagsJSON(&out, r.res)
		p := propertyJSON{Name: r.mode.claim, Verdict: strings.ReplaceAll(verdict, " ", "_"), Errors: out.Errors, runJSON: &out}
		if l := ltlOf(spec, r.mode.claim); l != nil {
			p.Formula = l.Text
		}
		props = append(props, p)
		errs = append(errs, p.ErrorList...)
	}
	if len(props) == 1 {
		out := *props[0].runJSON
		props[0].runJSON = nil
		out.Properties = props
		return out
	}
	out := runJSON{Model: path, Mode: "each property", Complete: len(runs) == len(each), StopReason: search.Complete.String(), ErrorList: errs, Properties: props}
	for _, p := range props {
		out.StatesStored += p.StatesStored
		out.StatesVisited += p.StatesVisited
		out.StatesMatched += p.StatesMatched
		out.Transitions += p.Transitions
		out.AtomicSteps += p.AtomicSteps
		out.Errors += p.Errors
		out.ElapsedS += p.ElapsedS
		out.Depth = max(out.Depth, p.Depth)
		out.StateVector = max(out.StateVector, p.StateVector)
		out.DepthLimited = out.DepthLimited || p.DepthLimited
		out.Memory.HeapBytes = max(out.Memory.HeapBytes, p.Memory.HeapBytes)
		if !p.Complete && out.Complete {
			out.Complete, out.Stopped, out.StopReason = false, p.Stopped, p.StopReason
		}
	}
	least, _ := leastCovered(runs)
	out.Coverage = props[least].Coverage
	if len(runs) < len(each) {
		out.StopReason = search.Interrupted.String()
	}
	return out
}
