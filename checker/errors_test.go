package checker

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gmc/lang"
	"gmc/vm"
)

// TestErrorsAndTrails checks, for each kind of error, that the search
// reports it with the statement's position, that its trail survives a
// round trip through a file, and that following the trail from the initial
// state leads to the same error.
func TestErrorsAndTrails(t *testing.T) {
	for _, c := range []struct {
		name, src string
		kind      ErrorKind
		msg       string
		line      int
	}{
		{"assert", `
byte x;
active [2] proctype p() {
	x++;
	assert(x < 2)
}`, AssertionViolated, "assertion violated (x < 2)", 5},
		{"deadlock", `
chan c = [0] of { byte };
active proctype p() { byte v; c?v; c!v }
active proctype q() { c?0 }`, InvalidEndState, "invalid end state", 0},
		{"fullchannel", `
chan c = [1] of { byte };
active proctype p() { c!1; c!2 }`, InvalidEndState, "invalid end state", 0},
		{"index", `
byte a[3];
active proctype p() {
	byte i;
	do
	:: i == 4 -> a[i] = 1
	:: i < 5 -> i++
	od
}`, RuntimeFailure, "index out of range: 4 not in 0..2", 6},
		{"divide", `
active proctype p() {
	byte x = 3, y;
	x = x / y
}`, RuntimeFailure, "division by zero", 4},
		{"toomany", `
proctype q() { end: false }
init { do :: run q() od }`, RuntimeFailure, "too many processes", 3},
		{"rendezvous", `
chan c = [0] of { byte };
active proctype p() { c!1; c!2 }
active proctype q() { byte v; c?v; assert(v == 2) }`, AssertionViolated, "assertion violated (v == 2)", 4},
		{"atomic", `
byte x;
active proctype p() { atomic { x = 1; x = 2; x = 3 }; x = 0 }
active proctype q() { assert(x == 0 || x == 3) }`, AssertionViolated, "", 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, "m.pml")
			if err := os.WriteFile(file, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			spec, diags := lang.Load(file, nil)
			if diags.ErrorCount() > 0 {
				t.Fatal(diags)
			}
			m, err := vm.Compile(spec, vm.Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := NewDFS(m, Options{MaxErrors: 1}).Run()
			if err != nil {
				t.Fatal(err)
			}
			if c.msg == "" {
				// atomic: the sequence is never interrupted, so no error
				if len(res.Errors) != 0 || !res.Complete {
					t.Fatalf("got errors %v, complete %v", res.Errors, res.Complete)
				}
				return
			}
			if len(res.Errors) != 1 {
				t.Fatalf("got %d errors, want 1", len(res.Errors))
			}
			e := res.Errors[0]
			if e.Kind != c.kind || e.Msg != c.msg || e.Pos.Line != c.line {
				t.Errorf("got %v %q at line %d, want %v %q at line %d", e.Kind, e.Msg, e.Pos.Line, c.kind, c.msg, c.line)
			}
			if res.Complete {
				t.Error("search stopped at an error but says it is complete")
			}

			trail := TrailPath(file, 1)
			if err := WriteTrail(trail, m, e); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(trail)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			tr, err := ReadTrail(f)
			if err != nil {
				t.Fatal(err)
			}
			if tr.Model != m.Fingerprint() || tr.Error != e.Msg || len(tr.Steps) != len(e.Trail) {
				t.Fatalf("trail read back: model %s error %q %d steps; want %s %q %d",
					tr.Model, tr.Error, len(tr.Steps), m.Fingerprint(), e.Msg, len(e.Trail))
			}
			end, raised, err := Follow(m, tr.Steps)
			if err != nil {
				t.Fatal(err)
			}
			if c.kind == InvalidEndState {
				if moves, _ := end.Moves(); len(moves) > 0 {
					t.Errorf("the trail ends in a state where process %d can move", moves[0].Pid)
				}
				return
			}
			found := false
			for _, r := range raised {
				found = found || r.Msg == e.Msg
			}
			if !found {
				t.Errorf("the trail's last step raised %v, want %q", raised, e.Msg)
			}
		})
	}
}

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
		_, err := ReadTrail(strings.NewReader(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ReadTrail(%q) = %v, want %q", c.src, err, c.want)
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
		steps []TrailStep
		want  string
	}{
		{[]TrailStep{{Pid: 7, Trans: 0}}, "no process 7"},
		{[]TrailStep{{Pid: 1, Trans: 99}}, "has no transition 99"},
		{[]TrailStep{{Pid: 1, Trans: m.Types[1].PCs[m.Types[1].Start].Trans[0].ID}}, "not executable"},
		{[]TrailStep{{Pid: 0, Trans: m.Types[0].PCs[m.Types[0].Start].Trans[0].ID}, {Pid: 1, Trans: 0}}, "atomic"},
	} {
		_, _, err := Follow(m, c.steps)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Follow(%v) = %v, want %q", c.steps, err, c.want)
		}
	}
}
