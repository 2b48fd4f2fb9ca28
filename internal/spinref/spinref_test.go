package spinref

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

const examples = "/usr/share/doc/spin/examples/Examples"

func needSpin(t *testing.T) {
	t.Helper()
	if !Available() {
		t.Skip("spin not installed")
	}
}

type counts struct {
	stored, matched, depth, errors int64
}

func checkCounts(t *testing.T, r *Result, want counts) {
	t.Helper()
	got := counts{r.Stored, r.Matched, r.DepthReached, r.Errors}
	if got != want {
		t.Errorf("got stored/matched/depth/errors %d/%d/%d/%d, want %d/%d/%d/%d\n%s",
			got.stored, got.matched, got.depth, got.errors,
			want.stored, want.matched, want.depth, want.errors, r.Report)
	}
	if r.Transitions != r.Stored+r.Matched {
		t.Errorf("transitions %d != stored+matched %d", r.Transitions, r.Stored+r.Matched)
	}
}

// TestNotesExamples runs small models of the rules of SPIN's counts
// (docs/references.md#spin-notes) with their documented counts.
func TestNotesExamples(t *testing.T) {
	needSpin(t)
	tests := []struct {
		name  string
		src   string
		opt   Options
		want  counts
		limit bool
	}{
		{"A1", `active proctype P() { skip }`, Options{}, counts{3, 0, 2, 0}, false},
		{"A2", `active [2] proctype P() { skip }`, Options{}, counts{7, 2, 4, 0}, false},
		{"A3", `byte x; active proctype P() { do :: x < 10 -> x++ :: x > 0 -> x-- od }`,
			Options{}, counts{31, 10, 21, 0}, false},
		{"A3-m10", `byte x; active proctype P() { do :: x < 10 -> x++ :: x > 0 -> x-- od }`,
			Options{MaxDepth: 10}, counts{14, 5, 9, 0}, true},
		{"H3", `byte x; active proctype P() { if :: x = 1 :: x = 2 fi; assert(x == 0); x = 3 }`,
			Options{}, counts{7, 1, 4, 2}, false},
		{"B1-o2", `byte y; active proctype P() { if :: y = 1 :: y = 2 fi; skip }`,
			Options{SpinFlags: []string{"-o2"}}, counts{7, 0, 3, 0}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, err := RunSource(tc.src, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			checkCounts(t, r, tc.want)
			if r.DepthLimitHit != tc.limit {
				t.Errorf("DepthLimitHit = %v, want %v", r.DepthLimitHit, tc.limit)
			}
			if r.VectorBytes <= 0 || r.AtomicSteps != 0 {
				t.Errorf("vector %d atomic %d", r.VectorBytes, r.AtomicSteps)
			}
			if tc.name == "H3" {
				if len(r.ErrorMessages) == 0 || !strings.Contains(r.ErrorMessages[0], "assertion violated") {
					t.Errorf("ErrorMessages = %q", r.ErrorMessages)
				}
			}
			if r.SpinSeconds <= 0 || r.CompileSeconds <= 0 || r.PanSeconds <= 0 || r.PanStatesPerSecond <= 0 {
				t.Errorf("timings spin %v cc %v pan %v rate %v", r.SpinSeconds, r.CompileSeconds, r.PanSeconds, r.PanStatesPerSecond)
			}
		})
	}
}

