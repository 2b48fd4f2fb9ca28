package vm

// Move is one step a process can take: process Pid takes transition T
// (Timeout: only because nothing else could move).
type Move struct {
	Pid     int
	T       *Trans
	Timeout bool
}

// Runner executes a model one step at a time under the rules of pan's
// search: atomic exclusivity (lost when the sequence blocks), rendezvous
// handshakes (a send, then the receive that takes the message), else,
// timeout, unless escapes, priorities and provided clauses. Simulation and
// trail replay stand on it; the exhaustive search applies the same rules
// in its own loop, for speed.
type Runner struct {
	M *Model
	S *State // the current state; Do replaces it, never changes it in place

	// Owner holds atomic exclusivity (-1: none). Pending is the channel of
	// a rendezvous whose message waits for a receive (0: none), offered by
	// process Sender.
	Owner, Pending, Sender int

	machine *Machine // executes moves (Do): its hooks see them
	probe   *Machine // tries moves (Moves): no hooks
}

// NewRunner returns a runner at the model's initial state.
func NewRunner(m *Model) (*Runner, error) {
	s, err := m.InitialState()
	if err != nil {
		return nil, err
	}
	return &Runner{M: m, S: s, Owner: -1, Sender: -1, machine: NewMachine(m), probe: NewMachine(m)}, nil
}

// ResumeRunner returns r ready to run from the state and flags it holds
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

// Machine is the machine the runner executes with (set its Out to see
// printf output).
func (r *Runner) Machine() *Machine { return r.machine }

// Moves returns the moves possible in the current state, in the order
// pan tries them (highest pid first, each process's transitions in list
// order), and whether they are possible only because of timeout. When the
// owner of an atomic sequence cannot move, it loses exclusivity, and the
// other processes' moves are returned (Owner is then -1).
func (r *Runner) Moves() (moves []Move, timeout bool) {
	for _, timeout := range []bool{false, true} {
		if timeout && r.Pending != 0 {
			break // an offer is taken at once or not at all
		}
		if moves = r.pass(timeout); len(moves) > 0 {
			return moves, timeout
		}
		if r.Owner >= 0 {
			r.Owner = -1 // the atomic sequence is blocked: it loses exclusivity
			if moves = r.pass(timeout); len(moves) > 0 {
				return moves, timeout
			}
		}
	}
	return nil, false
}

// pass lists the moves of one pass over the processes.
func (r *Runner) pass(timeout bool) []Move {
	var moves []Move
	first, last := r.S.NrProcs()-1, 0
	if r.Owner >= 0 {
		first, last = r.Owner, r.Owner
	}
	for pid := first; pid >= last; pid-- {
		if pid == r.Sender && r.Pending != 0 || pid >= r.S.NrProcs() {
			continue
		}
		moves = append(moves, r.processMoves(pid, timeout)...)
	}
	return moves
}

// processMoves lists the moves of process pid.
func (r *Runner) processMoves(pid int, timeout bool) []Move {
	m, s, machine := r.M, r.S, r.probe
	machine.Timeout, machine.Pending = timeout, r.Pending
	if !machine.HighestPriority(s, pid) {
		return nil
	}
	var moves []Move
	moved := false
	escape := 0
	for _, t := range m.ProcType(s, pid).PCs[m.PC(s, pid)].Trans {
		if escape > 0 && escape != t.EscOrg {
			break // once an escape executed, nothing outside its group
		}
		if r.Pending != 0 && !t.Recv || t.Else && (moved || r.Pending != 0) {
			continue
		}
		machine.Timeout, machine.Pending = timeout, r.Pending
		if !machine.Guard(s, pid, t) {
			if len(machine.Errors) > 0 {
				// A run-time error in a guard: the move that raises it.
				moves = append(moves, Move{Pid: pid, T: t, Timeout: timeout})
			}
			continue
		}
		escape = t.EscOrg
		if !r.takesOffer(pid, t) {
			continue
		}
		moves = append(moves, Move{Pid: pid, T: t, Timeout: timeout})
		moved = true
	}
	return moves
}

// takesOffer reports whether move t of pid, whose guard holds, can be
// taken: a send on a rendezvous channel only if some process can receive
// the message.
func (r *Runner) takesOffer(pid int, t *Trans) bool {
	next := r.S.Clone()
	if !r.probe.Effect(next, t) || r.probe.Rendezvous == 0 {
		return true
	}
	offer := &Runner{M: r.M, S: next, Owner: -1, Pending: r.probe.Rendezvous, Sender: pid, probe: NewMachine(r.M)}
	return len(offer.pass(false)) > 0
}

// Do takes move mv, which Moves returned, and returns the errors it raised
// (assertion violations, and a fatal error that leaves the state as it
// was).
func (r *Runner) Do(mv Move) []*RuntimeError {
	machine := r.machine
	machine.Timeout, machine.Pending = mv.Timeout, r.Pending
	if !machine.Guard(r.S, mv.Pid, mv.T) {
		return append([]*RuntimeError(nil), machine.Errors...)
	}
	next := r.S.Clone()
	ok := machine.Effect(next, mv.T)
	errs := append([]*RuntimeError(nil), machine.Errors...)
	if !ok {
		return errs
	}
	r.S = next
	r.Pending, r.Sender = 0, -1
	if ch := machine.Rendezvous; ch != 0 {
		r.Pending, r.Sender = ch, mv.Pid
	}
	r.Owner = -1
	if mv.T.Atom&Atomic != 0 {
		r.Owner = mv.Pid
	}
	return errs
}

// ValidEnd reports whether every process of s is at a valid end state (its
// end, or an end label): a state without moves is an invalid end state
// otherwise.
func (m *Model) ValidEnd(s *State) bool {
	for pid := 0; pid < s.NrProcs(); pid++ {
		if !m.ProcType(s, pid).PCs[m.PC(s, pid)].ValidEnd {
			return false
		}
	}
	return true
}
