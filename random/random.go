package random

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"gmc/checker"
	"gmc/internal/hll"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
	"gmc/walk"
)

// Randomized, memory-aware searches (002, docs/references.md#002-s2-1):
// they keep at most N states and take a budget of steps, choosing at
// random where to go. They find errors (each with its trail) and cover
// states, but never prove their absence.

// Kind names a randomized search.
type Kind int

// The randomized searches.
const (
	// URS (uniform random search): each step picks a kept state
	// uniformly, then one of its moves uniformly.
	URS Kind = iota
	// SDRS (simplified deep random search): a random walk that, at a
	// state without moves, goes on from a kept state chosen uniformly.
	SDRS
	// RW keeps no states: at a state without moves, or at the
	// depth bound, it starts again from the initial state.
	RW
)

func (k Kind) String() string {
	return [...]string{"urs", "sdrs", "rw"}[k]
}

// Options configure a randomized search.
type Options struct {
	// Budget bounds the search: MaxDepth is the longest walk (and path
	// through states not stored); Time, MaxErrors and Interrupt stop it.
	// MaxStates and MaxMemory are not used: Keep bounds the memory.
	search.Budget
	Kind  Kind
	Keep  int   // N: states kept at once (URS, SDRS)
	Steps int64 // n: steps in all (0: no bound)
	// Restarts is how many times a search whose N states are kept may
	// empty its memory and start again (RURS, RSDRS): from the initial
	// state, or (RestartRandom) from a state kept before, chosen
	// uniformly.
	Restarts      int
	RestartRandom bool
	Seed          uint64
	// CountExact keeps every state seen in a side table, to count the
	// distinct states exactly (a test mode: it needs the memory the
	// search saves); otherwise they are estimated.
	CountExact bool
	// Milestones are numbers of distinct states (increasing; CountExact
	// only): the result says after how many steps, and how long, the
	// search had seen each (cover times, 002's table 2).
	Milestones []int
	// TraceEvery > 0 records the distinct states seen every TraceEvery
	// steps (CountExact only).
	TraceEvery int64
}

// TracePoint is the distinct states a randomized search had seen after
// some steps.
type TracePoint struct {
	Steps    int64
	Elapsed  time.Duration
	Distinct int
}

// Result is what a randomized search did.
type Result struct {
	checker.Result
	Kind     Kind
	Steps    int64   // steps taken
	Distinct float64 // distinct states seen, counted (Exact) or estimated
	Exact    bool
	Restarts int // times the memory was emptied
	// MilestoneSteps and MilestoneTimes: when each of Options.Milestones
	// was reached (-1 and 0: never).
	MilestoneSteps []int64
	MilestoneTimes []time.Duration
	Trace          []TracePoint
}

// Redundancy is (n - k)/n: the share of steps that reached no state not
// seen before.
func (r *Result) Redundancy() float64 {
	if r.Steps == 0 {
		return 0
	}
	return max(0, float64(r.Steps)-r.Distinct) / float64(r.Steps)
}

type randomSearch struct {
	m     *vm.Model
	s0    *vm.State
	opts  Options
	w     *walk.Walker
	rng   *rand.Rand
	res   *Result
	start time.Time

	// what is kept: the states and how they were reached, and their set
	// (numbered: state i+1 is node i)
	tree walk.Tree
	set  *store.Exact

	seen    *store.Exact // every state seen (CountExact)
	counter *hll.Counter // or their estimated count
	found   map[uint64]bool
	key     []byte
}

