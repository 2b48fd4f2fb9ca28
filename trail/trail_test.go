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
