package trail

import (
	"gmc/lang"
	"gmc/vm"
	"strings"
	"testing"
)

// TestReadTrailErrors checks that bad trails are refused with the line.
func TestReadTrailErrors(t *testing.T) {
	fp := strings.Repeat("0123456789abcdef", 4)
	for _, c := range []struct{ src, want string }{
		{"", "empty trail"},
		{"hello\n", "line 1: not a gmc trail"},
		{"gmc-trail 9\n", "line 1: trail format version"},
		{"gmc-trail 1\nmodel abc\n", "line 2: the model fingerprint \"abc\" is not 64 hex digits"},
		{"gmc-trail 1\nmodel " + fp + "\n0 x\n", "line 3: want a step"},
		{"gmc-trail 1\nmodel " + fp + "\n-1 2\n", "line 3: want a step"},
		{"gmc-trail 1\n0 1\nend 1\n", "no model line"},
		{"gmc-trail 1\nmodel " + fp + "\n0 1\n1", "truncated: its last line \"1\" is cut short"},
		{"gmc-trail 1\nmodel " + fp + "\n0 1\n1 1\n", "truncated: it has no end line after its 2 steps"},
		{"gmc-trail 1\nmodel " + fp + "\n0 1\nend 2\n", "line 4: the end line says \"2\" steps, the trail has 1"},
		{"gmc-trail 1\nmodel " + fp + "\n0 1\nend 1\n0 2\n", "line 5: \"0 2\" after the end line"},
		{"gmc-trail 1\nmodel " + fp + "\ncycle\n0 1\nend 1\n", "line 3: want a step"},
		{"gmc-trail 2\nmodel " + fp + "\n-1 1\nend 1\n", "line 3: want a step"},
		{"gmc-trail 2\nmodel " + fp + "\n0 1\nclaim p\n-1 1\nend 2\n", "line 4: a claim line names the claim, before the steps"},
		{"gmc-trail 2\nmodel " + fp + "\ncycle\n0 1\ncycle\nend 1\n", "line 5: a second cycle line"},
		{"gmc-trail 2\nmodel " + fp + "\n0 1\ncycle\nend 1\n", "the trail's cycle has no steps"},
	} {
		_, err := Read(strings.NewReader(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Read(%q) = %v, want %q", c.src, err, c.want)
		}
	}
}

// TestFollowRefusesWrongSteps checks that Follow refuses steps the search
// could not have taken.
func TestFollowRefusesWrongSteps(t *testing.T) {
	spec, diags := lang.Parse("m.pml", []byte(`
byte x;
active proctype p() { atomic { x == 0 -> x = 1; x = 2 } }
active proctype q() { x == 5 }`), nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	lang.Check(spec, &diags)
	m, err := vm.Compile(spec, vm.Options{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		steps []Entry
		want  string
	}{
		{[]Entry{{Pid: 7, Trans: 0}}, "no process 7"},
		{[]Entry{{Pid: 1, Trans: 99}}, "has no transition 99"},
		{[]Entry{{Pid: 1, Trans: m.Types[1].PCs[m.Types[1].Start].Trans[0].ID}}, "not executable"},
		{[]Entry{{Pid: 0, Trans: m.Types[0].PCs[m.Types[0].Start].Trans[0].ID}, {Pid: 1, Trans: 0}}, "atomic"},
	} {
		_, _, err := Follow(m, c.steps, -1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Follow(%v) = %v, want %q", c.steps, err, c.want)
		}
	}
}

// TestReadVersion2 reads back what Write writes for a claim's cycle:
// the claim, its steps, the cycle's start and a dummy move.
func TestReadVersion2(t *testing.T) {
	fp := strings.Repeat("0123456789abcdef", 4)
	src := "gmc-trail 2\nmodel " + fp + "\nmerge true\nclaim never_0\nerror acceptance cycle\n-1 3\n0 1\ncycle\n-1 4\ndummy\n0 2\nend 5\n"
	f, err := Read(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{{ClaimPid, 3}, {0, 1}, {ClaimPid, 4}, {Dummy, 0}, {0, 2}}
	if f.Claim != "never_0" || f.Cycle != 2 || f.Error != "acceptance cycle" || len(f.Steps) != len(want) {
		t.Fatalf("claim %q cycle %d error %q steps %v", f.Claim, f.Cycle, f.Error, f.Steps)
	}
	for i := range want {
		if f.Steps[i] != want[i] {
			t.Errorf("step %d: %v, want %v", i, f.Steps[i], want[i])
		}
	}
	old, err := Read(strings.NewReader("gmc-trail 1\nmodel " + fp + "\n0 1\nend 1\n"))
	if err != nil || old.Cycle != -1 || old.Claim != "" {
		t.Errorf("version 1: %v, %+v", err, old)
	}
}

// TestWalkerClaim follows a claim's lasso, and refuses a claim step out
// of its turn, a system step in the claim's turn and a cycle that does
// not close.
func TestWalkerClaim(t *testing.T) {
	spec, diags := lang.Parse("m.pml", []byte(`
byte x;
active proctype p() { do :: x = 1 - x od }
never { do :: true od }`), nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	lang.Check(spec, &diags)
	m, err := vm.Compile(spec, vm.Options{Claim: "never_0"})
	if err != nil {
		t.Fatal(err)
	}
	c := m.Claim.PCs[m.Claim.Start].Trans[0].ID
	s := m.Types[0].PCs[m.Types[0].Start].Trans[0].ID
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
