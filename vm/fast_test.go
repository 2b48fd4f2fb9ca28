package vm

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"gmc/lang"
)

// The machine's fast paths (fused instructions, fast.go; guards as
// closures, guardfn.go) must do exactly what the instructions do. These
// tests run each model twice in lockstep, once as compiled and once with
// the fast paths taken away (the interpreter alone), and compare every
// step: the moves offered, the errors raised and where, the states.

// interpreted strips m of its fast paths: the machine then runs
// Code.Instrs, as it did before they existed.
func interpreted(m *Model) *Model {
	strip := func(c *Code) { c.exec, c.guard = nil, nil }
	for _, pt := range m.Units {
		if pt.Provided != nil {
			strip(pt.Provided.Code)
		}
		for _, t := range pt.Trans {
			strip(t.Code)
		}
	}
	return m
}

// errorModels raise run-time errors where a fast path runs: in a guard
// computed by closures, in fused instructions of a guard and of an
// effect, in a d_step; and take the paths the fast loop hands over to
// the interpreter (a loop inside a d_step, an expression deeper than the
// machine's stack).
var errorModels = map[string]string{
	"guard index":       `byte a[3]; active proctype p() { byte j = 5; a[j] == 0 -> skip }`,
	"guard pid index":   `byte a[3]; active [5] proctype p() { a[_pid] == 0 -> skip }`,
	"guard division":    `byte z, d; active proctype p() { z / d > 0 -> skip }`,
	"guard modulo":      `byte z, d; active proctype p() { if :: z % d == 0 -> skip :: else -> skip fi }`,
	"effect index":      `byte a[3]; active proctype p() { byte j = 5; a[j] = 1 }`,
	"effect load index": `byte a[3], z; active proctype p() { byte j = 7; z = a[j] + 1 }`,
	"effect division":   `int z = 7, d; active proctype p() { z = z % d }`,
	"d_step block":      `byte z; active proctype p() { d_step { z = 1; z == 2; z = 3 } }`,
	"d_step loop":       `byte z; active proctype p() { d_step { do :: z < 5 -> z++ :: else -> break od }; assert(z == 4) }`,
	"assert":            `byte z; active [2] proctype p() { z++; assert(z == 1) }`,
	"deep":              `int z; active proctype p() { z = ` + deepSum(80) + `; assert(z == 81) }`, // (80: an error to compare)
	"shapes":            shapesModel,
	"guard channel":     `chan c; byte z; active proctype p() { len(c) > 0 -> z = 1 }`,
	"guard poll":        `chan c; active proctype p() { c?[1] -> skip }`,
	"guard send":        `chan c; active proctype p() { c!1 }`,
	// the values of a receive, evaluated after its length test and field
	// by field (c?), all at once (c??[..], with no length test)
	"guard recv values": `chan c = [1] of { byte, byte }; byte a[2];
		active proctype p() { byte j = 5; c!1,1; do :: c?2,eval(a[j]) :: c?[2,eval(a[j])] -> skip :: c?<1,eval(a[j])> od }`,
	"guard random recv": `chan c = [1] of { byte }; byte a[2];
		active proctype p() { byte j = 5; do :: c??eval(a[j]) :: c?eval(a[j]) :: c??[eval(a[j])] -> skip od }`,
	"channel gone": `chan g; byte z;
		proctype q() { chan l = [2] of { byte }; g = l; l!7 }
		init { run q(); _nr_pr == 1; do :: g?[7] -> z++ :: nempty(g) -> z-- :: len(g) == 0 -> break od }`,
	// the fast path's sends and receives, and what it leaves to the
	// interpreter: leaves of every class, arities that differ (a channel
	// passed to a process), sorted sends, rendezvous, several messages
	"channel messages": `typedef T { unsigned f : 3; byte g }; chan c = [3] of { short, int, bit, byte }; chan u = [2] of { T, byte };
		active proctype p() { short s; int i; bit b; byte y; T v; do
		:: c!s - 1, i + 70000, !b, y + 1 :: c?s, i, b, y :: c!!y, s, b, i :: u!v, y :: u?v, y -> v.f = v.f + y
		:: c?<s, i, b, y> :: len(c) == 3 -> c?_, i, _, _ :: assert(y < 4)
		od }`,
	"channel arity": `chan c = [2] of { byte }; chan d = [2] of { byte, byte };
		proctype q(chan x; chan y) { byte a, b; do :: x!1, 2 :: y!3 :: x?a, b :: y?a :: x?a od }
		init { run q(c, d) }`,
	"rendezvous": `chan r = [0] of { byte, short }; byte seen;
		active [2] proctype s() { do :: r!_pid, -_pid :: r!7, 300 od }
		active proctype t() { byte x; short y; do :: r?x, y -> seen = x + y :: r?7, y :: assert(seen != 51) od }`,
	"classes": `short s = -300; int i = 70000; bit b; unsigned u : 5 = 17; byte a[4];
		active proctype p() { do
		:: s < 0 && i > 65536 -> s = s + 1000; i = i * 3; b = !b
		:: s + i > 0 && u != 3 -> u = u + s; a[u % 4] = u; s = -s
		:: a[(u + 1) % 4] > 2 || b -> i = i / 7 - s; a[b] = i
		od }`,
}

