package script

import (
	"errors"
	"time"

	"gmc/checker"
	"gmc/search"
	"gmc/vm"
)

// Result is what a certification found: the search's counts and errors,
// its Stop (search.Deviation when it left the script: Failure says where),
// and what it measured.
type Result struct {
	*checker.Result
	Certification *Certification
}

// Failure is where the certification left its script (nil: it did not).
func (r *Result) Failure() *Deviation {
	if r.Deviation == nil {
		return nil
	}
	return deviationOf(r.Deviation)
}

// deviationOf is err as a deviation: an error reading the script is a
// deviation of kind "format".
func deviationOf(err error) *Deviation {
	var dev *Deviation
	if errors.As(err, &dev) {
		return dev
	}
	return &Deviation{Kind: "format", Message: err.Error()}
}

// fail records in res that a certification failed: a deviation, or an
// error reading the script.
func fail(res *checker.Result, err error) {
	dev := deviationOf(err)
	res.Deviation = dev
	res.Stop = search.Stop{Reason: search.Deviation, Detail: "certification failed: " + dev.Error()}
}

// Certify certifies m by following script: a full script by the search
// (checker.Options.Follower), a trustful one by Trustful.
func Certify(m *vm.Model, script *Reader) (*Result, error) {
	defer script.Close()
	var res *checker.Result
	var err error
	if script.Trustful() {
		res, err = Trustful(m, script)
	} else {
		res, err = checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: script.MaxDepth()}, Reduce: script.Reduced(), Follower: follower{script}}).Run()
	}
	if err != nil {
		return nil, err
	}
	if res.Deviation != nil {
		res.Deviation = deviationOf(res.Deviation)
	}
	return &Result{Result: res, Certification: &Certification{PeakFingerprints: script.peak}}, nil
}

// Trustful certifies m by following a trustful script (004 §3.1.3): the
// perfect search, each state reached once, by the moves the script names,
// with no table of visited states and no trying of the moves the script
// leaves out. The script is trusted to cover the state space (that is
// what trustful means); what is checked are the properties on every state
// it visits: assertions, run-time errors, and end states where the
// script says a state has no moves (which is checked too). A move the
// model cannot take there is a deviation.
func Trustful(m *vm.Model, script *Reader) (*checker.Result, error) {
	if !script.Trustful() {
		return nil, errors.New("not a trustful script (certify it without --trustful)")
	}
	s0, err := m.InitialState()
	if err != nil {
		return nil, err
	}
	return trustfulFrom(m, script, s0, 0), nil
}

// trustfulFrom follows script from state s0 at depth base (a part of a
// script starts where its initialization path leads).
func trustfulFrom(m *vm.Model, script *Reader, s0 *vm.State, base int) *checker.Result {
	t := &trustful{m: m, script: script, machine: vm.NewMachine(m), res: &checker.Result{}, base: base}
	start := time.Now()
	func() {
		defer func() {
			if r := recover(); r != nil && r != errStop {
				panic(r)
			}
		}()
		t.run(s0)
		t.res.Stop = search.Stop{Reason: search.Complete}
	}()
	t.res.Elapsed = time.Since(start)
	return t.res
}

// node is a state on the trustful certification's stack, with what the
// search knows of it besides the state: the atomic sequence's owner and
// the rendezvous offer pending.
type node struct {
	s                      vm.State
	owner, pending, sender int
}

type trustful struct {
	m       *vm.Model
	script  *Reader
	machine *vm.Machine
	stack   []node
	base    int // the depth of the state the script starts from
	res     *checker.Result
}

func (t *trustful) fail(err error) {
	fail(t.res, err)
	panic(errStop)
}

func (t *trustful) run(s0 *vm.State) {
	t.stack = append(t.stack, node{owner: -1, sender: -1})
	vm.CopyState(&t.stack[0].s, s0)
	r := t.script
	for {
		if !r.next() {
			t.fail(r.err)
		}
		switch r.cur.op {
		case opMove:
			t.move(int(r.cur.pid), int(r.cur.x>>1), r.cur.x&1 != 0)
		case opNew, opNewLast:
			t.res.Stored++ // a state new to the search: trusted
		case opCut:
			// a state searched in another part
		case opBacktrack:
			if len(t.stack) == 0 {
				t.fail(r.deviation("backtrack", "the script backtracks from the initial state twice"))
			}
			t.stack = t.stack[:len(t.stack)-1]
		case opDeadEnd:
			t.deadEnd()
		case opEnd:
			if len(t.stack) > 0 {
				t.fail(r.deviation("end", "the script ends with %d states still on the stack", len(t.stack)))
			}
			if err := r.finish(); err != nil {
				t.fail(err)
			}
			return
		default:
			t.fail(r.deviation("format", "instruction %s in a trustful script", r.name()))
		}
	}
}

