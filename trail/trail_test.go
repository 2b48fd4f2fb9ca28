package trail

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gmc/lang"
	"gmc/vm"
)

// TestReadTrailErrors checks that bad trails are refused with the line.
func TestReadTrailErrors(t *testing.T) {
	fp := strings.Repeat("0123456789abcdef", 4)
	for _, c := range []struct{ src, want string }{
		{"hello\n", "line 1: want a step \"depth:pid:transition\", got \"hello\""},
		{"gmc-trail 2\nmodel " + fp + "\n", "line 1: written by an older gmc in its own format (gmc-trail 2)"},
		{"1:0:3\n2:0\n", "line 2: want a step"},
		{"1:0:3\n2:x:1\n", "line 2: want a step"},
		{"1:0:3\n2:-3:1\n", "line 2: want a step"},
		{"1:0:3\n1:0:4\n", "line 2: depth 1 after depth 1"},
		{"0:0:3\n", "line 1: \"0:0:3\" is no step"},
		{"-3:0:3\n", "line 1: \"-3:0:3\" is no step"},
		{"-5:0:0\n1:0:3\n", "line 1: pan permuted its search"},
		{"1:0:3\n-2:1:-2\n2:0:3\n", "line 2: a claim line (-2:claim:-2) comes once, before the steps"},
		{"-1:-1:-1\n1:0:3\n-1:-1:-1\n2:0:1\n", "line 3: a second start of cycle"},
		{"1:0:3\n-1:-1:-1\n", "line 2: the trail's cycle has no steps"},
		{"1:0:3\n2:0:1", "line 2: the trail is truncated: its last line \"2:0:1\" is cut short"},
		{"1:0:3\n#gmc model abc\n", "line 2: the model fingerprint \"abc\" is not 64 hex digits"},
		{"1:0:3\n#gmc error x\n2:0:1\n", "line 3: \"2:0:1\" after gmc's lines"},
	} {
		_, err := Read(strings.NewReader(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q) = %v, want %q", c.src, err, c.want)
		}
	}
}

// TestReadPan reads a trail as pan writes it with a claim and a cycle:
// the claim is pan's process 0, the system's pids are one up, a gap in
// the depths is a dummy move, gmc's lines are optional.
func TestReadPan(t *testing.T) {
	fp := strings.Repeat("0123456789abcdef", 4)
	src := "-2:3:-2\n-4:-4:-4\n1:0:21\n2:1:0\n-1:-1:-1\n3:0:22\n5:2:4\n"
	for _, tail := range []string{"", "#gmc model " + fp + "\n#gmc error acceptance cycle\n"} {
		f, err := Read(strings.NewReader(src + tail))
		if err != nil {
			t.Fatal(err)
		}
		want := []Entry{{ClaimPid, 21}, {0, 0}, {ClaimPid, 22}, {Dummy, 0}, {1, 4}}
		if f.ClaimID != 3 || !f.Merge || f.Cycle != 2 || len(f.Steps) != len(want) {
			t.Fatalf("claim %d merge %v cycle %d steps %v", f.ClaimID, f.Merge, f.Cycle, f.Steps)
		}
		for i := range want {
			if f.Steps[i] != want[i] {
				t.Errorf("step %d: %v, want %v", i, f.Steps[i], want[i])
			}
		}
		if lines := []int{3, 4, 6, 7, 7}; !slices.Equal(f.Lines, lines) {
			t.Errorf("lines %v, want %v", f.Lines, lines)
		}
		if tail != "" && (f.Model != fp || f.Error != "acceptance cycle") {
			t.Errorf("gmc's lines: model %q error %q", f.Model, f.Error)
		}
		if tail == "" && (f.Model != "" || f.Error != "") {
			t.Errorf("pan's trail: model %q error %q", f.Model, f.Error)
		}
	}
	if f, err := Read(strings.NewReader("-4:-4:-4\n")); err != nil || len(f.Steps) != 0 || !f.Merge {
		t.Errorf("a trail of an error in the initial state: %v, %+v", err, f)
	}
	f, err := Read(strings.NewReader("1:0:3\n2:1:5\n"))
	if err != nil || f.ClaimID != -1 || f.Merge || f.Cycle != -1 || len(f.Steps) != 2 || f.Steps[1] != (Entry{1, 5}) {
		t.Errorf("a trail of -o3 without claim: %v, %+v", err, f)
	}
}

