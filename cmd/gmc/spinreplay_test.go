package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
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
			// (with -c N, the trail is the N-th error's, as pan's: file.trail)
			out.Reset()
			errs.Reset()
			if code := gmc([]string{"replay", file}, &out, &errs); code != exitViolation {
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

// trailRow is a search whose trail gmc and pan both write: the model,
// gmc run's flags, pan's build (spin -a's and cc's flags) and pan's
// flags, and which error's trail (the k-th, from 1).
type trailRow struct {
	name, model string
	gmcFlags    []string
	spinFlags   []string
	ccFlags     []string
	panFlags    []string
}

// trailGaps are where gmc's trail or its replay differs from pan's
// (row name, then "/trail" or "/replay"), with why.
var trailGaps = map[string]string{
	"nc_atomic_blocks.acceptance__a__c0__m10000/trail":  "pan's trail has a stale frame after the error (its depth 4 repeats step 2); gmc's ends at the error",
	"nc_atomic_blocks.safety_claim__c0__m10000/trail":   "pan's trail has a stale frame after the error (its depth 4 repeats step 2); gmc's ends at the error",
	"nc_atomic_blocks.acceptance__a__c0__m10000/replay": "gmc refuses pan's stale frame (its transition is not at the process's state); spin replays it",
	"nc_atomic_blocks.safety_claim__c0__m10000/replay":  "gmc refuses pan's stale frame (its transition is not at the process's state); spin replays it",
	"F3/replay":           "spin takes the depth of pan's -4:-4:-4 line for the last step's: \"trail ends after -4 steps\"",
	"F3/no-reduce/replay": "spin takes the depth of pan's -4:-4:-4 line for the last step's: \"trail ends after -4 steps\"",
}

func init() {
	for _, v := range []string{"", "/no-merge", "/no-reduce"} {
		trailGaps["trace_rv"+v+"/replay"] = "the last step, a rendezvous send no process can take, violates the trace assertion: spin's simulator executes it, gmc replay shows it as a transition that failed"
		trailGaps["notrace_giveup"+v+"/trail"] = "pan's trail has a stale frame after the error (the notrace ends on entering depth 5; its depth 6 is the last step tried there before); gmc's ends at the error"
		trailGaps["F9"+v+"/replay"] = "spin's simulator keeps the channel of a process that ended and executes c!2 on it; gmc stops at the bad queue, as pan"
	}
}

// trailRows are the rows TestTrailsAgainstSpin runs: every liveness case
// of testdata/spin-replay (a claim's safety errors, acceptance and
// non-progress cycles, with and without fairness) as pan -DNOREDUCE runs
// it, some of them without statement merging, and safety errors of
// models without claims in both merging modes, reduced or not.
func trailRows(t *testing.T, wd string) []trailRow {
	var rows []trailRow
	cases, err := os.ReadFile(filepath.Join(wd, "testdata/spin-replay/cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(cases)), "\n") {
		cols := strings.Split(line, "\t")
		r := trailRow{name: cols[0], model: filepath.Join(wd, "../../checker/testdata/liveness", cols[1]+".pml")}
		r.gmcFlags = append([]string{"--no-reduce"}, strings.Fields(cols[2])...)
		r.ccFlags = []string{"-DNOREDUCE"}
		flags := strings.Fields(cols[2])
		for i := 0; i < len(flags); i++ {
			switch f := flags[i]; f {
			case "--safety":
				r.ccFlags = append(r.ccFlags, "-DSAFETY")
			case "-l":
				r.ccFlags = append(r.ccFlags, "-DNP")
				r.panFlags = append(r.panFlags, f)
			case "-m", "-c", "-N":
				// pan wants -m and -c glued to their values
				if f == "-N" {
					r.panFlags = append(r.panFlags, f, flags[i+1])
				} else {
					r.panFlags = append(r.panFlags, f+flags[i+1])
				}
				i++
			default:
				r.panFlags = append(r.panFlags, f)
			}
		}
		rows = append(rows, r)
		if slices.Contains([]string{"nc_assert.safety_claim__c0__m10000", "np_partial.nonprogress__l__c0__m10000", "fair_three.acceptance_fair__a__f__m10000", "acc_rv.acceptance__a__c0__m10000"}, r.name) {
			o3 := r
			o3.name += "/no-merge"
			o3.gmcFlags = append([]string{"--no-merge"}, r.gmcFlags...)
			o3.spinFlags = []string{"-o3"}
			rows = append(rows, o3)
		}
	}
	for _, m := range []string{"examples/models/bugs.pml", "examples/models/philosophers.pml", "testdata/spinnotes/B7.pml", "testdata/spinnotes/D7.pml", "testdata/spinnotes/F3.pml", "testdata/spinnotes/H4.pml", "testdata/semantics/trace_rv.pml", "testdata/semantics/uninit_chan_recv.pml", "checker/testdata/por/xs_violation.pml",
		// errors raised while evaluating a transition: pan's trail ends in
		// the step tried, which spin -t shows as "transition failed"
		"testdata/semantics/uninit_chan_send.pml", "testdata/semantics/uninit_chan_full.pml", "testdata/semantics/uninit_chan_empty.pml",
		"testdata/semantics/uninit_chan_ops.pml", "testdata/semantics/uninit_chan_len.pml", "testdata/semantics/notrace_giveup.pml", "testdata/spinnotes/F9.pml"} {
		name := strings.TrimSuffix(filepath.Base(m), ".pml")
		model := filepath.Join(wd, "../..", m)
		rows = append(rows,
			trailRow{name: name, model: model, gmcFlags: []string{"--no-claim"}, ccFlags: []string{"-DSAFETY", "-DNOCLAIM"}},
			trailRow{name: name + "/no-merge", model: model, gmcFlags: []string{"--no-claim", "--no-merge"}, spinFlags: []string{"-o3"}, ccFlags: []string{"-DSAFETY", "-DNOCLAIM"}})
		if name != "xs_violation" { // (pan checks xs declarations only when it reduces)
			rows = append(rows, trailRow{name: name + "/no-reduce", model: model, gmcFlags: []string{"--no-claim", "--no-reduce"}, ccFlags: []string{"-DSAFETY", "-DNOCLAIM", "-DNOREDUCE"}})
		}
	}
	return rows
}

// TestTrailsAgainstSpin checks trails in both directions against SPIN:
// for each row, gmc run and pan find the error, and gmc's trail is pan's
// line for line (gmc's own lines after the steps aside), spin -t -p
// prints the same replaying it as replaying pan's, and gmc replay
// prints, replaying pan's trail, what spin -t -p prints (but for the
// line where spin says it cannot find the np_ claim of -l, and gmc's
// last line saying that the cycle closes). With -short, one row (a fair acceptance cycle).
func TestTrailsAgainstSpin(t *testing.T) {
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin is not installed")
	}
	if _, err := exec.LookPath("cc"); err != nil {
		t.Skip("cc is not installed")
	}
	wd, _ := os.Getwd()
	for _, r := range trailRows(t, wd) {
		if testing.Short() && r.name != "fair_three.acceptance_fair__a__f__m10000" {
			continue
		}
		t.Run(r.name, func(t *testing.T) {
			src, err := os.ReadFile(r.model)
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Base(r.model)
			dirs := map[string]string{"gmc": t.TempDir(), "pan": t.TempDir()}
			for _, dir := range dirs {
				// dated 2000: spin warns when the model is newer than the trail
				path := filepath.Join(dir, file)
				old := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
				if err := os.WriteFile(path, src, 0o644); err != nil || os.Chtimes(path, old, old) != nil {
					t.Fatal(err)
				}
			}
			// gmc's trail
			t.Chdir(dirs["gmc"])
			var out, errs bytes.Buffer
			if code := gmc(append(append([]string{"run", "-n"}, r.gmcFlags...), file), &out, &errs); code != exitViolation {
				t.Fatalf("gmc run: exit %d: %s", code, errs.String())
			}
			// (with -c N, gmc writes the N-th error's trail only, as file.trail,
			// as pan does)
			if files, _ := filepath.Glob("*.trail"); len(files) != 1 {
				t.Errorf("gmc wrote the trails %v; pan writes one", files)
			}
			written, err := os.ReadFile(file + ".trail")
			if err != nil {
				t.Fatal(err)
			}
			var steps []string
			for _, l := range strings.SplitAfter(string(written), "\n") {
				if !strings.HasPrefix(l, "#gmc ") {
					steps = append(steps, l)
				}
			}
			if err := os.WriteFile(file+".trail", []byte(strings.Join(steps, "")), 0o644); err != nil {
				t.Fatal(err)
			}
			// pan's (with -cN, pan writes the N-th error's trail only, as
			// file.trail)
			t.Chdir(dirs["pan"])
			run := func(name string, args ...string) string {
				t.Helper()
				b, err := exec.Command(name, args...).CombinedOutput()
				if err != nil && name != "./pan" {
					t.Fatalf("%s %v: %v\n%s", name, args, err, b)
				}
				return string(b)
			}
			run("spin", append(append([]string{}, r.spinFlags...), "-a", file)...)
			run("cc", append(append([]string{"-w", "-o", "pan"}, r.ccFlags...), "pan.c")...)
			run("./pan", r.panFlags...)
			panTrail, err := os.ReadFile(file + ".trail")
			if err != nil {
				t.Fatalf("pan wrote no trail: %v", err)
			}
			if why, gap := trailGaps[r.name+"/trail"]; gap {
				t.Log(why)
			} else if got := strings.Join(steps, ""); got != string(panTrail) {
				t.Errorf("gmc's trail:\n%s\npan's:\n%s", got, panTrail)
			}
			spinPan := run("spin", "-t", "-p", file)
			t.Chdir(dirs["gmc"])
			if why, gap := trailGaps[r.name+"/trail"]; gap {
				t.Log(why)
			} else if spinGmc := run("spin", "-t", "-p", file); spinGmc != spinPan {
				t.Errorf("spin -t -p of gmc's trail:\n%s\nof pan's:\n%s", spinGmc, spinPan)
			}
			// gmc replay of pan's trail
			t.Chdir(dirs["pan"])
			out.Reset()
			errs.Reset()
			code := gmc([]string{"replay", file}, &out, &errs)
			if why, gap := trailGaps[r.name+"/replay"]; gap {
				t.Log(why)
				return
			}
			if code != exitViolation && code != exitUsage {
				t.Errorf("gmc replay: exit %d: %s", code, errs.String())
			}
			got, closes, _ := strings.Cut(out.String(), "gmc: the cycle closes")
			if strings.Contains(spinPan, "START OF CYCLE") != (closes != "") {
				t.Errorf("a cycle in spin's output: %v; gmc says it closes: %v", strings.Contains(spinPan, "START OF CYCLE"), closes != "")
			}
			var keep []string
			for _, l := range strings.SplitAfter(spinPan, "\n") {
				if !strings.HasPrefix(l, "spin: couldn't find claim") {
					keep = append(keep, l)
				}
			}
			if got != strings.Join(keep, "") {
				t.Errorf("gmc replay of pan's trail:\n%s%s\nspin -t -p:\n%s", got, errs.String(), spinPan)
			}
		})
	}
}
