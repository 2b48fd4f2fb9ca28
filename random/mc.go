package random

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"time"

	"gmc/checker"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
	"gmc/walk"
)

// The Monte Carlo search (chapter 5 of 004): a search that runs out of
// memory estimates how much of the state space it covered. A
// breadth-first phase fills part of the memory; then depth-first
// searches, each from a productive transition (one that leads to a state
// not visited yet) sampled at random from the breadth-first frontier, use
// the rest. The states the samples found per sampled transition,
// times the productive transitions left unexplored, estimate the states
// never visited (eq. 5.2); coverage is visited / (visited + unvisited)
// (eq. 5.3). Both phases check the model: errors come with trails.

// MonteCarloOptions configure a Monte Carlo search.
type MonteCarloOptions struct {
	// Budget bounds the search: MaxStates is N, the memory bound in
	// states (at least 2); MaxDepth, MaxErrors, Time and Interrupt as for
	// any search. MaxMemory is not used.
	search.Budget
	Split float64 // the share of N for the breadth-first phase (0: 0.6, 004's choice)
	Seed  uint64
}

// MonteCarloResult is what a Monte Carlo search did and estimated.
type MonteCarloResult struct {
	checker.Result
	BFSStates int64 // states the breadth-first phase stored
	// The terms of eq. 5.2: (b) productive transitions sampled, (a) the
	// states their searches found, (d) the productive transitions left
	// unexplored (to distinct states), (c) the states estimated never
	// visited.
	Samples       int64
	SampledStates int64
	Unexplored    int64
	Unvisited     float64
	// FrontierProductive is d when the random phase starts.
	FrontierProductive int64
	// Coverage is eq. 5.3, in percent; -1 when there is no estimate
	// (NoEstimate says why).
	Coverage   float64
	NoEstimate string
}

type monteCarlo struct {
	m     *vm.Model
	opts  MonteCarloOptions
	w     *walk.Walker
	store *store.Exact
	res   *MonteCarloResult
	key   []byte
	// the breadth-first phase's states and how each was reached
	tree  walk.Tree
	cut   bool // the memory ran out inside a sample's search
	start time.Time
}

// workItem is an unexplored transition of the frontier: the k-th step
// from breadth-first state src.
type workItem struct {
	src int32
	k   int32
}

// MonteCarlo runs a Monte Carlo search of m.
func MonteCarlo(m *vm.Model, opts MonteCarloOptions) (*MonteCarloResult, error) {
	if opts.MaxStates < 2 {
		return nil, fmt.Errorf("a Monte Carlo search needs a bound of at least 2 states")
	}
	if opts.Split <= 0 || opts.Split >= 1 {
		opts.Split = 0.6
	}
	opts.MaxDepth = opts.Depth()
	w, err := walk.New(m, opts.MaxDepth)
	if err != nil {
		return nil, err
	}
	mc := &monteCarlo{m: m, opts: opts, w: w, store: store.NewExact(), res: &MonteCarloResult{Coverage: -1}, start: time.Now()}
	// (the moves through the states not stored after a state's can be
	// too many to list: Ctrl-C and the time bound stop them too)
	w.Stop = func() bool { mc.tick(); return false }
	func() {
		defer func() {
			if x := recover(); x != nil && x != errStop {
				panic(x)
			}
		}()
		work := mc.breadthFirst(w.State())
		mc.res.BFSStates = int64(mc.store.Len())
		work = mc.sample(work)
		mc.estimate(work)
	}()
	res := mc.res
	res.Elapsed = time.Since(mc.start)
	res.Stored = int64(mc.store.Len())
	res.Transitions = res.Stored + res.Matched
	// the sample of the states visited, for the probes that estimate
	// what the search missed (checker.RunProbes)
	res.Sample = sample.NewDistinct()
	mc.store.Each(func(v []byte) { res.Sample.Visited(sample.Hash(v)) })
	vectors, table := mc.store.Bytes()
	res.Memory = checker.Memory{Vectors: vectors, Table: table, Heap: checker.HeapInUse()}
	return res, nil
}