// shapesModel has guards of the shapes guardfn.go follows: && and ||,
// c -> x : y, nested, and the options of an if.
const shapesModel = `byte a[4], z, w;
active [3] proctype p() {
	do
	:: (z > 1 -> a[_pid] : a[(_pid + 1) % 4]) < 3 && (w == _pid || z != 2) -> z = (z + _pid + 1) % 5; a[z % 4]++
	:: z == 3 || w > 2 || a[3] == 2 -> w = (w + 1) % 4; a[w] = z
	:: (z < 2 -> (w > 1 -> 1 : 0) : !(a[1] > 0 && a[2] > 0)) -> z++; w = z % 3
	:: if :: z > 3 -> z = 0 :: w == 1 -> w = 3 :: a[0] > 3 -> a[0] = 0 fi
	:: a[z] > 0 && a[w] > 0 && a[_pid] > 1 && z != w -> a[0] = a[1] + 1; assert(a[0] != 3)
	od
}`

// deepSum is (1 + (1 + ... (1 + 0))) with n ones: an expression whose
// stack is n deep.
func deepSum(n int) string {
	if n == 0 {
		return "0"
	}
	return "(1 + " + deepSum(n-1) + ")"
}

// lockstep is a model run twice, with and without the fast paths.
type lockstep struct {
	fast, slow *Runner
	s0f, s0s   *State
}

func newLockstep(t *testing.T, load func() *Model) *lockstep {
	t.Helper()
	fm, sm := load(), interpreted(load())
	rf, err := NewRunner(fm)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := NewRunner(sm)
	if err != nil {
		t.Fatal(err)
	}
	return &lockstep{fast: rf, slow: rs, s0f: rf.S, s0s: rs.S}
}

func (l *lockstep) restart() {
	for _, r := range []*Runner{l.fast, l.slow} {
		r.Owner, r.Pending, r.Sender = -1, 0, -1
	}
	l.fast.S, l.slow.S = l.s0f, l.s0s
}

