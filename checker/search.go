package checker

import (
	"errors"
	"fmt"
	"time"

	"gmc/lang"
	"gmc/vm"
)

// Options configure a search.
type Options struct {
	MaxDepth  int // -m: states at this depth are not explored (default 10000)
	MaxErrors int // -c: stop after this many errors; 0 means never stop
	// MaxMemory bounds the bytes the store and the search stack may use;
	// the search stops when it is reached (0: no bound).
	MaxMemory int64
	// MaxStates stops the search once this many states are stored (0: no
	// bound).
	MaxStates int64
	// Stop, when closed, stops the search (an interrupt).
	Stop <-chan struct{}
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
	Depth int       // as pan reports it (see explore)
	Trail []Step    // kept for the errors in Result.Errors only
	Trans *vm.Trans // the transition that failed, for assertions and run-time errors
	Pid   int
	Pos   lang.Pos // the statement that failed (zero for invalid end states)
}

// ErrorKind classifies errors.
type ErrorKind int

// Kinds of errors.
const (
	AssertionViolated ErrorKind = iota
	InvalidEndState
	RuntimeFailure // fatal: the search stopped
)

// String names the kind in snake case, as JSON output does.
func (k ErrorKind) String() string {
	switch k {
	case AssertionViolated:
		return "assertion_violated"
	case InvalidEndState:
		return "invalid_end_state"
	case RuntimeFailure:
		return "runtime_error"
	}
	return "unknown"
}

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
	// Errors are the errors found, with their trails: all of them up to
	// the -c bound, or only the first when the search does not stop at
	// errors (Stats.Errors counts them all).
	Errors   []*Error
	Complete bool   // the whole state space was searched
	Stopped  string // why the search stopped early, if it did
	Memory   Memory
}

// Memory is what the search used, in bytes.
type Memory struct {
	Vectors int64 // the state vectors in the store, as stored
	Table   int64 // the store's hash table
	Stack   int64 // the search stack: one state per depth
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
	d.res.Memory = d.memory()
	return d.res, nil
}

// scratch returns the reusable state for children at depth.
func (d *DFS) scratch(depth int) *vm.State {
	for len(d.bufs) <= depth {
		d.bufs = append(d.bufs, &vm.State{})
		if len(d.bufs)&1023 == 0 {
			d.checkBounds() // the stack grows too: one state per depth
		}
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
	if pending == 0 && owner < 0 && !d.insert(s) {
		return
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
			if !d.insert(s) {
				return
			}
			continue
		}
		if !timeout {
			timeout = true
			continue
		}
		if !d.validEnd(s) {
			// pan names the depth one less than the state's (its search
			// has stepped back when it checks); so does gmc, so that the
			// two reports agree. The trail still has depth steps.
			d.report(&Error{Kind: InvalidEndState, Msg: "invalid end state", Depth: depth - 1})
		}
		return
	}
}

// insert stores s and reports whether it is new; a state seen before
// counts as matched.
func (d *DFS) insert(s *vm.State) bool {
	res := d.res
	v := d.m.Vector(s)
	if !d.store.Insert(v) {
		res.Matched++
		return false
	}
	res.Stored++
	if len(v) > res.MaxVector {
		res.MaxVector = len(v)
	}
	if res.Stored&1023 == 0 {
		d.checkBounds()
	}
	if res.Stored == d.opts.MaxStates {
		res.Stopped = fmt.Sprintf("state bound of %d states reached", d.opts.MaxStates)
		panic(errStop)
	}
	return true
}

// checkBounds stops the search when the memory bound is reached or the
// caller asked it to stop.
func (d *DFS) checkBounds() {
	if d.opts.MaxMemory > 0 {
		if m := d.memory(); m.Vectors+m.Table+m.Stack > d.opts.MaxMemory {
			d.res.Stopped = fmt.Sprintf("memory bound of %d bytes reached", d.opts.MaxMemory)
			panic(errStop)
		}
	}
	select {
	case <-d.opts.Stop:
		d.res.Stopped = "interrupted"
		panic(errStop)
	default:
	}
}

// memory is what the store and the stack use now.
func (d *DFS) memory() Memory {
	vectors, table := d.store.Bytes()
	var stack int64
	for _, b := range d.bufs {
		stack += int64(cap(b.Buf)) + 64
	}
	stack += int64(cap(d.path)) * 16
	return Memory{Vectors: vectors, Table: table, Stack: stack}
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
			d.report(&Error{Kind: AssertionViolated, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid, Pos: e.Pos})
		}
	}
}

// fatal records a fatal run-time error, if the machine raised one, and
// stops the search. It reports whether there was one.
func (d *DFS) fatal(machine *vm.Machine, depth int) bool {
	for _, e := range machine.Errors {
		if e.Fatal {
			d.res.Stopped = e.Msg
			d.report(&Error{Kind: RuntimeFailure, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid, Pos: e.Pos})
			panic(errStop)
		}
	}
	return false
}

// report counts an error, keeps it with its trail, and stops the search
// when the error bound is reached.
func (d *DFS) report(e *Error) {
	d.res.Stats.Errors++
	if d.opts.MaxErrors > 0 || len(d.res.Errors) == 0 {
		e.Trail = append([]Step(nil), d.path...)
		d.res.Errors = append(d.res.Errors, e)
	}
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
