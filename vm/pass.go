package vm

// Pass is a pass over the processes of a state in search of the moves
// they can take, under the rules of pan's search (its new_state): the
// exhaustive search (package checker) and the Runner both go through
// their states with it, so that the two take exactly the same moves.
//
// A state's context says who may move: only the process holding atomic
// exclusivity, if one does; only receives of the message, by processes
// other than its sender, when a rendezvous offer waits for its receive.
// Within a pass the processes are tried highest pid first, and each
// one's transitions in list order. A process whose provided clause is
// false, or that a process of higher priority with an executable
// transition overrules, is passed over. An else is tried only if
// nothing of its process moved before it in the pass (never for a
// rendezvous). Once a transition of an unless escape group has been
// taken, nothing outside its group is tried in that process. When
// nothing moved, Retry prepares the pass that follows: without atomic
// exclusivity, then the timeout pass.
//
// A Pass holds no pointers: a search keeps one per node of its stack at
// no cost to the garbage collector. It is small (32 bytes), as a search
// hundreds of thousands of steps deep keeps as many: pids, proctypes
// and channels fit in 16 bits (MaxProcs, a state's byte for each).
type Pass struct {
	owner   int16 // the process holding atomic exclusivity (-1: none)
	pending int16 // the channel of a rendezvous offer waiting (0: none)
	sender  int16 // who offered it (-1: none)
	timeout bool  // the timeout pass: timeout is true
	moved   bool  // something moved in this pass

	// The process being tried (pid+1, while its list is open), its
	// proctype, its pc, the next transition of its list, and pan's
	// per-process flags: something of the process moved; the escape
	// group of its last transition taken (pan's E_state).
	open      bool
	barred    bool // Open refused the process for its provided clause or its priority
	procMoved bool
	pid, last int16
	proctype  int16
	pc        int32
	next      int32
	escape    int32
}

// Set makes p the pass of a state with context owner, the process
// holding atomic exclusivity (-1: none), and pending, the channel of a
// rendezvous offered by process sender that waits for its receive (0
// and -1: none). Begin starts it.
func (p *Pass) Set(owner, pending, sender int) {
	*p = Pass{owner: int16(owner), pending: int16(pending), sender: int16(sender)}
}

// SetAfter makes p the pass of the state process pid reaches by taking
// t, which offered a rendezvous on channel rendezvous (Machine.Rendezvous
// after Effect; 0: none). A rendezvous offer waits for its receive;
// otherwise a transition inside an atomic sequence, not its last, keeps
// exclusivity for its process. (It sets p in place: a search sets the
// pass of the frame it pushes.)
func (p *Pass) SetAfter(pid int, t *Trans, rendezvous int) {
	switch {
	case rendezvous != 0:
		p.Set(-1, rendezvous, pid)
	case t.Atom&Atomic != 0:
		p.Set(pid, 0, -1)
	default:
		p.Set(-1, 0, -1)
	}
}

// Owner is the process holding atomic exclusivity (-1: none).
func (p *Pass) Owner() int { return int(p.owner) }

// Pending is the channel of the rendezvous offer waiting for its receive
// (0: none).
func (p *Pass) Pending() int { return int(p.pending) }

// Sender is the process whose rendezvous offer waits (-1: none).
func (p *Pass) Sender() int { return int(p.sender) }

// Timeout reports whether this is the timeout pass.
func (p *Pass) Timeout() bool { return p.timeout }

// Moved reports whether something moved in this pass (Took).
func (p *Pass) Moved() bool { return p.moved }

// Begin starts a pass over the processes of s.
func (p *Pass) Begin(s *State) {
	p.moved, p.open = false, false
	p.pid, p.last = int16(s.NrProcs()-1), 0
	if p.owner >= 0 {
		p.pid, p.last = p.owner, p.owner
	}
}

// BeginOnly starts a pass over process pid of s alone (the process a
// partial-order reduction preselects).
func (p *Pass) BeginOnly(s *State, pid int) {
	p.moved, p.open = false, false
	p.pid, p.last = int16(pid), int16(pid)
}