// walk takes n random steps on both, and fails at the first difference.
// It returns the number of errors the steps raised.
func (l *lockstep) walk(t *testing.T, rng *rand.Rand, n int) int {
	t.Helper()
	errors := 0
	for step := 0; step < n; step++ {
		mf, tf := l.fast.Moves()
		ms, ts := l.slow.Moves()
		if got, want := movesText(mf, tf), movesText(ms, ts); got != want {
			t.Fatalf("step %d: moves %s, the interpreter's %s", step, got, want)
		}
		if l.fast.Owner != l.slow.Owner {
			t.Fatalf("step %d: atomic owner %d, the interpreter's %d", step, l.fast.Owner, l.slow.Owner)
		}
		if len(mf) == 0 {
			l.restart()
			continue
		}
		k := rng.IntN(len(mf))
		ef, es := l.fast.Do(mf[k]), l.slow.Do(ms[k])
		if got, want := errorsText(ef), errorsText(es); got != want {
			t.Fatalf("step %d (%s): errors %s, the interpreter's %s", step, mf[k].T.Text, got, want)
		}
		errors += len(ef)
		if !slices.Equal(l.fast.S.Buf, l.slow.S.Buf) || !slices.Equal(l.fast.S.Procs, l.slow.S.Procs) || !slices.Equal(l.fast.S.Chans, l.slow.S.Chans) {
			t.Fatalf("step %d (%s): state %v, the interpreter's %v", step, mf[k].T.Text, l.fast.S.Buf, l.slow.S.Buf)
		}
		if l.fast.Owner != l.slow.Owner || l.fast.Pending != l.slow.Pending || l.fast.Sender != l.slow.Sender {
			t.Fatalf("step %d: context differs", step)
		}
		for _, e := range ef {
			if e.Fatal {
				l.restart()
			}
		}
	}
	return errors
}

func movesText(moves []Move, timeout bool) string {
	s := fmt.Sprint(timeout)
	for _, mv := range moves {
		s += fmt.Sprintf(" %d:%d:%v", mv.Pid, mv.T.ID, mv.Timeout)
	}
	return s
}

func errorsText(errs []*RuntimeError) string {
	s := ""
	for _, e := range errs {
		s += fmt.Sprintf("[%q fatal=%v pid=%d at %v", e.Msg, e.Fatal, e.Pid, e.Pos)
		if e.Stmt != nil {
			s += fmt.Sprintf(" %T at %v", e.Stmt, e.Stmt.Pos())
		}
		s += "]"
	}
	return s
}

// TestFastPathsAgree walks the models of testdata/dump and the examples,
// merged and not, with and without the fast paths, and compares them.
func TestFastPathsAgree(t *testing.T) {
	models, _ := filepath.Glob("testdata/dump/*.pml")
	examples, _ := filepath.Glob("../examples/models/*.pml")
	models = append(append(models, examples...), "testdata/rendezvous.pml")
	if len(models) < 30 {
		t.Fatalf("%d models, want 30 or more", len(models))
	}
	steps := 3000
	if testing.Short() {
		steps = 300
	}
	for _, path := range models {
		for _, opts := range []Options{{}, {NoMerge: true, NoDeadVars: true}} {
			t.Run(fmt.Sprintf("%s/merge=%v", filepath.Base(path), !opts.NoMerge), func(t *testing.T) {
				l := newLockstep(t, func() *Model {
					spec, diags := lang.Load(path, nil)
					if diags.ErrorCount() > 0 {
						t.Fatal(diags)
					}
					m, err := Compile(spec, opts)
					if err != nil {
						t.Fatal(err)
					}
					return m
				})
				l.walk(t, rand.New(rand.NewPCG(1, 2)), steps)
			})
		}
	}
}

// TestFastPathErrors raises run-time errors inside the fast paths: each
// must be the interpreter's error, at its statement.
func TestFastPathErrors(t *testing.T) {
	for name, src := range errorModels {
		t.Run(name, func(t *testing.T) {
			l := newLockstep(t, func() *Model {
				spec, diags := lang.Parse("m.pml", []byte(src), nil)
				if diags.ErrorCount() == 0 {
					lang.Check(spec, &diags)
				}
				if diags.ErrorCount() > 0 {
					t.Fatalf("%v\n%s", diags, src)
				}
				m, err := Compile(spec, Options{NoMerge: true})
				if err != nil {
					t.Fatal(err)
				}
				return m
			})
			if n := l.walk(t, rand.New(rand.NewPCG(3, 4)), 200); n == 0 && name != "classes" {
				t.Errorf("no step raised an error")
			}
		})
	}
}