// move takes transition trans of process pid from the top state.
func (t *trustful) move(pid, trans int, timeout bool) {
	if len(t.stack) == 0 {
		t.fail(t.script.deviation("transition", "the script moves after backtracking from the initial state"))
	}
	top := &t.stack[len(t.stack)-1]
	s := &top.s
	if pid >= s.NrProcs() {
		t.fail(t.script.deviation("transition", "there is no process %d here", pid))
	}
	// (another process than an atomic sequence's owner moves when the
	// sequence is blocked: it lost exclusivity; trusted)
	pt := t.m.ProcType(s, pid)
	if trans >= len(pt.Trans) {
		t.fail(t.script.deviation("transition", "proctype %s has no transition %d", pt.Name, trans))
	}
	tr := pt.Trans[trans]
	machine := t.machine
	machine.Timeout, machine.Pending = timeout, top.pending
	if !machine.Guard(s, pid, tr) {
		t.fatal(t.base + len(t.stack) - 1)
		t.fail(t.script.deviation("transition", "transition %d of process %d (%s, %s: %s) is not executable here", trans, pid, pt.Name, tr.Pos, tr.Text))
	}
	// the slot above keeps its buffer from earlier visits
	if n := len(t.stack); n < cap(t.stack) {
		t.stack = t.stack[:n+1]
	} else {
		t.stack = append(t.stack, node{})
	}
	child := &t.stack[len(t.stack)-1]
	child.owner, child.pending, child.sender = -1, 0, -1
	top = &t.stack[len(t.stack)-2] // the append may have moved it
	vm.CopyState(&child.s, &top.s)
	ok := machine.Effect(&child.s, tr)
	t.res.Transitions++
	depth := t.base + len(t.stack) - 1
	for _, e := range machine.Errors {
		if !e.Fatal {
			t.report(&checker.Error{Kind: checker.AssertionViolated, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid, Pos: e.Pos})
		}
	}
	if !ok {
		t.fatal(depth)
	}
	if ch := machine.Rendezvous; ch != 0 {
		child.pending, child.sender = ch, pid
	} else if tr.Atom&vm.Atomic != 0 {
		child.owner = pid
	}
	if depth > t.res.DepthReached {
		t.res.DepthReached = depth
	}
}

// deadEnd checks a state the script says has no moves: it must have none,
// and then be a valid end state.
func (t *trustful) deadEnd() {
	top := t.stack[len(t.stack)-1]
	r := vm.ResumeRunner(&vm.Runner{M: t.m, S: top.s.Clone(), Owner: top.owner, Pending: top.pending, Sender: top.sender})
	if moves, _ := r.Moves(); len(moves) > 0 {
		t.fail(t.script.deviation("transition", "the script says a state has no moves, but it has %d", len(moves)))
	}
	if !t.m.ValidEnd(&top.s) {
		t.report(&checker.Error{Kind: checker.InvalidEndState, Msg: "invalid end state", Depth: t.base + len(t.stack) - 2})
	}
}

func (t *trustful) report(e *checker.Error) {
	t.res.Stats.NumErrors++
	t.res.Errors = append(t.res.Errors, e)
}

// fatal records a fatal run-time error the machine raised and stops.
func (t *trustful) fatal(depth int) {
	for _, e := range t.machine.Errors {
		if e.Fatal {
			t.report(&checker.Error{Kind: checker.RuntimeFailure, Msg: e.Msg, Depth: depth, Trans: e.Trans, Pid: e.Pid, Pos: e.Pos})
			t.res.Stop = search.Stop{Reason: search.RuntimeError, Detail: "run-time error: " + e.Msg}
			panic(errStop)
		}
	}
}

// errStop unwinds a trustful certification when it must stop: the panic
// that carries it is recovered in trustfulFrom, after the stop was
// recorded.
var errStop = errors.New("stop")
