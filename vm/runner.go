package vm

// Move is one step a process can take: process Pid takes transition T
// (Timeout: only because nothing else could move).
type Move struct {
	Pid     int
	T       *Trans
	Timeout bool
}

// Runner executes a model one step at a time under the rules of pan's
// search, which it applies with the search's own code (Pass): atomic
// exclusivity (lost when the sequence blocks), rendezvous handshakes (a
// send, then the receive that takes the message), else, timeout, unless
// escapes, priorities and provided clauses. Simulation, trail replay and
// the randomized searches stand on it.
//
// A step (Moves, then Do) allocates nothing: the runner reuses its
// buffers from step to step, so what Moves and Do return, and the states
// Do makes S, are valid only for a while (see each); a caller that keeps
// one longer copies it.
type Runner struct {
	M *Model
	// S is the current state. Do never changes it in place: it writes the
	// next state into one of two buffers of the runner's, the one S is
	// not, and makes S that one. So the state before a move stays as it
	// was until the next Do; a state the runner made is overwritten by a
	// later Do, and a caller that keeps it Clones it. A caller may set S
	// to a state of its own: Do leaves it as it is.
	S *State

	// Owner holds atomic exclusivity (-1: none). Pending is the channel of
	// a rendezvous whose message waits for a receive (0: none), offered by
	// process Sender (-1: none).
	Owner, Pending, Sender int

	machine *Machine // executes moves (Do): its hooks see them
	probe   *Machine // tries moves (Moves): no hooks
	states  [2]State // the buffers Do writes the next state into, in turn
	moves   []Move   // what Moves returns
	// offers are the states after the rendezvous offers Moves probes,
	// one per level of offers within offers
	offers []State
}

// NewRunner returns a runner at the model's initial state.
func NewRunner(m *Model) (*Runner, error) {
	s, err := m.InitialState()
	if err != nil {
		return nil, err
	}
	return ResumeRunner(&Runner{M: m, S: s, Owner: -1, Sender: -1}), nil
}

// ResumeRunner returns r ready to run from the state and context it holds
// (for a Runner built as a literal, to explore from a given state).
func ResumeRunner(r *Runner) *Runner {
	r.machine, r.probe = NewMachine(r.M), NewMachine(r.M)
	return r
}

// SetInput makes receives from STDIN read in (see Input): the moves taken
// consume it, the moves tried only look at it.
func (r *Runner) SetInput(in *Input) {
	r.machine.Input = in
	r.probe.Input, r.probe.peekInput = in, true
}

// SetSimulator makes the runner SPIN's simulator where it differs from
// pan (Machine.Simulator).
func (r *Runner) SetSimulator() {
	r.machine.Simulator, r.probe.Simulator = true, true
}

// SetUninit sets the Machine.Uninit hook of the machines the runner tries
// and takes moves with (nil: none): a simulator's Moves then tells f of
// each send and receive on an uninitialised channel it tried.
func (r *Runner) SetUninit(f func(UninitUse)) {
	r.machine.Uninit, r.probe.Uninit = f, f
}

// Machine is the machine the runner executes moves with (set its Print
// to see printf output, its Trace to see the statements).
func (r *Runner) Machine() *Machine { return r.machine }

// Moves returns the moves possible in the current state, in the order
// pan tries them (highest pid first, each process's transitions in list
// order), and whether they are possible only because of timeout. When the
// owner of an atomic sequence cannot move, it loses exclusivity, and the
// other processes' moves are returned (Owner is then -1). A move whose
// guard raises a run-time error is listed: Do raises it.
//
// The list is the runner's: it is valid until the next call of Moves.
func (r *Runner) Moves() (moves []Move, timeout bool) {
	r.moves = r.moves[:0]
	s, machine := r.S, r.probe
	var p Pass
	p.Set(r.Owner, r.Pending, r.Sender)
	for {
		p.Begin(s)
		for {
			pid, t, ok := p.Next(machine, s)
			if t == nil {
				break
			}
			if !ok {
				// A run-time error in a guard: the move that raises it.
				r.moves = append(r.moves, Move{Pid: pid, T: t, Timeout: p.timeout})
				continue
			}
			if !t.sends || r.takes(s, pid, t, 0) { // (no offer without a send)
				r.moves = append(r.moves, Move{Pid: pid, T: t, Timeout: p.timeout})
				p.Took()
			}
		}
		if len(r.moves) > 0 || !p.Retry() {
			break
		}
	}
	r.Owner = p.Owner()
	return r.moves, len(r.moves) > 0 && p.timeout
}

