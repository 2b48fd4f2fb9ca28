package trail

import (
	"bytes"
	"fmt"

	"gmc/vm"
)

// Walker follows a trail's steps one at a time on a vm.Runner, refusing
// any step the search that wrote the trail could not have taken. With a
// never claim (a model compiled with it) these are the rules of pan's
// product search (docs/references.md#spin-claims): the claim moves first,
// and again after each system step that leaves no atomic sequence or
// rendezvous offer going on; when the system cannot move, the claim moves
// alone (a stutter); an atomic sequence that blocks hands the turn to the
// claim. Without a claim a step is a runner's move.
//
// Next finds the move a step names (checking it), Do takes it; between
// the two the caller may look at the runner's state. MarkCycle notes the
// state where a trail's cycle starts, Closes checks that the state
// reached is that one again.
type Walker struct {
	R *vm.Runner
	M *vm.Model

	claimTurn bool // the claim moves next
	stutter   bool // the claim's move taken is a stutter (np_ is false)
	probe     *vm.Machine

	cycleKey   []byte // the state where the cycle starts (nil: not marked)
	cycleTurn  bool
	cycleStep  int
	steps      int // steps taken
	cycleOwner int
}

// NewWalker returns a walker at m's initial state.
func NewWalker(m *vm.Model) (*Walker, error) {
	r, err := vm.NewRunner(m)
	if err != nil {
		return nil, err
	}
	return &Walker{R: r, M: m, claimTurn: m.Claim != nil, probe: vm.NewMachine(m)}, nil
}

// ClaimTurn reports whether the claim moves next.
func (w *Walker) ClaimTurn() bool { return w.claimTurn }

// Next finds the move step names in the current state, or says why the
// search could not have taken it. A dummy step's move has Pid Dummy.
func (w *Walker) Next(st Entry) (vm.Move, error) {
	m := w.M
	switch {
	case st.Pid == Dummy:
		if moves, _ := w.R.Moves(); len(moves) > 0 {
			return vm.Move{}, fmt.Errorf("a dummy move of fairness, but process %d can move", moves[0].Pid)
		}
		return vm.Move{Pid: Dummy}, nil
	case st.Pid == ClaimPid:
		return w.claimMove(st)
	case w.claimTurn:
		if m.ClaimPC(w.R.S) < 0 {
			return vm.Move{}, fmt.Errorf("the never claim has ended: nothing moves after it")
		}
		return vm.Move{}, fmt.Errorf("it is the never claim's turn (it moves after every system step outside atomic sequences)")
	}
	return NextMove(w.R, st)
}

// Failed returns the move step names when it is a transition at its
// process's state that the process cannot take now, where it would be its
// turn: pan's trail of an error raised while it evaluated a transition
// ends in that step (docs/references.md#pan-trail), which spin -t shows
// as a transition that failed. ok is false for any other step.
func (w *Walker) Failed(st Entry) (mv vm.Move, ok bool) {
	r, m := w.R, w.M
	if st.Pid < 0 || st.Pid >= r.S.NrProcs() || w.claimTurn || r.Pending != 0 || r.Owner >= 0 && r.Owner != st.Pid {
		return vm.Move{}, false
	}
	pt := m.ProcType(r.S, st.Pid)
	for _, t := range pt.PCs[m.PC(r.S, st.Pid)].Trans {
		if TransID(pt, t) == st.ID {
			return vm.Move{Pid: st.Pid, T: t}, true
		}
	}
	return vm.Move{}, false
}

// claimMove finds the claim's move step names.
func (w *Walker) claimMove(st Entry) (vm.Move, error) {
	m, r := w.M, w.R
	if m.Claim == nil {
		return vm.Move{}, fmt.Errorf("a step of a never claim, but the model runs none")
	}
	w.stutter = false
	if !w.claimTurn {
		// The system's turn: the claim moves only if an atomic sequence
		// blocks (Moves takes its exclusivity away) or nothing can move.
		owner := r.Owner
		moves, _ := r.Moves()
		switch {
		case owner >= 0 && r.Owner < 0:
		case len(moves) == 0:
			w.stutter = true
		default:
			return vm.Move{}, fmt.Errorf("the never claim moves while process %d can move", moves[0].Pid)
		}
	}
	var t *vm.Trans
	for _, u := range m.ClaimTrans(r.S) {
		if TransID(m.Claim, u) == st.ID {
			t = u
		}
	}
	if t == nil {
		if m.ClaimPC(r.S) < 0 {
			return vm.Move{}, fmt.Errorf("the never claim has ended")
		}
		return vm.Move{}, fmt.Errorf("the never claim is at state %d, which has no transition with id %d", m.Claim.PCs[m.ClaimPC(r.S)].Seqno, st.ID)
	}
	// pan tries the claim's moves with timeout false, and again with it
	// true when a system step below asked for it (the system cannot move).
	if w.claimCan(t, false) {
		return vm.Move{Pid: ClaimPid, T: t}, nil
	}
	if moves, timeout := r.Moves(); (len(moves) == 0 || timeout) && w.claimCan(t, true) {
		return vm.Move{Pid: ClaimPid, T: t, Timeout: true}, nil
	}
	return vm.Move{}, fmt.Errorf("the never claim's %q is not executable", t.Text)
}