// TestFollowRefusesWrongSteps checks that Follow refuses steps the search
// could not have taken.
func TestFollowRefusesWrongSteps(t *testing.T) {
	spec := checked(t, `
byte x;
active proctype p() { atomic { x == 0 -> x = 1; x = 2 } }
active proctype q() { x == 5 }`)
	m, err := vm.Compile(spec, vm.Options{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		steps []Entry
		want  string
	}{
		{[]Entry{{Pid: 7, ID: 0}}, "no process 7 (there are 2)"},
		{[]Entry{{Pid: 1, ID: 99}}, "has no transition with id 99"},
		{[]Entry{{Pid: 1, ID: first(m.Types[1])}}, "not executable"},
		{[]Entry{{Pid: 0, ID: first(m.Types[0])}, {Pid: 1, ID: first(m.Types[1])}}, "atomic"},
	} {
		_, _, err := Follow(m, c.steps, -1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Follow(%v) = %v, want %q", c.steps, err, c.want)
		}
	}
}

// TestWalkerClaim follows a claim's lasso, and refuses a claim step out
// of its turn, a system step in the claim's turn and a cycle that does
// not close.
func TestWalkerClaim(t *testing.T) {
	spec := checked(t, toggleUnderClaim)
	m, err := vm.Compile(spec, vm.Options{Claim: "never_0"})
	if err != nil {
		t.Fatal(err)
	}
	c, s := first(m.Claim), first(m.Types[0])
	claim, sys := Entry{ClaimPid, c}, Entry{0, s}
	if _, _, err := Follow(m, []Entry{claim, sys, claim, sys}, 0); err != nil {
		t.Errorf("the lasso x=1, x=0: %v", err)
	}
	for _, tc := range []struct {
		steps []Entry
		cycle int
		want  string
	}{
		{[]Entry{sys}, -1, "the never claim's turn"},
		{[]Entry{claim, claim}, -1, "the never claim moves while process 0 can move"},
		{[]Entry{claim, sys, claim, sys}, 2, "the cycle does not close"},
		{[]Entry{claim, sys}, 0, "the cycle does not close"},
	} {
		if _, _, err := Follow(m, tc.steps, tc.cycle); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Follow(%v, %d) = %v, want %q", tc.steps, tc.cycle, err, tc.want)
		}
	}
}

// toggleUnderClaim is a process that toggles x forever under a claim
// that always moves: its lasso is claim, system, claim, system.
const toggleUnderClaim = `
byte x;
active proctype p() { do :: x = 1 - x od }
never { do :: true od }`

// checked parses and checks src as the model file m.pml; a test's model
// with errors stops the test.
func checked(t testing.TB, src string) *lang.Spec {
	t.Helper()
	spec, diags := lang.Parse("m.pml", []byte(src), nil)
	if diags.ErrorCount() == 0 {
		lang.Check(spec, &diags)
	}
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	return spec
}

// first is pan's id of the first transition of pt's start state.
func first(pt *vm.ProcType) int {
	return TransID(pt, pt.PCs[pt.Start].Trans[0])
}

// TestWriteRead writes a claim's lasso with a dummy move and reads it
// back: the lines are pan's (the claim process 0, the system one up, no
// line for the dummy move, -1:-1:-1 before the cycle), and the entries,
// the cycle, the claim and gmc's lines come back.
func TestWriteRead(t *testing.T) {
	spec := checked(t, toggleUnderClaim)
	for _, merge := range []bool{true, false} {
		m, err := vm.Compile(spec, vm.Options{Claim: "never_0", NoMerge: !merge})
		if err != nil {
			t.Fatal(err)
		}
		c, s := m.Claim.PCs[m.Claim.Start].Trans[0], m.Types[0].PCs[m.Types[0].Start].Trans[0]
		steps := []Step{{ClaimPid, c}, {0, s}, {Dummy, nil}, {ClaimPid, c}, {0, s}}
		path := filepath.Join(t.TempDir(), "m.pml.trail")
		if err := Write(path, m, "acceptance cycle", steps, 2); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		cid, sid := TransID(m.Claim, c), TransID(m.Types[0], s)
		want := fmt.Sprintf("-2:%d:-2\n", m.Claim.ID)
		if merge {
			want += "-4:-4:-4\n"
		}
		want += fmt.Sprintf("1:0:%d\n2:1:%d\n-1:-1:-1\n4:0:%d\n5:1:%d\n#gmc model %s\n#gmc error acceptance cycle\n", cid, sid, cid, sid, m.Fingerprint())
		if string(data) != want {
			t.Errorf("merge %v: wrote\n%s\nwant\n%s", merge, data, want)
		}
		f, err := Read(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		if f.ClaimID != m.Claim.ID || f.Merge != merge || f.Cycle != 2 || f.Model != m.Fingerprint() || f.Error != "acceptance cycle" || !slices.Equal(f.Steps, Entries(m, steps)) {
			t.Errorf("merge %v: read back %+v", merge, f)
		}
	}
}
