package random

import (
	"fmt"
	"testing"
	"time"

	"gmc/checker"
	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/trail"
	"gmc/vm"
)

// exhaustive compiles an example model and searches it exhaustively.
func exhaustive(t *testing.T, file string) (*vm.Model, *checker.Result) {
	t.Helper()
	m := modeltest.MustCompile(t, "../examples/models/"+file, false)
	full, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20}}).Run()
	if err != nil {
		t.Fatal(err)
	}
	return m, full
}

// checkTrail follows an error's trail and checks it ends at the error.
func checkTrail(t *testing.T, m *vm.Model, e *checker.Error) {
	t.Helper()
	end, raised, err := trail.Follow(m, trail.Entries(m, e.Trail), -1)
	if err != nil {
		t.Fatalf("%s: the trail cannot be followed: %v", e.Msg, err)
	}
	if e.Kind == checker.InvalidEndState {
		if moves, _ := end.Moves(); len(moves) > 0 || m.ValidEnd(end.S) {
			t.Errorf("the trail of an invalid end state ends where process %d can move", moves[0].Pid)
		}
		return
	}
	for _, r := range raised {
		if r.Msg == e.Msg {
			return
		}
	}
	t.Errorf("the trail's last step raised %v, want %q", raised, e.Msg)
}

// TestRandomCovers runs URS, with room for the whole state space and
// enough steps, on the example models of up to a few thousand states: it
// must reach every state the exhaustive search stores, and no other
// (counted exactly). SDRS and the random walk reach at most those.
func TestRandomCovers(t *testing.T) {
	for _, file := range []string{"peterson.pml", "mutex_sem.pml", "leader_n.pml", "channels.pml", "processes.pml"} {
		m, full := exhaustive(t, file)
		for _, kind := range []Kind{URS, SDRS, RW} {
			res, err := Search(m, Options{Kind: kind, Keep: int(full.Stored) + 1, Steps: 100 * full.Stored,
				Seed: 7, CountExact: true, Budget: search.Budget{MaxDepth: 1 << 20}})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case res.Distinct > float64(full.Stored) || res.Distinct < 1:
				t.Errorf("%s %v: %v distinct states of %d", file, kind, res.Distinct, full.Stored)
			case kind == URS && res.Distinct != float64(full.Stored):
				t.Errorf("%s urs: %v distinct states in %d steps, want all %d", file, res.Distinct, res.Steps, full.Stored)
			case res.Steps != 100*full.Stored || res.Redundancy() < 0 || res.Redundancy() >= 1:
				t.Errorf("%s %v: %d steps, redundancy %v", file, kind, res.Steps, res.Redundancy())
			}
			t.Logf("%s %v: %v of %d states in %d steps (redundancy %.2f, %d restarts)", file, kind, res.Distinct, full.Stored, res.Steps, res.Redundancy(), res.Restarts)
		}
	}
}

