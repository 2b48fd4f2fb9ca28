package checker

import (
	"math/rand/v2"

	"gmc/vm"
)

// A walker moves between the states a search stores (no atomic sequence
// running, no rendezvous offer pending), through the states it does not
// store, by the rules of vm.Runner: the randomized searches and the
// Monte Carlo estimate stand on it. A step is one move from a stored
// state and the moves after it until the next stored state.
type walker struct {
	m        *vm.Model
	r        *vm.Runner
	maxDepth int // the longest chain of moves through states not stored
	// the moves of the stored state the last random step reached, which
	// it listed to see that the state is stored: a walk goes on from
	// there
	reached      *vm.State
	reachedMoves []vm.Move
}

func newWalker(m *vm.Model, maxDepth int) (*walker, error) {
	r, err := vm.NewRunner(m)
	if err != nil {
		return nil, err
	}
	return &walker{m: m, r: r, maxDepth: maxDepth}, nil
}

// wnode is a state with the runner's context: what a walk is at.
type wnode struct {
	s                      *vm.State
	owner, pending, sender int
}

func (w *walker) set(n wnode) {
	w.r.S, w.r.Owner, w.r.Pending, w.r.Sender = n.s, n.owner, n.pending, n.sender
}

func (w *walker) node() wnode {
	return wnode{w.r.S, w.r.Owner, w.r.Pending, w.r.Sender}
}

// stored reports whether the runner is at a state the search stores,
// once Moves has run (it takes exclusivity from a blocked sequence).
func (w *walker) stored() bool { return w.r.Owner < 0 && w.r.Pending == 0 }

// stepEvents is what happened on a step: the errors the moves raised
// (assertion violations, and a fatal error, which ends the step).
type stepEvents struct {
	errs  []*vm.RuntimeError
	fatal bool
}

func (e *stepEvents) add(errs []*vm.RuntimeError) {
	for _, err := range errs {
		e.errs = append(e.errs, err)
		e.fatal = e.fatal || err.Fatal
	}
}

// randomStep takes a step from stored state s, choosing each move
// uniformly. It returns the stored state reached (nil if s has no moves:
// deadEnd; or if a fatal error stopped the step, or it went on too long
// through states not stored) and the moves taken.
func (w *walker) randomStep(s *vm.State, rng *rand.Rand, ev *stepEvents) (next *vm.State, steps []Step, deadEnd bool) {
	w.set(wnode{s, -1, 0, -1})
	moves := w.reachedMoves
	if s != w.reached {
		moves, _ = w.r.Moves()
	}
	w.reached = nil
	if len(moves) == 0 {
		return nil, nil, true
	}
	for len(steps) < w.maxDepth {
		mv := moves[rng.IntN(len(moves))]
		ev.add(w.r.Do(mv))
		steps = append(steps, Step{Pid: mv.Pid, Trans: mv.T})
		if ev.fatal {
			return nil, steps, false
		}
		moves, _ = w.r.Moves()
		if w.stored() {
			// (Moves has taken exclusivity from a blocked sequence: its
			// list is the stored state's own; it is the runner's, valid
			// as long as no Moves runs. The state is kept: a copy of the
			// runner's.)
			w.r.S = w.r.S.Clone()
			w.reached, w.reachedMoves = w.r.S, moves
			return w.r.S, steps, false
		}
	}
	return nil, steps, false
}

// successor is a stored state one step from another, with the moves of
// the step and the errors they raised; s is nil when a fatal error ended
// the step.
type successor struct {
	s     *vm.State
	steps []Step
	errs  []*vm.RuntimeError
}

// successors lists every step from stored state s (all the ways through
// the states not stored after its moves), in the search's order.
func (w *walker) successors(s *vm.State) (succ []successor, deadEnd bool) {
	var expand func(n wnode, steps []Step, errs []*vm.RuntimeError)
	expand = func(n wnode, steps []Step, errs []*vm.RuntimeError) {
		w.set(n)
		moves, _ := w.r.Moves()
		if len(steps) > 0 && w.stored() {
			succ = append(succ, successor{n.s, steps, errs})
			return
		}
		if len(steps) == 0 && len(moves) == 0 {
			deadEnd = true
		}
		if len(steps) >= w.maxDepth {
			return
		}
		after := w.node() // Moves may have taken exclusivity away
		// (the list is the runner's, which the expansions below reuse)
		moves = append([]vm.Move(nil), moves...)
		for _, mv := range moves {
			w.set(after)
			raised := w.r.Do(mv)
			steps := append(steps[:len(steps):len(steps)], Step{Pid: mv.Pid, Trans: mv.T})
			errs := append(errs[:len(errs):len(errs)], raised...)
			fatal := false
			for _, e := range raised {
				fatal = fatal || e.Fatal
			}
			if fatal {
				succ = append(succ, successor{nil, steps, errs})
				continue
			}
			w.r.S = w.r.S.Clone() // kept, and the runner's buffers are reused
			expand(w.node(), steps, errs)
		}
	}
	expand(wnode{s, -1, 0, -1}, nil, nil)
	return succ, deadEnd
}

// A stateTree holds the states a walk-based search keeps, each with how
// it was reached (from the state it was kept after, by some moves), so
// that every kept state has a trail.
type stateTree struct {
	nodes []kept
	steps []Step // the moves of every node, one after another
	base  []Step // the moves from the initial state to the first node
}

// kept is a node of a stateTree: state s, reached from node parent (-1:
// the first) by steps[from:to], depth moves from the initial state.
type kept struct {
	s        *vm.State
	parent   int32
	from, to int32
	depth    int32
}

// add keeps s, reached from node parent (-1: s is the first) by steps.
func (t *stateTree) add(s *vm.State, steps []Step, parent int) {
	depth := int32(len(t.base))
	if parent >= 0 {
		depth = t.nodes[parent].depth + int32(len(steps))
	}
	from := int32(len(t.steps))
	t.steps = append(t.steps, steps...)
	t.nodes = append(t.nodes, kept{s: s, parent: int32(parent), from: from, to: int32(len(t.steps)), depth: depth})
}

// trail is the moves from the initial state to node i, then steps.
func (t *stateTree) trail(i int, steps []Step) []Step {
	var chain []int
	for ; i >= 0; i = int(t.nodes[i].parent) {
		chain = append(chain, i)
	}
	out := append([]Step(nil), t.base...)
	for j := len(chain) - 1; j >= 0; j-- {
		k := t.nodes[chain[j]]
		out = append(out, t.steps[k.from:k.to]...)
	}
	return append(out, steps...)
}

// reset forgets every node: the next first node is reached by base.
func (t *stateTree) reset(base []Step) {
	t.nodes, t.steps, t.base = t.nodes[:0], t.steps[:0], base
}
