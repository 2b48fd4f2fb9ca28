package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gmc/trail"
)

// spinReplayGaps are the rows where gmc replay does not print what spin
// -t -p prints for pan's trail, with why.
var spinReplayGaps = map[string]string{
	"nc_atomic_blocks.acceptance__a__c0__m10000": "pan's trail has a stale frame after the error (its depth 4 repeats step 2); gmc's ends at the error, depth 3",
	"nc_atomic_blocks.safety_claim__c0__m10000":  "pan's trail has a stale frame after the error (its depth 4 repeats step 2); gmc's ends at the error, depth 3",
}

// TestSpinReplay runs, for each liveness case with an error, the search
// pan ran and replays gmc's trail of its error: the output is spin -t
// -p's of pan's trail (testdata/spin-replay), the claim's moves and the
// start of the cycle included, but for the line where spin says it
// cannot find the np_ claim of -l (gmc does not print it) and gmc's last
// line saying that the cycle closes, which must be there for a cycle.
func TestSpinReplay(t *testing.T) {
	if testing.Short() {
		t.Skip("71 runs and replays")
	}
	wd, _ := os.Getwd()
	cases, err := os.ReadFile(filepath.Join(wd, "testdata/spin-replay/cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(cases)), "\n") {
		cols := strings.Split(line, "\t")
		name, model, flags := cols[0], cols[1], strings.Fields(cols[2])
		t.Run(name, func(t *testing.T) {
			if why, ok := spinReplayGaps[name]; ok {
				t.Skip(why)
			}
			want, err := os.ReadFile(filepath.Join(wd, "testdata/spin-replay", name+".out"))
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(filepath.Join(wd, "../../checker/testdata/liveness", model+".pml"))
			if err != nil {
				t.Fatal(err)
			}
			t.Chdir(t.TempDir())
			file := model + ".pml"
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errs bytes.Buffer
			if code := gmc(append(append([]string{"run", "-n"}, flags...), file), &out, &errs); code != exitViolation {
				t.Fatalf("gmc run: exit %d: %s", code, errs.String())
			}
			k := 1
			for i, f := range flags {
				if f == "-c" {
					k, _ = strconv.Atoi(flags[i+1])
				}
			}
			out.Reset()
			errs.Reset()
			if code := gmc([]string{"replay", file, trail.Path(file, k)}, &out, &errs); code != exitViolation {
				t.Fatalf("gmc replay: exit %d: %s", code, errs.String())
			}
			got, closes, _ := strings.Cut(out.String(), "gmc: the cycle closes")
			if strings.Contains(string(want), "START OF CYCLE") != (closes != "") {
				t.Errorf("a cycle in spin's output: %v; gmc says it closes: %v", strings.Contains(string(want), "START OF CYCLE"), closes != "")
			}
			var keep []string
			for _, l := range strings.SplitAfter(string(want), "\n") {
				if !strings.HasPrefix(l, "spin: couldn't find claim") {
					keep = append(keep, l)
				}
			}
			if got != strings.Join(keep, "") {
				t.Errorf("gmc replay:\n%s\nspin -t -p:\n%s", got, want)
			}
		})
	}
}
