package checker

import (
	"errors"
	"time"

	"gmc/vm"
)

// Options configure a search.
type Options struct {
	MaxDepth  int // -m: states at this depth are not explored (default 10000)
	MaxErrors int // -c: stop after this many errors; 0 means never stop
}

// Step is one step of a path: process Pid took transition Trans.
type Step struct {
	Pid   int
	Trans *vm.Trans
}

// Error is a property violation found by a search, with the path that
// leads to it from the initial state.
type Error struct {
	Kind  ErrorKind
	Msg   string
	Depth int
	Trail []Step
	Trans *vm.Trans // the transition that failed, for assertions and run-time errors
	Pid   int
}

// ErrorKind classifies errors.
type ErrorKind int

// Kinds of errors.
const (
	AssertionViolated ErrorKind = iota
	InvalidEndState
	RuntimeFailure // fatal: the search stopped
)

// Stats are the counters of a search, named as pan names them.
type Stats struct {
	Stored       int64 // states stored
	Matched      int64 // arrivals at stored states, and arrivals cut off by the depth bound
	Transitions  int64 // stored + matched
	AtomicSteps  int64
	DepthReached int
	Errors       int64
	DepthLimited bool // the depth bound cut the search
	Elapsed      time.Duration
	MaxVector    int
}

// Result is what a search found.
type Result struct {
	Stats
	Errors   []*Error // the first errors found (all, up to the -c bound)
	Complete bool     // the whole state space was searched
	Stopped  string   // why the search stopped early, if it did
}

// errStop unwinds the search when it must stop.
var errStop = errors.New("stop")

// DFS explores the state space of m depth-first with the exact store, as
// pan does (SPIN-NOTES 1.2).
type DFS struct {
	m           *vm.Model
	opts        Options
	store       Store
	vm          *vm.Machine
	res         *Result
	path        []Step
	bufs        []*vm.State // one scratch state per depth
	warnedDepth bool
	start       time.Time
	priorities  bool // priorities or provided clauses restrict who moves
}

// NewDFS prepares a depth-first search of m.
func NewDFS(m *vm.Model, opts Options) *DFS {
	if opts.MaxDepth <= 0 {
		opts.MaxDepth = 10000
	}
	d := &DFS{m: m, opts: opts, store: NewFullStore(), vm: vm.NewMachine(m)}
	d.priorities = m.HasPriority
	for _, pt := range m.Types {
		if pt.Provided != nil {
			d.priorities = true
		}
	}
	return d
}

// Run searches the state space and returns the result.
func (d *DFS) Run() (*Result, error) {
	s0, err := d.m.InitialState()
	if err != nil {
		return nil, err
	}
	d.res = &Result{}
	d.start = time.Now()
	func() {
		defer func() {
			if r := recover(); r != nil && r != errStop {
				panic(r)
			}
		}()
		d.explore(s0, 0, -1, 0)
		d.res.Complete = !d.res.DepthLimited
	}()
	d.res.Elapsed = time.Since(d.start)
	d.res.Transitions = d.res.Stored + d.res.Matched
	return d.res, nil
}

// scratch returns the reusable state for children at depth.
func (d *DFS) scratch(depth int) *vm.State {
	for len(d.bufs) <= depth {
		d.bufs = append(d.bufs, &vm.State{})
	}
	return d.bufs[depth]
}

// explore visits the node (s, depth): owner is the pid holding atomic
// exclusivity (-1: none), pending the channel of a rendezvous in progress
// (0: none), whose sender is d.path's last step.
func (d *DFS) explore(s *vm.State, depth int, owner int, pending int) {
	res := d.res
	if depth >= d.opts.MaxDepth {
		if !d.warnedDepth {
			d.warnedDepth = true
		}
		res.DepthLimited = true
		res.Matched++
		return
	}
	if pending == 0 && owner < 0 {
		if !d.store.Insert(d.m.Vector(s)) {
			res.Matched++
			return
		}
		res.Stored++
		if n := len(d.m.Vector(s)); n > res.MaxVector {
			res.MaxVector = n
		}
	}
	if depth > res.DepthReached {
		res.DepthReached = depth
	}
	sender := -1
	if pending != 0 {
		sender = d.path[len(d.path)-1].Pid
	}
	timeout := false
	for {
		moved := d.successors(s, depth, owner, pending, sender, timeout)
		if moved || pending != 0 {
			return
		}
		if s.NrProcs() == 0 || depth >= d.opts.MaxDepth-1 {
			return
		}
		if owner >= 0 {
			// The atomic sequence is blocked: it loses exclusivity, and
			// the state is now stored like any other.
			owner = -1
			if !d.store.Insert(d.m.Vector(s)) {
				res.Matched++
				return
			}
			res.Stored++
			continue
		}
		if !timeout {
			timeout = true
			continue
		}
		if !d.validEnd(s) {
			d.report(&Error{Kind: InvalidEndState, Msg: "invalid end state", Depth: depth})
		}
		return
	}
}