// nonProgress is np_ in the current state.
func (w *Walker) nonProgress() bool { return !w.stutter && !w.M.AtProgress(w.R.S) }

// claimCan reports whether the claim can take t in the current state,
// in the pass with timeout as given (an else only if no option before it
// can move).
func (w *Walker) claimCan(t *vm.Trans, timeout bool) bool {
	probe, s := w.probe, w.R.S
	moved := false
	for _, u := range w.M.ClaimTrans(s) {
		if u.Else && moved {
			if u == t {
				return false
			}
			continue
		}
		probe.Timeout, probe.Pending, probe.NonProgress = timeout, 0, w.nonProgress()
		ok := probe.Guard(s, ClaimPid, u) && len(probe.Errors) == 0
		if u == t {
			return ok
		}
		moved = moved || ok
	}
	return false
}

// Do takes move mv, which Next returned, and returns the errors it raised
// (see vm.Runner.Do).
func (w *Walker) Do(mv vm.Move) []*vm.RuntimeError {
	w.steps++
	if mv.Pid == Dummy {
		w.claimTurn = w.M.Claim != nil
		return nil
	}
	if mv.Pid == ClaimPid {
		w.R.Machine().NonProgress = w.nonProgress()
	}
	errs := w.R.Do(mv)
	switch {
	case mv.Pid == ClaimPid:
		// an atomic step of the claim keeps its turn, as the system's
		w.claimTurn = mv.T.Atom&vm.Atomic != 0
	case w.M.Claim != nil:
		w.claimTurn = w.R.Pending == 0 && mv.T.Atom&vm.Atomic == 0
	}
	return errs
}

// MarkCycle notes the current state as the one where the cycle starts.
func (w *Walker) MarkCycle() {
	w.cycleKey = append([]byte(nil), w.M.Key(w.R.S, nil)...)
	w.cycleTurn, w.cycleStep, w.cycleOwner = w.turn(), w.steps, w.R.Owner
}

// turn is whether the claim moves next in the current state, counting a
// system's turn where the system cannot move as the claim's (it
// stutters): a cycle may close on a stutter where it started on a claim's
// turn.
func (w *Walker) turn() bool {
	if w.claimTurn || w.M.Claim == nil {
		return w.claimTurn
	}
	owner := w.R.Owner
	moves, _ := w.R.Moves()
	w.R.Owner = owner // (only looking)
	return len(moves) == 0
}

// Closes checks that the current state is the one where the cycle
// starts (MarkCycle), the claim's turn the same, and none of the two
// inside an atomic sequence or a rendezvous.
func (w *Walker) Closes() error {
	switch {
	case w.cycleKey == nil:
		return fmt.Errorf("the trail has no cycle")
	case !bytes.Equal(w.cycleKey, w.M.Key(w.R.S, nil)):
		return fmt.Errorf("the cycle does not close: the state after step %d is not the one after step %d, where the cycle starts", w.steps, w.cycleStep)
	case w.cycleTurn != w.turn():
		return fmt.Errorf("the cycle does not close: the state after step %d is the one after step %d, where the cycle starts, but not at the same turn of the never claim", w.steps, w.cycleStep)
	case w.R.Owner >= 0 || w.cycleOwner >= 0 || w.R.Pending != 0:
		return fmt.Errorf("the cycle does not close: it starts or ends inside an atomic sequence or a rendezvous")
	}
	return nil
}

// CycleStart is the number of steps taken before the cycle (MarkCycle),
// -1 when not marked.
func (w *Walker) CycleStart() int {
	if w.cycleKey == nil {
		return -1
	}
	return w.cycleStep
}