// TestFastPathsTaken checks that the shapes the fast paths are for get
// them: a guard of an array element compared with a constant is a
// closure, and its instructions are fused.
func TestFastPathsTaken(t *testing.T) {
	spec, diags := lang.Load("../examples/models/philosophers_fixed.pml", nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	m, err := Compile(spec, Options{NoMerge: true, Trace: true})
	if err != nil {
		t.Fatal(err)
	}
	closures, fused := 0, 0
	for _, tr := range m.Types[0].Trans {
		if tr.Code.guard != nil {
			closures++
		}
		for i, in := range tr.Code.exec {
			if in.Op >= numOps {
				fused++
			}
			if in.Op < numOps && in != tr.Code.Instrs[i] {
				t.Errorf("%s: instruction %d is %v in the code run, %v as compiled", tr.Text, i, in, tr.Code.Instrs[i])
			}
		}
	}
	// take(first), take(second): fork[f] == 0; the if's two options.
	if closures < 4 || fused < 4 {
		t.Errorf("%d guards as closures, %d fused instructions; want 4 or more of each", closures, fused)
	}

	// The receives and sends of the rendezvous model test their channel
	// in closures.
	spec, diags = lang.Load("testdata/rendezvous.pml", nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	if m, err = Compile(spec, Options{}); err != nil {
		t.Fatal(err)
	}
	polls := 0
	for _, pt := range m.Types {
		for _, tr := range pt.Trans {
			for _, in := range tr.Code.Instrs {
				if (in.Op == OpPollMatch || in.Op == OpSendOK) && tr.Code.guard != nil {
					polls++
				}
			}
		}
	}
	if polls < 2 {
		t.Errorf("%d guards of sends and receives are closures, want 2 or more", polls)
	}

	// Every option of shapesModel is a closure.
	spec, diags = lang.Parse("m.pml", []byte(shapesModel), nil)
	if diags.ErrorCount() == 0 {
		lang.Check(spec, &diags)
	}
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	m, err = Compile(spec, Options{NoMerge: true})
	if err != nil {
		t.Fatal(err)
	}
	pt := m.Types[0]
	if n := len(pt.PCs[pt.Start].Trans); n != 7 {
		t.Fatalf("the do has %d transitions, want 7 (the if's options are the do's)", n)
	}
	for _, tr := range pt.PCs[pt.Start].Trans {
		if tr.Code.guard == nil {
			t.Errorf("the guard of %s is not a closure:\n%s", tr.Text, tr.Code)
		}
	}
}

// TestLazyRecvClosures checks that the guards of receives and polls
// whose values are evaluated lazily (OpRecvOpen) are closures, so that
// TestFastPathErrors compares the closures' order of evaluation with the
// instructions'.
func TestLazyRecvClosures(t *testing.T) {
	for _, name := range []string{"guard recv values", "guard random recv"} {
		spec, diags := lang.Parse("m.pml", []byte(errorModels[name]), nil)
		if diags.ErrorCount() == 0 {
			lang.Check(spec, &diags)
		}
		if diags.ErrorCount() > 0 {
			t.Fatal(diags)
		}
		m, err := Compile(spec, Options{NoMerge: true})
		if err != nil {
			t.Fatal(err)
		}
		lazy := 0
		for _, tr := range m.Types[0].Trans {
			if !slices.ContainsFunc(tr.Code.Instrs, func(in Instr) bool { return in.Op == OpRecvOpen }) {
				continue
			}
			lazy++
			if tr.Code.guard == nil {
				t.Errorf("%s: the guard of %s is not a closure:\n%s", name, tr.Text, tr.Code)
			}
		}
		if lazy < 3 {
			t.Errorf("%s: %d transitions open a receive lazily, want 3", name, lazy)
		}
	}
}