// Search runs a randomized search of m.
func Search(m *vm.Model, opts Options) (*Result, error) {
	opts.MaxDepth = opts.Depth()
	if opts.Keep <= 0 && opts.Kind != RW {
		return nil, fmt.Errorf("%v needs a bound on the states it keeps", opts.Kind)
	}
	w, err := walk.New(m, opts.MaxDepth)
	if err != nil {
		return nil, err
	}
	s0 := w.State()
	r := &randomSearch{m: m, opts: opts, w: w, s0: s0, set: newNumberedStore(), rng: rand.New(rand.NewPCG(opts.Seed, 0x9e3779b97f4a7c15)),
		res: &Result{Kind: opts.Kind, Exact: opts.CountExact}, found: map[uint64]bool{}}
	// the sample of the states seen, for the probes that estimate what
	// the search missed (checker.RunProbes)
	r.res.Sample = sample.New()
	if opts.CountExact {
		r.seen = store.NewExact()
		for range opts.Milestones {
			r.res.MilestoneSteps = append(r.res.MilestoneSteps, -1)
			r.res.MilestoneTimes = append(r.res.MilestoneTimes, 0)
		}
	} else {
		r.counter = &hll.Counter{}
	}
	r.start = time.Now()
	func() {
		defer func() {
			if x := recover(); x != nil && x != errStop {
				panic(x)
			}
		}()
		if opts.Kind == RW {
			r.walk(s0)
		} else {
			r.keep(s0, nil, -1)
			r.run()
		}
	}()
	res := r.res
	res.Elapsed = time.Since(r.start)
	if r.seen != nil {
		res.Distinct = float64(r.seen.Len())
	} else {
		res.Distinct = r.counter.Count()
	}
	res.Transitions = res.Steps
	res.Memory.Heap = checker.HeapInUse()
	return res, nil
}

// see counts state s as seen (its key is left in r.key).
func (r *randomSearch) see(s *vm.State) {
	r.key = r.m.Key(s, r.key)
	if len(r.key) > r.res.MaxVector {
		r.res.MaxVector = len(r.key)
	}
	if r.seen != nil {
		if r.seen.Insert(r.key) {
			r.milestone()
		}
	} else {
		h := store.Fingerprint(r.key)
		r.counter.Add(h)
	}
	// (a set: the search sees a state many times)
	r.res.Sample.Visited(sample.Hash(r.key))
}

// keep keeps s, reached from kept state parent (-1: the first) by steps,
// if it is new; it reports whether it was.
func (r *randomSearch) keep(s *vm.State, steps []trail.Step, parent int) bool {
	r.see(s)
	if !r.set.Insert(r.key) {
		return false
	}
	r.tree.Add(s, steps, parent)
	r.res.Stored++
	r.res.DepthReached = max(r.res.DepthReached, int(r.tree.Nodes[len(r.tree.Nodes)-1].Depth))
	return true
}

// reset empties the memory: what is kept afterwards starts from the
// initial state or, for RestartRandom, from a kept state.
func (r *randomSearch) reset() {
	from := r.s0
	var base []trail.Step
	if r.opts.RestartRandom && len(r.tree.Nodes) > 0 {
		i := r.rng.IntN(len(r.tree.Nodes))
		from, base = r.tree.Nodes[i].S, r.tree.Trail(i, nil)
	}
	r.tree.Reset(base)
	r.set = newNumberedStore()
	r.keep(from, nil, -1)
}

// run is URS and SDRS.
func (r *randomSearch) run() {
	cur := 0
	for {
		r.tick()
		var u int
		if r.opts.Kind == URS {
			u = r.rng.IntN(len(r.tree.Nodes))
		} else {
			u = cur
		}
		var ev walk.Events
		next, steps, deadEnd := r.w.RandomStep(r.tree.Nodes[u].S, r.rng, &ev)
		r.res.Steps++
		r.errors(&ev, func() []trail.Step { return r.tree.Trail(u, steps) }, int(r.tree.Nodes[u].Depth)+len(steps))
		switch {
		case deadEnd:
			r.deadEnd(r.tree.Nodes[u].S, func() []trail.Step { return r.tree.Trail(u, nil) }, int(r.tree.Nodes[u].Depth))
			cur = r.rng.IntN(len(r.tree.Nodes)) // SDRS goes on from a kept state
			continue
		case next == nil:
			cur = r.rng.IntN(len(r.tree.Nodes))
			continue
		}
		if !r.keep(next, steps, u) {
			r.res.Matched++
			cur = int(r.set.LastID()) - 1 // SDRS goes on from there
			continue
		}
		cur = len(r.tree.Nodes) - 1
		if len(r.tree.Nodes) >= r.opts.Keep {
			if r.res.Restarts >= r.opts.Restarts {
				r.stop(search.Stop{Reason: search.StateBound, Detail: fmt.Sprintf("state bound of %d states reached", r.opts.Keep)})
			}
			r.res.Restarts++
			r.reset()
			cur = 0
		}
	}
}

func newNumberedStore() *store.Exact {
	s := store.NewExact()
	s.NumberStates()
	return s
}