// breadthFirst stores states breadth-first until the store holds its
// share of the bound, and returns the frontier's unexplored transitions.
func (mc *monteCarlo) breadthFirst(s0 *vm.State) []workItem {
	budget := max(1, int(mc.opts.Split*float64(mc.opts.MaxStates)))
	mc.insert(s0, nil, -1)
	var work []workItem
	// the frontier's distinct unvisited targets (nothing is stored once
	// transitions go to the frontier: they can be counted as they come)
	targets := map[uint64]bool{}
	for u := 0; u < len(mc.tree.Nodes); u++ {
		mc.tick()
		if mc.store.Len() >= budget {
			// the frontier: every transition of the states not expanded
			for ; u < len(mc.tree.Nodes); u++ {
				succ, _ := mc.w.Successors(mc.tree.Nodes[u].S)
				for k, sc := range succ {
					work = append(work, workItem{int32(u), int32(k)})
					mc.unvisited(sc, targets)
				}
			}
			break
		}
		succ, deadEnd := mc.w.Successors(mc.tree.Nodes[u].S)
		if deadEnd {
			mc.deadEnd(u)
		}
		for k, sc := range succ {
			if mc.store.Len() >= budget {
				work = append(work, workItem{int32(u), int32(k)})
				mc.unvisited(sc, targets)
				continue
			}
			mc.errors(u, sc)
			if sc.S != nil && !mc.insert(sc.S, sc.Steps, u) {
				mc.res.Matched++
			}
		}
	}
	mc.res.FrontierProductive = int64(len(targets))
	return work
}

// insert stores s, reached from breadth-first state parent by steps,
// and reports whether it is new.
func (mc *monteCarlo) insert(s *vm.State, steps []trail.Step, parent int) bool {
	mc.key = mc.m.Key(s, mc.key)
	mc.res.MaxVector = max(mc.res.MaxVector, len(mc.key))
	if !mc.store.Insert(mc.key) {
		return false
	}
	mc.tree.Add(s, steps, parent)
	mc.res.DepthReached = max(mc.res.DepthReached, int(mc.tree.Nodes[len(mc.tree.Nodes)-1].Depth))
	return true
}

// sample runs the random phase: depth-first searches from productive
// transitions of the frontier, drawn at random, until the memory is used
// up or no transition is left. It returns the transitions left.
func (mc *monteCarlo) sample(work []workItem) []workItem {
	rng := rand.New(rand.NewPCG(mc.opts.Seed, 0x2545f4914f6cdd1d))
	for len(work) > 0 && int64(mc.store.Len()) < mc.opts.MaxStates {
		mc.tick()
		i := rng.IntN(len(work))
		item := work[i]
		work[i] = work[len(work)-1]
		work = work[:len(work)-1]
		succ, _ := mc.w.Successors(mc.tree.Nodes[item.src].S)
		sc := succ[item.k]
		mc.errors(int(item.src), sc)
		if sc.S == nil {
			continue
		}
		mc.key = mc.m.Key(sc.S, mc.key)
		if mc.store.Has(mc.key) {
			mc.res.Matched++
			continue // unproductive
		}
		before := mc.store.Len()
		path := mc.tree.Trail(int(item.src), sc.Steps)
		res, err := checker.NewDFS(mc.m, checker.Options{
			Budget: search.Budget{MaxDepth: mc.opts.MaxDepth, Interrupt: mc.opts.Interrupt, MaxStates: mc.opts.MaxStates - int64(before), MaxErrors: mc.errorsLeft()},
			Store:  mc.store,
			Start:  &checker.Start{State: sc.S, Depth: len(path), Path: path},
		}).Run()
		if err != nil {
			panic(err) // the initial state was made once already: cannot fail
		}
		mc.res.Samples++
		mc.res.SampledStates += int64(mc.store.Len() - before)
		mc.cut = !res.Complete()
		mc.res.Matched += res.Matched
		mc.res.AtomicSteps += res.AtomicSteps
		mc.res.MaxVector = max(mc.res.MaxVector, res.MaxVector)
		mc.res.DepthReached = max(mc.res.DepthReached, res.DepthReached)
		mc.res.Stats.NumErrors += res.Stats.NumErrors
		mc.res.Errors = append(mc.res.Errors, res.Errors...)
		if res.Stop.Early() && res.Stats.NumErrors == 0 && int64(mc.store.Len()) < mc.opts.MaxStates {
			mc.stop(res.Stop) // interrupted, or a run-time error
		}
		if mc.opts.MaxErrors > 0 && mc.res.Stats.NumErrors >= int64(mc.opts.MaxErrors) {
			mc.stop(search.Stop{Reason: search.ErrorLimit})
		}
	}
	return work
}

