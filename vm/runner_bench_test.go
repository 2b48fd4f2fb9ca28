package vm

import (
	"math/rand/v2"
	"testing"

	"gmc/lang"
)

// stepModels are the models a runner step is measured on: one with
// atomic sequences and an invalid end state (a run starts again from the
// initial state at the end state), one with rendezvous.
var stepModels = []struct{ name, file string }{
	{"philosophers", "../examples/models/philosophers.pml"},
	{"rendezvous", "testdata/rendezvous.pml"},
}

// stepper takes random steps with a Runner, as a simulation does.
type stepper struct {
	r   *Runner
	s0  *State
	rng *rand.Rand
}

func newStepper(tb testing.TB, file string) *stepper {
	tb.Helper()
	spec, diags := lang.Load(file, nil)
	if diags.ErrorCount() > 0 {
		tb.Fatalf("%v", diags)
	}
	m, err := Compile(spec, Options{})
	if err != nil {
		tb.Fatal(err)
	}
	r, err := NewRunner(m)
	if err != nil {
		tb.Fatal(err)
	}
	return &stepper{r: r, s0: r.S, rng: rand.New(rand.NewPCG(1, 2))}
}

// step takes one move at random; at an end state or a fatal error, the
// run starts again.
func (st *stepper) step() {
	r := st.r
	moves, _ := r.Moves()
	if len(moves) == 0 {
		r.S, r.Owner, r.Pending, r.Sender = st.s0, -1, 0, -1
		return
	}
	for _, e := range r.Do(moves[st.rng.IntN(len(moves))]) {
		if e.Fatal {
			r.S, r.Owner, r.Pending, r.Sender = st.s0, -1, 0, -1
		}
	}
}

// BenchmarkRunnerStep is one step of a Runner (Moves, then Do), what a
// simulation step costs before it prints.
//
//	go test ./vm -run XXX -bench RunnerStep -count 8
func BenchmarkRunnerStep(b *testing.B) {
	for _, c := range stepModels {
		b.Run(c.name, func(b *testing.B) {
			st := newStepper(b, c.file)
			b.ReportAllocs()
			for b.Loop() {
				st.step()
			}
		})
	}
}

// TestRunnerStepAllocs checks that a runner step allocates nothing once
// its buffers have grown: it is what a simulation pays per step.
func TestRunnerStepAllocs(t *testing.T) {
	for _, c := range stepModels {
		st := newStepper(t, c.file)
		for range 1000 {
			st.step() // the buffers grow to their size
		}
		if n := testing.AllocsPerRun(1000, st.step); n != 0 {
			t.Errorf("%s: %v allocations per step, want 0", c.name, n)
		}
	}
}