// takes reports whether transition t of pid, which sends and whose guard
// holds in s (on the probe machine), moves: a send that offers a
// rendezvous only if some process takes the message. The search knows it when it returns from
// the offer's state; the runner looks ahead, on a copy of the state for
// each level of offers (a receive that offers in turn).
func (r *Runner) takes(s *State, pid int, t *Trans, level int) bool {
	if level == len(r.offers) {
		r.offers = append(r.offers, State{})
	}
	next := &r.offers[level]
	CopyState(next, s)
	machine := r.probe
	if !machine.Effect(next, t) || machine.Rendezvous == 0 {
		return true // a fatal error is a move too: Do raises it
	}
	var p Pass
	if !p.BeginOffer(machine, next, pid, t) {
		return false
	}
	for {
		pid, t, ok := p.Next(machine, next)
		switch {
		case t == nil:
			return false
		case !ok || !t.sends || r.takes(next, pid, t, level+1):
			return true
		}
	}
}

// Do takes move mv, which Moves returned, and returns the errors it raised
// (assertion violations, and a fatal error that leaves the state as it
// was). The state before the move stays as it was until the next Do.
//
// The errors are the runner's list: it is valid until the next Do.
func (r *Runner) Do(mv Move) []*RuntimeError {
	machine := r.machine
	machine.Timeout, machine.Pending = mv.Timeout, r.Pending
	if !machine.Guard(r.S, mv.Pid, mv.T) {
		return machine.Errors
	}
	next := &r.states[0]
	if next == r.S {
		next = &r.states[1]
	}
	CopyState(next, r.S)
	if !machine.Effect(next, mv.T) {
		return machine.Errors
	}
	r.S = next
	var p Pass
	p.SetAfter(mv.Pid, mv.T, machine.Rendezvous)
	r.Owner, r.Pending, r.Sender = int(p.owner), int(p.pending), int(p.sender)
	return machine.Errors
}

// ValidEnd reports whether every process of s is at a valid end state (its
// end, or an end label), and the trace assertion, if any, too: a state
// without moves is an invalid end state otherwise.
func (m *Model) ValidEnd(s *State) bool {
	for pid := 0; pid < s.NrProcs(); pid++ {
		if !m.ProcType(s, pid).PCs[m.PC(s, pid)].ValidEnd {
			return false
		}
	}
	return m.TraceDone(s) // pan: "event_trace not completed"
}

// EndState reports whether s is a valid end state: ValidEnd, or with
// strict (pan -q) every process at a valid end state and every channel
// empty. pan's endstate returns at the channels under -q, before it looks
// at the trace assertion (docs/references.md#spin-pan-flags).
func (m *Model) EndState(s *State, strict bool) bool {
	if !strict {
		return m.ValidEnd(s)
	}
	for pid := 0; pid < s.NrProcs(); pid++ {
		if !m.ProcType(s, pid).PCs[m.PC(s, pid)].ValidEnd {
			return false
		}
	}
	return m.ChansEmpty(s)
}

// ChansEmpty reports whether every channel of s is empty (pan's qs_empty).
func (m *Model) ChansEmpty(s *State) bool {
	for _, off := range s.Chans {
		if chanLen(s.Buf, off, m.Chans[s.Buf[off]]) > 0 {
			return false
		}
	}
	return true
}
