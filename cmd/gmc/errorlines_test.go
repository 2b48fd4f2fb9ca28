package main

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gmc/internal/spinref"
)

// TestErrorLinesMatchPan runs pan and gmc run with the flags that meet
// several errors (-i with pan built with -DREACH, -e, -c N, -c0) on
// models whose errors repeat their message, and wants pan's error lines:
// one where the message changes, numbered by the count of errors
// (docs/references.md#spin-error-lines), each message as pan's but for
// gmc's place before it and its spacing; and pan's "reducing search
// depth" lines, and pan's count of errors. With -short, the -i row.
func TestErrorLinesMatchPan(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the test needs SPIN (apt-get install spin)")
	}
	inModels(t)
	for _, c := range []struct {
		model string
		reach bool
		flags [][]string // each given to pan and to gmc run
	}{
		{"repeats.pml", true, [][]string{{"-c1", "-i"}}},
		// (pan takes -c and -e in order: the last one sets the bound)
		{"repeats.pml", false, [][]string{{"-c0", "-e"}, {"-c3"}, {"-e", "-c5"}, {"-c5", "-e"}, {"-c0"}}},
		{"flags.pml", true, [][]string{{"-c1", "-i"}}},
	} {
		if testing.Short() && (c.model != "repeats.pml" || !c.reach) {
			continue
		}
		build := []string{"-DSAFETY", "-DNOCLAIM"}
		if c.reach {
			build = append(build, "-DREACH")
		}
		pans, err := spinref.RunEach(c.model, spinref.Options{Build: build}, c.flags)
		if err != nil {
			t.Fatalf("pan: %v", err)
		}
		for i, flags := range c.flags {
			name := c.model + " " + strings.Join(flags, " ")
			var want []string
			for _, l := range pans[i].ErrorMessages {
				want = append(want, strings.ReplaceAll(l, " ", ""))
			}
			for _, l := range pans[i].Notes {
				if strings.HasPrefix(l, "pan: reducing search depth") {
					want = append(want, strings.ReplaceAll(l, " ", ""))
				}
			}
			var stdout bytes.Buffer
			gmc(append(append([]string{"run", "-n"}, flags...), c.model), &stdout, &bytes.Buffer{})
			var errs, bounds []string
			for _, l := range strings.Split(stdout.String(), "\n") {
				l = strings.ReplaceAll(l, " ", "")
				switch {
				case errorLineRE.MatchString(l):
					errs = append(errs, errorLineRE.ReplaceAllString(l, "pan:$1:"))
				case strings.HasPrefix(l, "gmc:reducingsearchdepth"):
					bounds = append(bounds, "pan"+strings.TrimPrefix(l, "gmc"))
				}
			}
			if m := errorsRE.FindStringSubmatch(stdout.String()); m == nil || m[1] != strconv.FormatInt(pans[i].Errors, 10) {
				t.Errorf("%s: gmc's report %q, pan's errors: %d", name, m, pans[i].Errors)
			}
			if got := append(errs, bounds...); !slices.Equal(got, want) {
				t.Errorf("%s: gmc's error lines (pan's layout, spaces removed)\n%s\nwant pan's\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(pans[i].ErrorMessages) >= int(pans[i].Errors) {
				t.Errorf("%s: pan printed a line for each of its %d errors: the case shows nothing", name, pans[i].Errors)
			}
		}
	}
}

// errorLineRE is an error's line of gmc's report with its spaces removed:
// its number and the place gmc names before the message.
var errorLineRE = regexp.MustCompile(`^gmc:(\d+):(?:[^:]+\.pml:\d+:\d+:)?`)

// errorsRE is the count of errors in gmc's report.
var errorsRE = regexp.MustCompile(`errors: (\d+)`)
