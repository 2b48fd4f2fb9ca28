package main

import (
	"bytes"
	"strings"
	"testing"

	"gmc/checker"
	"gmc/estimate"
	"gmc/search"

	"github.com/fatih/color"
)

// TestColour: --no-color is taken out of the arguments wherever it
// stands; output to anything but a terminal has no escape codes; on a
// terminal the coverage line of a complete run without errors is green,
// an estimate yellow, and an error line red.
func TestColour(t *testing.T) {
	var buf bytes.Buffer
	if got := colourArgs([]string{"run", "--no-color", "-c0", "m.pml"}, &buf); strings.Join(got, " ") != "run -c0 m.pml" || !color.NoColor {
		t.Errorf("colourArgs: %v, NoColor %v", got, color.NoColor)
	}
	inModels(t)
	var stdout, stderr bytes.Buffer
	gmc([]string{"run", "assert.pml"}, &stdout, &stderr)
	if strings.Contains(stdout.String(), "\x1b[") {
		t.Errorf("escape codes in output to a buffer: %q", stdout.String())
	}

	defer func(old bool) { color.NoColor = old }(color.NoColor)
	color.NoColor = false // as on a terminal
	for _, c := range []struct {
		percent float64
		bound   bool
		res     checker.Result
		want    string
	}{
		{100, false, checker.Result{Stop: search.Stop{Reason: search.Complete}}, "\x1b[32m"},
		{100, true, checker.Result{Stop: search.Stop{Reason: search.Complete}}, "\x1b[33m"}, // at most 100%: not known
		{42, false, checker.Result{}, "\x1b[33m"},
		{-1, false, checker.Result{}, "coverage: unknown"},
	} {
		var w bytes.Buffer
		writeCoverage(&w, estimate.Coverage{Percent: c.percent, Method: "how", Bound: c.bound}, &c.res)
		if !strings.HasPrefix(w.String(), c.want) {
			t.Errorf("coverage %v: %q, want it to start with %q", c.percent, w.String(), c.want)
		}
	}
	var w bytes.Buffer
	writeErrors(&w, &checker.Result{Errors: []*checker.Error{{Msg: "assertion violated"}}}, []string{""}, false)
	if !strings.HasPrefix(w.String(), "\x1b[31;1m") {
		t.Errorf("error line %q is not red", w.String())
	}
}