// Next finds the next transition of the pass that may move from s: it
// returns the process, the transition and true when the transition's
// guard holds (machine is then ready for Effect, on a copy of s), false
// when the guard raised an error (machine.Errors), and a nil transition
// at the end of the pass. Whether the transition moved is the caller's
// to say (Took): a rendezvous offer moves only if a receive takes it.
func (p *Pass) Next(machine *Machine, s *State) (pid int, t *Trans, ok bool) {
	for {
		if !p.open {
			// The next process.
			if p.pid < p.last {
				return -1, nil, false
			}
			pid := int(p.pid)
			p.pid--
			if !p.Open(machine, s, pid) {
				continue
			}
		}
		if t, ok := p.NextOf(machine, s); t != nil {
			return int(p.pid) + 1, t, ok
		}
		if p.pending != 0 && !p.OpenReceiver(machine, s) {
			return -1, nil, false // (the rest of an offer's pass: see OpenReceiver)
		}
	}
}

// Open makes pid the process whose transitions NextOf tries, and reports
// whether the rules of the state's context let it move at all: not the
// sender of the rendezvous offer waiting, not a process of lower priority
// than one that can move or whose provided clause is false, and during a
// rendezvous offer only a process at a receive. (Next opens the processes
// highest pid first; a search that must do work between two processes,
// as pan's weak fairness does, opens them itself and calls NextOf.)
func (p *Pass) Open(machine *Machine, s *State, pid int) bool {
	m := machine.M
	p.open, p.barred = false, false
	if pid == int(p.sender) || pid >= s.NrProcs() {
		return false
	}
	if m.restricted && !machine.HighestPriority(s, pid) {
		p.barred = true
		return false
	}
	proctype, pc := m.at(s, pid)
	if p.pending != 0 && !pc.Recv {
		return false // only a receive can take a rendezvous offer
	}
	p.proctype, p.pc = int16(proctype), int32(pc.N)
	p.open, p.next, p.procMoved, p.escape = true, 0, false, 0
	p.pid = int16(pid) - 1
	return true
}

// BeginOffer starts the pass of the rendezvous offer that process pid
// made by taking t into s (machine.Rendezvous, after Effect) and opens
// its first process that may take it (OpenReceiver), and reports whether
// there is one: a pass that reports false is over, and the send did not
// move.
func (p *Pass) BeginOffer(machine *Machine, s *State, pid int, t *Trans) bool {
	p.SetAfter(pid, t, machine.Rendezvous)
	p.Begin(s)
	return p.OpenReceiver(machine, s)
}

// OpenReceiver opens, as Next would, the next process of a rendezvous
// offer's pass (Pending) that has a receive the cheap test of its guard
// (recvTest: the channel, the pc) does not rule out, at that receive,
// and reports whether there is one; false ends the pass. Next then tries
// the receive's guard. What Next would do for the processes it passes
// over it does in one loop, without Open and NextOf. The search asks it
// before it makes an offer's frame, the Runner before it follows an
// offer, and Next after each process of an offer's pass: most offers
// find no receiver (philo_host N=5: 102,107 of 201,911), and most
// processes an offer's pass looks at are ruled out by their pc or their
// receive's channel. With priorities or provided clauses, which Open's
// rules must weigh, it opens nothing and reports true: Next does it all.
// Where the machine knows which processes may take an offer on the
// channel (Machine.takers), it looks at those alone.
func (p *Pass) OpenReceiver(machine *Machine, s *State) bool {
	if machine.M.restricted {
		return true
	}
	machine.Pending = int(p.pending) // (what recvTest reads)
	from := min(int(p.pid), s.NrProcs()-1)
	if takers, ok := machine.takers(s, int(p.pending)); ok {
		for _, pid := range takers {
			switch {
			case int(pid) > from || pid == p.sender:
			case pid < p.last:
				return p.noReceiver()
			case p.openReceive(machine, s, int(pid)):
				return true
			}
		}
		return p.noReceiver()
	}
	for pid := from; pid >= int(p.last); pid-- {
		if pid != int(p.sender) && p.openReceive(machine, s, pid) {
			return true
		}
	}
	return p.noReceiver()
}

