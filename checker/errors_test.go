package checker

import (
	"os"
	"path/filepath"
	"testing"

	"gmc/lang"
	"gmc/search"
	"gmc/trail"
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
		guard     bool // raised by a guard: the trail file ends in that step
	}{
		{"assert", `
byte x;
active [2] proctype p() {
	x++;
	assert(x < 2)
}`, AssertionViolated, "assertion violated (x < 2)", 5, false},
		{"deadlock", `
chan c = [0] of { byte };
active proctype p() { byte v; c?v; c!v }
active proctype q() { c?0 }`, InvalidEndState, "invalid end state", 0, false},
		{"fullchannel", `
chan c = [1] of { byte };
active proctype p() { c!1; c!2 }`, InvalidEndState, "invalid end state", 0, false},
		{"index", `
byte a[3];
active proctype p() {
	byte i;
	do
	:: i == 4 -> a[i] = 1
	:: i < 5 -> i++
	od
}`, RuntimeFailure, "index out of range: 4 not in 0..2", 6, false},
		{"divide", `
active proctype p() {
	byte x = 3, y;
	x = x / y
}`, RuntimeFailure, "division by zero", 4, false},
		{"toomany", `
proctype q() { end: false }
init { do :: run q() od }`, RuntimeFailure, "too many processes", 3, false},
		{"rendezvous", `
chan c = [0] of { byte };
active proctype p() { c!1; c!2 }
active proctype q() { byte v; c?v; assert(v == 2) }`, AssertionViolated, "assertion violated (v == 2)", 4, false},
		{"atomic", `
byte x;
active proctype p() { atomic { x = 1; x = 2; x = 3 }; x = 0 }
active proctype q() { assert(x == 0 || x == 3) }`, AssertionViolated, "", 4, false},
		{"uninit", `
chan q; chan d = [1] of { byte };
active proctype p() {
	if :: q = d :: skip fi;
	q!1
}`, AssertionViolated, "ref to uninitialized chan name (qfull)", 5, true},
		{"badqueue", `
chan g = [1] of { chan };
proctype p() { chan lc = [1] of { byte }; g!lc }
init { chan c; run p(); g?c; (_nr_pr == 1); c!2 }`, RuntimeFailure, "bad queue: channel 2 does not exist (its process ended?)", 4, true},
		// pan's fatal error, at pan's counts (1 stored, depth 0, 1
		// error); gmc's guard asked itself until its stack overflowed
		{"enabledself", `
active proctype q() { enabled(0) > skip }`, RuntimeFailure, "used: enabled(pid=thisproc)", 2, true},
		// pan's stack overflows here (a segmentation fault)
		{"enabledcycle", `
active proctype p() { enabled(1) -> skip }
active proctype q() { enabled(0) -> skip }`, RuntimeFailure, "used: enabled(pid=thisproc), through the enabled() of other processes' guards", 3, true},
		// pan runs this d_step forever (the byte wraps round); gmc
		// stops it at Options.DstepLoops rounds (1000 here)
		{"endlessdstep", `
byte i;
active proctype p() {
	d_step {
		do
		:: i++
		:: else -> break
		od
	}
}`, RuntimeFailure, "d_step does not end: it went round its loops 1000 times", 6, false},
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
			m, err := vm.Compile(spec, vm.Options{DstepLoops: 1000})
			if err != nil {
				t.Fatal(err)
			}
			res, err := NewDFS(m, Options{Budget: search.Budget{MaxErrors: 1}}).Run()
			if err != nil {
				t.Fatal(err)
			}
			if c.msg == "" {
				// atomic: the sequence is never interrupted, so no error
				if len(res.Errors) != 0 || !res.Complete() {
					t.Fatalf("got errors %v, complete %v", res.Errors, res.Complete())
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
			steps := e.FileSteps()
			if e.Guard != c.guard {
				t.Errorf("raised by a guard: %v, want %v", e.Guard, c.guard)
			} else if c.guard && (len(steps) != len(e.Trail)+1 || steps[len(steps)-1] != (trail.Step{Pid: e.Pid, Trans: e.Trans})) {
				t.Errorf("the trail file's steps (%d) do not end, after the %d of the trail, in the step that raised the error", len(steps), len(e.Trail))
			}
			if res.Complete() {
				t.Error("search stopped at an error but says it is complete")
			}

			path := trail.Path(file, 1)
			if err := trail.Write(path, m, e.Msg, e.FileSteps(), -1); err != nil {
				t.Fatal(err)
			}
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			tr, err := trail.Read(f)
			if err != nil {
				t.Fatal(err)
			}
			if tr.Model != m.Fingerprint() || tr.Error != e.Msg || len(tr.Steps) != len(e.FileSteps()) {
				t.Fatalf("trail read back: model %s error %q %d steps; want %s %q %d",
					tr.Model, tr.Error, len(tr.Steps), m.Fingerprint(), e.Msg, len(e.FileSteps()))
			}
			end, raised, err := trail.Follow(m, tr.Steps, tr.Cycle)
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

// TestErrorsCounted: under -c0 every error is counted, the first kept
// with its trail, and a later one named only where its message differs
// from the one before (pan's lines): the repeats are counted without an
// Error made for them (Result.countOnly), which must not change what is
// counted and kept.
func TestErrorsCounted(t *testing.T) {
	src := `
byte x;
active proctype p() {
	do
	:: x < 5 -> assert(x > 100); x++
	:: x == 5 -> assert(x > 200); break
	od
}`
	spec, diags := lang.Parse("m.pml", []byte(src), nil)
	lang.Check(spec, &diags)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	m, err := vm.Compile(spec, vm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, reduce := range []bool{true, false} {
		res, err := NewDFS(m, Options{Reduce: reduce}).Run()
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.NumErrors != 6 || len(res.Errors) != 1 || res.Errors[0].Msg != "assertion violated (x > 100)" || res.Errors[0].Trail == nil ||
			len(res.Later) != 1 || res.Later[0].N != 6 || res.Later[0].Error.Msg != "assertion violated (x > 200)" {
			t.Errorf("reduce=%v: %d errors, kept %v, later %v; want 6, the first (x > 100) with its trail, and the sixth (x > 200) later",
				reduce, res.Stats.NumErrors, res.Errors, res.Later)
		}
	}
}