// TestRandomReproducible: a seed fixes the run; another seed makes
// another.
func TestRandomReproducible(t *testing.T) {
	m, err := modeltest.Compile("../examples/models/peterson_n.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []Kind{URS, SDRS, RW} {
		run := func(seed uint64) *Result {
			res, err := Search(m, Options{Kind: kind, Keep: 5000, Restarts: 3, Steps: 30000, Seed: seed, CountExact: true})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		a, b, c := run(1), run(1), run(2)
		if a.Distinct != b.Distinct || a.Stored != b.Stored || a.Restarts != b.Restarts || a.DepthReached != b.DepthReached {
			t.Errorf("%v: two runs with seed 1 differ: %+v / %+v", kind, a, b)
		}
		if a.Distinct == c.Distinct && a.Stored == c.Stored && a.DepthReached == c.DepthReached {
			t.Errorf("%v: seeds 1 and 2 ran alike", kind)
		}
	}
}

// TestRandomRestarts: a search whose memory fills up starts again, as
// many times as it may, from the initial state or a kept one; the
// restarted searches cover more states than fit at once (002's point).
func TestRandomRestarts(t *testing.T) {
	m, err := modeltest.Compile("../examples/models/peterson_n.pml", false)
	if err != nil {
		t.Fatal(err)
	}
	const room = 4000
	steps := int64(400000)
	if testing.Short() {
		steps = 100000 // still many times what fills the room
	}
	for _, kind := range []Kind{URS, SDRS} {
		for _, random := range []bool{false, true} {
			res, err := Search(m, Options{Kind: kind, Keep: room, Restarts: 1000, RestartRandom: random, Steps: steps, Seed: 3, CountExact: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Restarts == 0 || res.Distinct <= room {
				t.Errorf("%v (restart random %v): %d restarts, %v distinct states", kind, random, res.Restarts, res.Distinct)
			}
		}
		res, err := Search(m, Options{Kind: kind, Keep: room, Steps: steps, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		if res.Restarts != 0 || res.Stop.Reason != search.StateBound || res.Steps == steps {
			t.Errorf("%v without restarts: %d restarts, stopped %v after %d steps", kind, res.Restarts, res.Stop, res.Steps)
		}
	}
}

// TestRandomErrors: the randomized searches find the example models'
// errors, each once (an assertion by process and statement, an invalid
// end state by state), each with a trail that leads to it; URS finds
// them all.
func TestRandomErrors(t *testing.T) {
	for _, file := range modeltest.Subset([]string{"bugs.pml", "philosophers.pml"}, 1) {
		m, err := modeltest.Compile("../examples/models/"+file, false)
		if err != nil {
			t.Fatal(err)
		}
		full, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 1 << 20, MaxErrors: 1000}}).Run()
		if err != nil {
			t.Fatal(err)
		}
		distinct := map[string]bool{}
		for i, e := range full.Errors {
			key := fmt.Sprint(e.Kind, e.Pid, e.Pos)
			if e.Kind == checker.InvalidEndState {
				key = fmt.Sprint(i)
			}
			distinct[key] = true
		}
		for _, kind := range []Kind{URS, SDRS, RW} {
			res, err := Search(m, Options{Kind: kind, Keep: 100000, Steps: 200000, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			if res.Stats.NumErrors > int64(len(distinct)) || kind == URS && res.Stats.NumErrors != int64(len(distinct)) {
				t.Errorf("%s %v: %d errors, the exhaustive search finds %d", file, kind, res.Stats.NumErrors, len(distinct))
			}
			for _, e := range res.Errors {
				checkTrail(t, m, e)
			}
		}
	}
}

// TestMonteCarloExhaustive: with room for the whole state space, the
// Monte Carlo search is an exhaustive search: the same states as the DFS,
// coverage 100%.
func TestMonteCarloExhaustive(t *testing.T) {
	for _, file := range modeltest.Subset([]string{"peterson.pml", "mutex_sem.pml", "leader_n.pml", "channels.pml", "philosophers_fixed.pml", "atomic.pml"}, 3) {
		m, full := exhaustive(t, file)
		for _, room := range []int64{full.Stored + 1, 2 * full.Stored} {
			res, err := MonteCarlo(m, MonteCarloOptions{Budget: search.Budget{MaxStates: room, MaxDepth: 1 << 20}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Complete() || res.Coverage != 100 || res.Stored != full.Stored {
				t.Errorf("%s (room %d): complete %v, coverage %v, %d states of %d (%s)", file, room, res.Complete(), res.Coverage, res.Stored, full.Stored, res.Stop)
			}
		}
	}
}

// TestMonteCarloEstimates bounds the search at a share of the state
// space: it stores at most the bound, its phases account for every state
// (breadth-first + sampled), and the estimate is eq. 5.2 and 5.3 of its
// terms. The estimates against the truth are logged; the benchmark
// measures their accuracy.
func TestMonteCarloEstimates(t *testing.T) {
	for _, file := range modeltest.Subset([]string{"peterson_n.pml", "philosophers_fixed.pml", "atomic.pml", "inline_typedef.pml"}, 2) {
		m, full := exhaustive(t, file)
		for _, share := range []float64{0.1, 0.5, 0.9} {
			room := int64(share * float64(full.Stored))
			res, err := MonteCarlo(m, MonteCarloOptions{Budget: search.Budget{MaxStates: room, MaxDepth: 1 << 20}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case res.Complete() || res.Stored > room || res.Stored != res.BFSStates+res.SampledStates:
				t.Errorf("%s at %.0f%%: complete %v, %d states (bound %d) = %d + %d?", file, 100*share, res.Complete(), res.Stored, room, res.BFSStates, res.SampledStates)
			case res.Samples == 0 || res.Unexplored == 0:
				t.Errorf("%s at %.0f%%: %d samples, %d productive transitions left", file, 100*share, res.Samples, res.Unexplored)
			default:
				unvisited := float64(res.SampledStates) / float64(res.Samples) * float64(res.Unexplored)
				want := 100 * float64(res.Stored) / (float64(res.Stored) + unvisited)
				if res.Coverage != want {
					t.Errorf("%s at %.0f%%: coverage %v, eq. 5.3 gives %v", file, 100*share, res.Coverage, want)
				}
			}
			d0, d1 := float64(res.FrontierProductive), float64(res.Unexplored)
			u0 := float64(res.SampledStates) * d0 / (d0 - d1)
			t.Logf("%s bound %.0f%%: estimate %.1f%%, recapture %.1f%%, actual %.1f%% (%d samples, %d left of %d)", file, 100*share, res.Coverage,
				100*float64(res.Stored)/(float64(res.BFSStates)+u0),
				100*float64(res.Stored)/float64(full.Stored), res.Samples, res.Unexplored, res.FrontierProductive)
		}
	}
}

// TestMonteCarloErrors: both phases report errors with trails that lead
// to them.
func TestMonteCarloErrors(t *testing.T) {
	for _, file := range []string{"bugs.pml", "philosophers.pml"} {
		m, err := modeltest.Compile("../examples/models/"+file, false)
		if err != nil {
			t.Fatal(err)
		}
		for _, room := range []int64{10, 30, 100000} {
			res, err := MonteCarlo(m, MonteCarloOptions{Budget: search.Budget{MaxStates: room}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if room == 100000 && res.Stats.NumErrors == 0 {
				t.Errorf("%s: no error found with room for the state space", file)
			}
			for _, e := range res.Errors {
				checkTrail(t, m, e)
			}
		}
	}
}

// TestMonteCarloTimeBound: a Monte Carlo search whose first state's moves
// lead through a tree of states not stored (an atomic loop, 2^9999
// moves down to the depth bound) stops at its time bound, inside the
// listing of those moves.
func TestMonteCarloTimeBound(t *testing.T) {
	m := modeltest.MustCompile(t, "../checker/testdata/bounds/atomic_tree.pml", false)
	modeltest.StopsAtTimeLimit(t, func() (search.Stop, error) {
		res, err := MonteCarlo(m, MonteCarloOptions{Budget: search.Budget{MaxStates: 1000, MaxDepth: 10000, Time: 200 * time.Millisecond}})
		if err != nil {
			return search.Stop{}, err
		}
		return res.Stop, nil
	})
}