func TestHello(t *testing.T) {
	needSpin(t)
	if testing.Short() {
		t.Skip("Run on a file is exercised by the conformance test's short corpus")
	}
	t.Parallel()
	r, err := Run(filepath.Join(examples, "hello.pml"), Options{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, r, counts{3, 0, 2, 0})
	if len(r.Unreached) != 0 {
		t.Errorf("Unreached = %+v", r.Unreached)
	}
	want := []ProcStates{{Name: "init", Kind: "init", Unreached: 0, Total: 2}}
	if len(r.Proctypes) != 1 || r.Proctypes[0] != want[0] {
		t.Errorf("Proctypes = %+v, want %+v", r.Proctypes, want)
	}
	if !strings.HasPrefix(r.Version, "Spin Version 6") {
		t.Errorf("Version = %q", r.Version)
	}
}

func TestLeader0(t *testing.T) {
	needSpin(t)
	model := filepath.Join(examples, "leader0.pml")
	for _, tc := range []struct {
		name   string
		opt    Options
		want   counts
		atomic int64
	}{
		{"default", Options{}, counts{15779, 42402, 113, 0}, 17},
		{"o3", Options{NoMerge: true}, counts{41692, 127998, 125, 0}, 18},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r, err := Run(model, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			checkCounts(t, r, tc.want)
			if r.AtomicSteps != tc.atomic || r.VectorBytes != 220 {
				t.Errorf("atomic %d vector %d, want %d 220", r.AtomicSteps, r.VectorBytes, tc.atomic)
			}
			want := Unreached{Proctype: "node", File: "leader0.pml", Line: 53, State: 28, Text: "out!two,nr"}
			if len(r.Unreached) != 1 || r.Unreached[0] != want {
				t.Errorf("Unreached = %+v, want [%+v]", r.Unreached, want)
			}
			if len(r.Proctypes) != 2 || r.Proctypes[0] != (ProcStates{"node", "proctype", 1, 49}) ||
				r.Proctypes[1] != (ProcStates{"init", "init", 0, 11}) {
				t.Errorf("Proctypes = %+v", r.Proctypes)
			}
		})
	}
}