// openReceive opens process pid at its first receive the cheap test of
// its guard does not rule out (OpenReceiver), if it has one.
func (p *Pass) openReceive(machine *Machine, s *State, pid int) bool {
	proctype, pc := machine.M.at(s, pid)
	if !pc.Recv {
		return false
	}
	base := -1
	for i, t := range pc.Trans {
		if !t.Recv {
			continue
		}
		if r := t.Code.recv; r != nil && machine.closures(t.Code) {
			if base < 0 {
				base = machine.base(s, pid)
			}
			if r.blocked(machine, s, base) {
				continue
			}
		}
		p.proctype, p.pc = int16(proctype), int32(pc.N)
		p.open, p.barred, p.next, p.procMoved, p.escape = true, false, int32(i), false, 0
		p.pid = int16(pid) - 1
		return true
	}
	return false
}

// noReceiver ends an offer's pass that found no more receivers.
func (p *Pass) noReceiver() bool {
	p.open, p.barred = false, false
	p.pid = p.last - 1
	return false
}

// Barred reports whether the last Open refused its process for its
// provided clause or its priority (pan's new_state leaves such a process
// at once: what it does after a process's moves, fairness's rule 2 among
// them, is not done).
func (p *Pass) Barred() bool { return p.barred }

// NextOf finds the next transition of the open process that may move
// from s, as Next does; a nil transition means the process has none left
// (it is closed then).
func (p *Pass) NextOf(machine *Machine, s *State) (t *Trans, ok bool) {
	machine.Timeout, machine.Pending = p.timeout, int(p.pending)
	list := machine.M.transOf(int(p.proctype), int(p.pc))
	for p.open {
		if int(p.next) >= len(list) {
			p.open = false
			break
		}
		t := list[p.next]
		p.next++
		if p.escape > 0 && int(p.escape) != t.EscOrg {
			// Once an unless escape has been taken, nothing outside its
			// group is tried from this state (pan's new_state).
			p.open = false
			break
		}
		if p.pending != 0 && !t.Recv || t.Else && (p.procMoved || p.pending != 0) {
			continue
		}
		pid := int(p.pid) + 1
		if r := t.Code.recv; r != nil && machine.closures(t.Code) && r.blocked(machine, s, machine.base(s, pid)) {
			continue // (what Guard would find, without its call)
		}
		if !machine.Guard(s, pid, t) {
			if len(machine.Errors) > 0 {
				return t, false
			}
			continue
		}
		p.escape = int32(t.EscOrg)
		return t, true
	}
	return nil, false
}

// SetTimeout makes the pass a timeout pass (timeout is true) or not.
func (p *Pass) SetTimeout(on bool) { p.timeout = on }

// ProcTypeID is the ID of the proctype of the transition Next returned
// last.
func (p *Pass) ProcTypeID() int { return int(p.proctype) }

// PC is the pc of the process open (Open).
func (p *Pass) PC() int { return int(p.pc) }

// Last returns the transition Next returned last, its proctype and the
// pc it leaves.
func (p *Pass) Last(m *Model) (pt *ProcType, pc int, t *Trans) {
	pt = m.Types[p.proctype]
	return pt, int(p.pc), pt.PCs[p.pc].Trans[p.next-1]
}

// Took records that the transition Next returned last moved: an else of
// its process is not tried after it, and the pass has moved.
func (p *Pass) Took() { p.moved, p.procMoved = true, true }

// Retry prepares the pass that follows one in which nothing moved, and
// reports whether there is one: when an atomic sequence is blocked, it
// loses exclusivity and every process is tried again; then comes the
// timeout pass. A rendezvous offer is taken at once or not at all, and
// after the timeout pass the state is an end state.
func (p *Pass) Retry() bool {
	switch {
	case p.owner >= 0:
		p.owner = -1
	case p.pending != 0 || p.timeout:
		return false
	default:
		p.timeout = true
	}
	return true
}

// Pid is the process of the transition Next returned last.
func (p *Pass) Pid() int { return int(p.pid) + 1 }
