package walk

import (
	"math/rand/v2"

	"gmc/trail"
	"gmc/vm"
)

// A Walker moves between the states a search stores (no atomic sequence
// running, no rendezvous offer pending), through the states it does not
// store, by the rules of vm.Runner: the randomized searches and the
// Monte Carlo estimate stand on it. A step is one move from a stored
// state and the moves after it until the next stored state.
type Walker struct {
	m        *vm.Model
	r        *vm.Runner
	maxDepth int // the longest chain of moves through states not stored
	// the moves of the stored state the last random step reached, which
	// it listed to see that the state is stored: a walk goes on from
	// there
	reached      *vm.State
	reachedMoves []vm.Move
	// Stop, when set, is asked every 256 moves of a call of Successors
	// whether to give up: the states not stored after a stored state's
	// moves can make a tree too large to list (an atomic sequence that
	// loops, down to the depth bound: up to 2^10000 moves, each copying
	// a path thousands of moves long). Truncated reports whether the last
	// call gave up.
	Stop      func() bool
	truncated bool
}

// New returns a walker at m's initial state; maxDepth bounds the moves of
// one step.
func New(m *vm.Model, maxDepth int) (*Walker, error) {
	r, err := vm.NewRunner(m)
	if err != nil {
		return nil, err
	}
	return &Walker{m: m, r: r, maxDepth: maxDepth}, nil
}

// node is a state with the runner's context: what a walk is at.
type node struct {
	s                      *vm.State
	owner, pending, sender int
}

func (w *Walker) set(n node) {
	w.r.S, w.r.Owner, w.r.Pending, w.r.Sender = n.s, n.owner, n.pending, n.sender
}

func (w *Walker) at() node {
	return node{w.r.S, w.r.Owner, w.r.Pending, w.r.Sender}
}

// State is the state the walker is at: the initial state, before any
// step.
func (w *Walker) State() *vm.State { return w.r.S }

// stored reports whether the runner is at a state the search stores,
// once Moves has run (it takes exclusivity from a blocked sequence).
func (w *Walker) stored() bool { return w.r.Owner < 0 && w.r.Pending == 0 }

// Events is what happened on a step: the errors the moves raised
// (assertion violations, and a fatal error, which ends the step).
type Events struct {
	Errs  []*vm.RuntimeError
	Fatal bool
}

func (e *Events) add(errs []*vm.RuntimeError) {
	for _, err := range errs {
		e.Errs = append(e.Errs, err)
		e.Fatal = e.Fatal || err.Fatal
	}
}

// RandomStep takes a step from stored state s, choosing each move
// uniformly. It returns the stored state reached (nil if s has no moves:
// deadEnd; or if a fatal error stopped the step, or it went on too long
// through states not stored) and the moves taken.
func (w *Walker) RandomStep(s *vm.State, rng *rand.Rand, ev *Events) (next *vm.State, steps []trail.Step, deadEnd bool) {
	w.set(node{s, -1, 0, -1})
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
		steps = append(steps, trail.Step{Pid: mv.Pid, Trans: mv.T})
		if ev.Fatal {
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

// Successor is a stored state one step from another, with the moves of
// the step and the errors they raised; s is nil when a fatal error ended
// the step.
type Successor struct {
	S     *vm.State
	Steps []trail.Step
	Errs  []*vm.RuntimeError
}

// Successors lists every step from stored state s (all the ways through
// the states not stored after its moves), in the search's order.
func (w *Walker) Successors(s *vm.State) (succ []Successor, deadEnd bool) {
	w.truncated = false
	moved := 0
	var expand func(n node, steps []trail.Step, errs []*vm.RuntimeError)
	expand = func(n node, steps []trail.Step, errs []*vm.RuntimeError) {
		w.set(n)
		moves, _ := w.r.Moves()
		if len(steps) > 0 && w.stored() {
			succ = append(succ, Successor{n.s, steps, errs})
			return
		}
		if len(steps) == 0 && len(moves) == 0 {
			deadEnd = true
		}
		if len(steps) >= w.maxDepth {
			return
		}
		after := w.at() // Moves may have taken exclusivity away
		// (the list is the runner's, which the expansions below reuse)
		moves = append([]vm.Move(nil), moves...)
		for _, mv := range moves {
			if moved++; w.truncated || moved&255 == 0 && w.Stop != nil && w.Stop() {
				w.truncated = true
				return
			}
			w.set(after)
			raised := w.r.Do(mv)
			steps := append(steps[:len(steps):len(steps)], trail.Step{Pid: mv.Pid, Trans: mv.T})
			errs := append(errs[:len(errs):len(errs)], raised...)
			fatal := false
			for _, e := range raised {
				fatal = fatal || e.Fatal
			}
			if fatal {
				succ = append(succ, Successor{nil, steps, errs})
				continue
			}
			w.r.S = w.r.S.Clone() // kept, and the runner's buffers are reused
			expand(w.at(), steps, errs)
		}
	}
	expand(node{s, -1, 0, -1}, nil, nil)
	return succ, deadEnd
}

// Truncated reports whether the last call of Successors gave up (Stop):
// its list is then a part of the successors.
func (w *Walker) Truncated() bool { return w.truncated }

// A Tree holds the states a walk-based search keeps, each with how
// it was reached (from the state it was Kept after, by some moves), so
// that every Kept state has a trail.
type Tree struct {
	Nodes []Kept
	steps []trail.Step // the moves of every node, one after another
	base  []trail.Step // the moves from the initial state to the first node
}

// Kept is a node of a Tree: state s, reached from node parent (-1:
// the first) by steps[from:to], depth moves from the initial state.
type Kept struct {
	S        *vm.State
	Parent   int32
	From, To int32
	Depth    int32
}

// Add keeps s, reached from node parent (-1: s is the first) by steps.
func (t *Tree) Add(s *vm.State, steps []trail.Step, parent int) {
	depth := int32(len(t.base))
	if parent >= 0 {
		depth = t.Nodes[parent].Depth + int32(len(steps))
	}
	from := int32(len(t.steps))
	t.steps = append(t.steps, steps...)
	t.Nodes = append(t.Nodes, Kept{S: s, Parent: int32(parent), From: from, To: int32(len(t.steps)), Depth: depth})
}

// Trail is the moves from the initial state to node i, then steps.
func (t *Tree) Trail(i int, steps []trail.Step) []trail.Step {
	var chain []int
	for ; i >= 0; i = int(t.Nodes[i].Parent) {
		chain = append(chain, i)
	}
	out := append([]trail.Step(nil), t.base...)
	for j := len(chain) - 1; j >= 0; j-- {
		k := t.Nodes[chain[j]]
		out = append(out, t.steps[k.From:k.To]...)
	}
	return append(out, steps...)
}

// Reset forgets every node: the next first node is reached by base.
func (t *Tree) Reset(base []trail.Step) {
	t.Nodes, t.steps, t.base = t.Nodes[:0], t.steps[:0], base
}