// TestUnreachedAndFiles checks unreached parsing on a model with dead code,
// that #include works relative to the model's directory, and that no file
// (trail, pan.c, ...) is written next to the model even when pan writes a
// trail (-c1).
func TestUnreachedAndFiles(t *testing.T) {
	needSpin(t)
	t.Parallel()
	dir := t.TempDir()
	model := filepath.Join(dir, "dead.pml")
	src := `#include "defs.h"
byte x;
active proctype P() { x = 1; if :: x == 2 -> x = 5; x = 6 :: x == ONE -> skip fi; assert(x == 7) }
active proctype Q() { end: x == 9 -> x = 3 }
`
	if err := os.WriteFile(model, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "defs.h"), []byte("#define ONE 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := Run(model, Options{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	checkCounts(t, r, counts{5, 0, 4, 1})
	want := []Unreached{
		{"P", "dead.pml", 3, 3, "x = 5"},
		{"P", "dead.pml", 3, 4, "x = 6"},
		{"Q", "dead.pml", 4, 2, "x = 3"},
		{"Q", "dead.pml", 4, 3, "-end-"},
	}
	if len(r.Unreached) != len(want) {
		t.Fatalf("Unreached = %+v\n%s", r.Unreached, r.Report)
	}
	for i := range want {
		if r.Unreached[i] != want[i] {
			t.Errorf("Unreached[%d] = %+v, want %+v", i, r.Unreached[i], want[i])
		}
	}
	if len(r.ErrorMessages) != 1 || !strings.HasPrefix(r.ErrorMessages[0], "pan:1: assertion violated") {
		t.Errorf("ErrorMessages = %q", r.ErrorMessages)
	}

	r, err = Run(model, Options{MaxErrors: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !r.TrailWritten || !r.Incomplete || r.Errors != 1 {
		t.Errorf("with -c1: trail %v incomplete %v errors %d\n%s", r.TrailWritten, r.Incomplete, r.Errors, r.Report)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "dead.pml defs.h" {
		t.Errorf("model directory now holds %v", names)
	}
}

func TestSyntaxError(t *testing.T) {
	needSpin(t)
	t.Parallel()
	_, err := RunSource(`active proctype P() { x = 1 }`, Options{})
	if err == nil || !strings.Contains(err.Error(), "undeclared variable: x") {
		t.Fatalf("err = %v, want spin's message", err)
	}
}

func TestTimeout(t *testing.T) {
	needSpin(t)
	t.Parallel()
	start := time.Now()
	_, err := Run(filepath.Join(examples, "leader0.pml"), Options{Timeout: 50 * time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("err = %v, want a timeout", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("timeout took %v", d)
	}
}

func TestDump(t *testing.T) {
	needSpin(t)
	t.Parallel()
	out, err := DumpSource(`byte x; active proctype P() { x = 1; x = 2 }`, Options{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"proctype P", "-(tr", "=> x = 1", "=> -end-"} {
		if !strings.Contains(out, s) {
			t.Errorf("pan -d output lacks %q:\n%s", s, out)
		}
	}
}

// TestParse checks the parser on a hand-made report, without spin.
func TestParse(t *testing.T) {
	report := `error: max search depth too small
pan:1: invalid end state (at depth 7)
pan:2: assertion violated (x==0) (at depth 9)

(Spin Version 6.5.2 -- 6 December 2019)
Warning: Search not completed

Full statespace search for:
	never claim         	- (not selected)
	assertion violations	+
	cycle checks       	- (disabled by -DSAFETY)
	invalid end states	+

State-vector 1044 byte, depth reached 99999, errors: 3
 84075590 states, stored
1.005621e+08 states, matched
1.8463769e+08 transitions (= stored+matched)
   579255 atomic steps
hash conflicts:  12345678 (resolved)

unreached in proctype P
	m.pml:2, state 3, "x = 5"
	m.pml:2, state 7, -end state-
	m.pml:9, state 8
	(3 of 10 states)
unreached in init
	(0 of 2 states)
unreached in claim p1
	_spin_nvr.tmp:3, state 6, "(!((x<3)))"
	(1 of 10 states)

pan: elapsed time 123 seconds
pan: rate 683541.38 states/second
`
	r, err := Parse(report)
	if err != nil {
		t.Fatal(err)
	}
	if r.Stored != 84075590 || r.Matched != 100562100 || r.Transitions != 184637690 ||
		r.AtomicSteps != 579255 || r.HashConflicts != 12345678 {
		t.Errorf("counts %d %d %d %d %d", r.Stored, r.Matched, r.Transitions, r.AtomicSteps, r.HashConflicts)
	}
	if r.VectorBytes != 1044 || r.DepthReached != 99999 || r.Errors != 3 || !r.DepthLimitHit || !r.Incomplete {
		t.Errorf("header %+v", r)
	}
	if len(r.ErrorMessages) != 2 || r.ErrorMessages[1] != "pan:2: assertion violated (x==0) (at depth 9)" {
		t.Errorf("ErrorMessages %q", r.ErrorMessages)
	}
	wantU := []Unreached{
		{"P", "m.pml", 2, 3, "x = 5"},
		{"P", "m.pml", 2, 7, "-end state-"},
		{"P", "m.pml", 9, 8, ""},
		{"p1", "_spin_nvr.tmp", 3, 6, "(!((x<3)))"},
	}
	if len(r.Unreached) != len(wantU) {
		t.Fatalf("Unreached %+v", r.Unreached)
	}
	for i := range wantU {
		if r.Unreached[i] != wantU[i] {
			t.Errorf("Unreached[%d] = %+v, want %+v", i, r.Unreached[i], wantU[i])
		}
	}
	wantP := []ProcStates{{"P", "proctype", 3, 10}, {"init", "init", 0, 2}, {"p1", "claim", 1, 10}}
	if len(r.Proctypes) != len(wantP) {
		t.Fatalf("Proctypes %+v", r.Proctypes)
	}
	for i := range wantP {
		if r.Proctypes[i] != wantP[i] {
			t.Errorf("Proctypes[%d] = %+v, want %+v", i, r.Proctypes[i], wantP[i])
		}
	}
	if r.PanElapsed != 123 || r.PanStatesPerSecond != 683541.38 || r.Version != "Spin Version 6.5.2 -- 6 December 2019" {
		t.Errorf("elapsed %v rate %v version %q", r.PanElapsed, r.PanStatesPerSecond, r.Version)
	}
	if len(r.Notes) != 0 {
		t.Errorf("Notes %q", r.Notes)
	}

	if _, err := Parse("pan: out of memory\n"); err == nil {
		t.Error("Parse accepted a report without counts")
	}
}

// TestAsPrinted checks that a count reads back as pan prints it: exact
// below 10^8, 8 significant digits above (the atomic steps of a run pan
// reported as 1.502345e+08 were 150,234,495).
func TestAsPrinted(t *testing.T) {
	for n, want := range map[int64]int64{0: 0, 99999999: 99999999, 150234495: 150234500, 150503617: 150503620, 100562100: 100562100} {
		if got := AsPrinted(n); got != want {
			t.Errorf("AsPrinted(%d) = %d, want %d", n, got, want)
		}
	}
}