// walk is the random walk: the path since the last start is its memory.
func (r *randomSearch) walk(s0 *vm.State) {
	cur, path := s0, []trail.Step(nil)
	r.see(s0)
	for {
		r.tick()
		var ev walk.Events
		next, steps, deadEnd := r.w.RandomStep(cur, r.rng, &ev)
		r.res.Steps++
		r.errors(&ev, func() []trail.Step { return append(append([]trail.Step(nil), path...), steps...) }, len(path)+len(steps))
		if deadEnd {
			r.deadEnd(cur, func() []trail.Step { return append([]trail.Step(nil), path...) }, len(path))
		}
		if next == nil || len(path)+len(steps) >= r.opts.MaxDepth {
			cur, path = s0, path[:0]
			r.res.Restarts++
			continue
		}
		r.see(next)
		r.res.Stored++
		cur, path = next, append(path, steps...)
		r.res.DepthReached = max(r.res.DepthReached, len(path))
	}
}

// milestone notes the milestones the distinct states seen reach.
func (r *randomSearch) milestone() {
	n := r.seen.Len()
	for i, m := range r.opts.Milestones {
		if n >= m && r.res.MilestoneSteps[i] < 0 {
			r.res.MilestoneSteps[i] = r.res.Steps
			r.res.MilestoneTimes[i] = time.Since(r.start)
		}
	}
}

// tick stops the search at its bounds.
func (r *randomSearch) tick() {
	if e := r.opts.TraceEvery; e > 0 && r.seen != nil && r.res.Steps%e == 0 {
		r.res.Trace = append(r.res.Trace, TracePoint{Steps: r.res.Steps, Elapsed: time.Since(r.start), Distinct: r.seen.Len()})
	}
	if r.opts.Steps > 0 && r.res.Steps >= r.opts.Steps {
		r.stop(search.Stop{Reason: search.StepBound, Detail: fmt.Sprintf("step budget of %d steps spent", r.opts.Steps)})
	}
	if r.res.Steps&1023 == 0 {
		if r.opts.Time > 0 && time.Since(r.start) >= r.opts.Time {
			r.stop(search.Stop{Reason: search.TimeLimit, Detail: fmt.Sprintf("time budget of %v spent", r.opts.Time)})
		}
		if r.opts.Interrupted() {
			r.stop(search.Stop{Reason: search.Interrupted})
		}
	}
}

// stop records why the search stops and unwinds it (to Search).
func (r *randomSearch) stop(st search.Stop) {
	r.res.Stop = st
	panic(errStop)
}

// errors reports the errors of a step, each once (a randomized search
// takes the same step many times).
func (r *randomSearch) errors(ev *walk.Events, trail func() []trail.Step, depth int) {
	for _, e := range ev.Errs {
		kind := checker.AssertionViolated
		if e.Fatal {
			kind = checker.RuntimeFailure
		}
		key := uint64(kind)<<56 ^ uint64(e.Pid)<<40 ^ uint64(e.Pos.Line)<<16 ^ uint64(e.Pos.Col)
		if e.Trans != nil {
			key ^= uint64(e.Trans.ID) << 24
		}
		if r.found[key] {
			continue
		}
		r.found[key] = true
		r.report(&checker.Error{Kind: kind, Msg: e.Msg, Depth: depth, Trail: trail(), Trans: e.Trans, Pid: e.Pid, Pos: e.Pos})
		if e.Fatal {
			r.stop(search.Stop{Reason: search.RuntimeError, Detail: "run-time error: " + e.Msg})
		}
	}
}

// deadEnd reports s, a state without moves, if it is an invalid end
// state not reported before.
func (r *randomSearch) deadEnd(s *vm.State, trail func() []trail.Step, depth int) {
	if r.m.ValidEnd(s) {
		return
	}
	h := store.Fingerprint(r.m.Key(s, nil))
	if r.found[h] {
		return
	}
	r.found[h] = true
	r.report(&checker.Error{Kind: checker.InvalidEndState, Msg: "invalid end state", Depth: depth, Trail: trail()})
}

func (r *randomSearch) report(e *checker.Error) {
	r.res.Stats.NumErrors++
	r.res.Errors = append(r.res.Errors, e)
	if r.opts.MaxErrors > 0 && r.res.Stats.NumErrors >= int64(r.opts.MaxErrors) {
		r.stop(search.Stop{Reason: search.ErrorLimit})
	}
}

// errStop unwinds a search when it must stop: the panic that carries it
// is recovered where the search started, after the stop was recorded.
var errStop = errors.New("stop")