// successors executes every enabled transition of the candidate processes
// (only the owner under atomic exclusivity, highest pid first otherwise)
// and explores the results. It reports whether anything moved.
func (d *DFS) successors(s *vm.State, depth, owner, pending, sender int, timeout bool) bool {
	m := d.m
	machine := d.vm
	machine.Timeout = timeout
	machine.Pending = pending
	moved := false
	first, last := s.NrProcs()-1, 0
	if owner >= 0 {
		first, last = owner, owner
	}
	for pid := first; pid >= last; pid-- {
		if pid == sender || pid >= s.NrProcs() {
			continue
		}
		pt := m.ProcType(s, pid)
		pc := pt.PCs[m.PC(s, pid)]
		if d.priorities {
			machine.Timeout, machine.Pending = timeout, pending
			if !machine.HighestPriority(s, pid) {
				continue
			}
		}
		procMoved := false
		escape := 0 // pan's E_state: the escape group of the last executed transition
		for _, t := range pc.Trans {
			if escape > 0 && escape != t.EscOrg {
				// Once an unless escape has executed, nothing outside its
				// group is tried from this state (pan's new_state).
				break
			}
			if pending != 0 && !t.Recv {
				continue
			}
			if t.Else && (procMoved || pending != 0) {
				continue
			}
			machine.Timeout, machine.Pending = timeout, pending
			if !machine.Guard(s, pid, t) {
				if d.fatal(machine, depth) {
					return true
				}
				continue
			}
			child := d.scratch(depth + 1)
			vm.CopyState(child, s)
			ok := machine.Effect(child, t)
			escape = t.EscOrg
			d.path = append(d.path, Step{Pid: pid, Trans: t})
			d.assertions(machine, depth)
			if !ok {
				d.fatal(machine, depth)
				return true
			}
			rendezvous := machine.Rendezvous
			var childMoved bool
			if rendezvous != 0 {
				// The send half of a rendezvous: look for a receiver.
				childMoved = d.handshake(child, depth+1, rendezvous, pid)
			} else {
				childOwner := -1
				if t.Atom&vm.Atomic != 0 {
					childOwner = pid
					d.res.AtomicSteps++
				}
				d.explore(child, depth+1, childOwner, 0)
				childMoved = true
			}
			d.path = d.path[:len(d.path)-1]
			if childMoved {
				moved = true
				procMoved = true
			}
		}
	}
	return moved
}

// handshake explores the intermediate state of a rendezvous (the message is
// in the channel; the state is neither stored nor counted) and reports
// whether some receiver took the message.
func (d *DFS) handshake(s *vm.State, depth int, ch int, sender int) bool {
	if depth >= d.opts.MaxDepth {
		d.res.DepthLimited = true
		d.res.Matched++
		return true
	}
	if depth > d.res.DepthReached {
		d.res.DepthReached = depth
	}
	return d.successors(s, depth, -1, ch, sender, false)
}

// assertions records the assertion violations the last step raised.
func (d *DFS) assertions(machine *vm.Machine, depth int) {
	for _, e := range machine.Errors {
		if !e.Fatal {
			d.report(&Error{Kind: AssertionViolated, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid})
		}
	}
}

// fatal records a fatal run-time error, if the machine raised one, and
// stops the search. It reports whether there was one.
func (d *DFS) fatal(machine *vm.Machine, depth int) bool {
	for _, e := range machine.Errors {
		if e.Fatal {
			d.res.Stopped = e.Msg
			d.report(&Error{Kind: RuntimeFailure, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid})
			panic(errStop)
		}
	}
	return false
}

// report counts an error, keeps it with its trail, and stops the search
// when the error bound is reached.
func (d *DFS) report(e *Error) {
	d.res.Errors = append(d.res.Errors, e)
	d.res.Stats.Errors++
	e.Trail = append([]Step(nil), d.path...)
	if d.opts.MaxErrors > 0 && d.res.Stats.Errors >= int64(d.opts.MaxErrors) {
		if d.res.Stopped == "" {
			d.res.Stopped = "error bound reached"
		}
		panic(errStop)
	}
}

// validEnd reports whether every process is at a valid end state.
func (d *DFS) validEnd(s *vm.State) bool {
	for pid := 0; pid < s.NrProcs(); pid++ {
		pt := d.m.ProcType(s, pid)
		if !pt.PCs[d.m.PC(s, pid)].ValidEnd {
			return false
		}
	}
	return true
}