// productive counts the transitions of work that lead to states not
// visited, to distinct states.
func (mc *monteCarlo) productive(work []workItem) int64 {
	work = append([]workItem(nil), work...)
	sort.Slice(work, func(i, j int) bool { return work[i].src < work[j].src })
	targets := map[uint64]bool{}
	for i := 0; i < len(work); {
		src := work[i].src
		succ, _ := mc.w.Successors(mc.tree.Nodes[src].S)
		for ; i < len(work) && work[i].src == src; i++ {
			mc.unvisited(succ[work[i].k], targets)
		}
	}
	return int64(len(targets))
}

// unvisited adds the target of a step to targets when it is a state not
// visited.
func (mc *monteCarlo) unvisited(sc walk.Successor, targets map[uint64]bool) {
	if sc.S == nil {
		return
	}
	mc.key = mc.m.Key(sc.S, mc.key)
	if !mc.store.Has(mc.key) {
		h := store.Fingerprint(mc.key)
		targets[h] = true
	}
}

// estimate counts the productive transitions left and applies eq. 5.2
// and 5.3.
func (mc *monteCarlo) estimate(work []workItem) {
	res := mc.res
	res.Unexplored = mc.productive(work)
	visited := float64(mc.store.Len())
	switch {
	case res.Unexplored == 0 && !mc.cut:
		// nothing left to explore: the search was exhaustive
		res.Stop, res.Coverage = search.Stop{Reason: search.Complete}, 100
	case res.Unexplored == 0:
		res.NoEstimate = "the memory ran out inside the last sample, with no frontier transition left to extrapolate from"
	case res.Samples == 0:
		res.NoEstimate = "no productive transition could be sampled"
	default:
		res.Unvisited = float64(res.SampledStates) / float64(res.Samples) * float64(res.Unexplored)
		res.Coverage = 100 * visited / (visited + res.Unvisited)
	}
	if res.Stop.Reason == search.Running {
		res.Stop = search.Stopped(search.StateBound, mc.opts.Budget)
	}
}

// errors reports the errors of a step from breadth-first state u.
func (mc *monteCarlo) errors(u int, sc walk.Successor) {
	depth := int(mc.tree.Nodes[u].Depth) + len(sc.Steps)
	for _, e := range sc.Errs {
		kind := checker.AssertionViolated
		if e.Fatal {
			kind = checker.RuntimeFailure
		}
		mc.report(&checker.Error{Kind: kind, Msg: e.Msg, Depth: depth, Trail: mc.tree.Trail(u, sc.Steps), Trans: e.Trans, Pid: e.Pid, Pos: e.Pos})
		if e.Fatal {
			mc.stop(search.Stop{Reason: search.RuntimeError, Detail: "run-time error: " + e.Msg})
		}
	}
}

// deadEnd reports breadth-first state u, which has no moves, if it is
// an invalid end state.
func (mc *monteCarlo) deadEnd(u int) {
	if !mc.m.ValidEnd(mc.tree.Nodes[u].S) {
		mc.report(&checker.Error{Kind: checker.InvalidEndState, Msg: "invalid end state", Depth: int(mc.tree.Nodes[u].Depth), Trail: mc.tree.Trail(u, nil)})
	}
}

func (mc *monteCarlo) report(e *checker.Error) {
	mc.res.Stats.NumErrors++
	mc.res.Errors = append(mc.res.Errors, e)
	if mc.opts.MaxErrors > 0 && mc.res.Stats.NumErrors >= int64(mc.opts.MaxErrors) {
		mc.stop(search.Stop{Reason: search.ErrorLimit})
	}
}

// errorsLeft is the error bound of a sample's search.
func (mc *monteCarlo) errorsLeft() int {
	if mc.opts.MaxErrors == 0 {
		return 0
	}
	return max(1, mc.opts.MaxErrors-int(mc.res.Stats.NumErrors))
}

func (mc *monteCarlo) tick() {
	if mc.opts.Interrupted() {
		mc.stop(search.Stop{Reason: search.Interrupted})
	}
	if mc.opts.Time > 0 && time.Since(mc.start) > mc.opts.Time {
		mc.stop(search.Stopped(search.TimeLimit, mc.opts.Budget))
	}
}

// stop records why the search stops and unwinds it (to MonteCarlo).
func (mc *monteCarlo) stop(st search.Stop) {
	mc.res.Stop = st
	panic(errStop)
}
