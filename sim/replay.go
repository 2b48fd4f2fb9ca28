package sim

import (
	"fmt"
	"io"

	"gmc/lang"
	"gmc/trail"
	"gmc/vm"
)

// Replay follows trail t on m, as spin -t does, printing each statement
// the steps execute, and ends with "trail ends after N steps" and the
// final report. m must be compiled as the run that wrote the trail was
// (statement merging on or off, with the claim t names), with
// vm.Options{Trace: true}. With a claim, its moves are shown as SPIN
// shows them ("Never claim moves to line N", when the line changes), and
// the start of a cycle as <<<<<START OF CYCLE>>>>>; a trail whose cycle
// does not lead back to the state where it starts is refused, as is a
// step the model cannot take (a *trail.LineError naming the step's line
// when t has Lines).
func Replay(m *vm.Model, t *trail.File, opts Options, w io.Writer) (*Result, error) {
	walker, err := trail.NewWalker(m)
	if err != nil {
		return nil, err
	}
	r := walker.R
	r.SetSimulator() // spin -t replays with its simulator
	p := newPrinter(w, m, r, opts)
	p.replay = true
	p.res.CycleStart = -1
	p.ltls()
	claim := m.Claim
	shown := claim != nil && claim.Name != vm.NonProgressClaim // SPIN cannot show np_
	if claim != nil && (opts.Steps || opts.Globals || opts.Locals) {
		fmt.Fprintf(w, "starting claim %d\n", claim.ID)
	}
	for pid := 0; pid < r.S.NrProcs(); pid++ {
		p.res.Created++
		p.numberLocals(r.S, pid)
		p.chartStart(r.S, pid, -1)
	}
	lastLine := -1
steps:
	for i, st := range t.Steps {
		depth := i + 1
		if i == t.Cycle {
			indent := "  "
			if opts.NoIndent {
				indent = ""
			}
			fmt.Fprintf(w, "%s<<<<<START OF CYCLE>>>>>\n", indent)
			walker.MarkCycle()
			p.res.CycleStart = i
		}
		if opts.MaxSteps > 0 && depth >= opts.MaxSteps {
			fmt.Fprintf(w, "-------------\ndepth-limit (-u%d steps) reached\n", opts.MaxSteps)
			p.res.Limited = true
			p.res.Depth = depth
			break
		}
		mv, err := walker.Next(st)
		if err != nil && i == len(t.Steps)-1 {
			// pan's trail of an error raised while it evaluated a
			// transition ends in it: spin tries it and says it failed
			if mv, ok := walker.Failed(st); ok {
				p.res.Depth = depth
				p.failedStep(mv)
				break
			}
		}
		if err != nil {
			err = fmt.Errorf("step %d (%s): %v", depth, trail.Describe(st), err)
			if i < len(t.Lines) {
				err = &trail.LineError{Line: t.Lines[i], Err: err}
			}
			return p.res, err
		}
		if mv.Pid == trail.Dummy {
			// pan writes no line for a dummy move, so spin's count of
			// the steps stays at the last step before it (a trail that
			// ends with one ends one step short of its depth).
			walker.Do(mv)
			p.record(mv, nil)
			continue
		}
		p.res.Depth = depth
		if mv.Pid == vm.ClaimPid {
			line, text, stop := p.claimStep(walker, mv)
			if shown && line != lastLine {
				lastLine = line
				fmt.Fprintf(w, "Never claim moves to line %d\t[%s]\n", line, text)
			}
			if stop {
				break steps
			}
			continue
		}
		if p.replayStep(walker, mv) {
			break
		}
	}
	switch {
	case p.res.Limited || p.res.Assertion || p.res.Fatal != nil || p.res.Failed:
	case t.Cycle >= 0 && p.res.CycleStart >= 0:
		if err := walker.Closes(); err != nil {
			return p.res, err
		}
		p.res.CycleClosed = true
	case claim != nil:
		p.res.ClaimEnd = m.ClaimEnded(r.S) || m.NrPr(r.S) == 0
	default:
		moves, _ := r.Moves()
		p.res.InvalidEnd = len(moves) == 0 && !m.ValidEnd(r.S)
		p.res.AcceptStutter = len(moves) == 0 && m.Accepting(r.S)
	}
	fmt.Fprintf(w, "spin: trail ends after %d steps\n", p.res.Depth)
	p.finalReport()
	return p.res, nil
}

// failedStep shows the last step of a trail, move mv, which cannot
// execute, as spin -t does: the errors SPIN's simulator prints trying it
// (an uninitialised channel's), its step line and "transition failed".
// The state stays as it was.
func (p *printer) failedStep(mv vm.Move) {
	r := p.r
	p.begin(mv)
	pt := p.pt
	machine := r.Machine()
	machine.Uninit = p.uninitError
	machine.Timeout, machine.Pending = mv.Timeout, r.Pending
	machine.Guard(r.S, mv.Pid, mv.T)
	machine.Uninit = nil
	p.stepLine(r.S, mv.Pid, pt, mv.T.Elem, pt.Elements[mv.T.Elem-1].Text)
	p.dumps(r.S, mv.Pid, p.gBefore, p.lBefore, nil)
	if p.opts.Steps && !p.quiet() {
		fmt.Fprintln(p.w, "\ttransition failed")
	}
	p.record(mv, pt)
	p.res.Failed, p.failed, p.failedElem = true, mv.Pid, mv.T.Elem
}

// recvChanName is the name SPIN gives the channel of the receive that
// transition t of pt starts with, in its error on an uninitialised one:
// the channel variable's ("" when the channel is no variable).
func recvChanName(pt *vm.ProcType, t *vm.Trans) string {
	for st, elem := range pt.StmtElem {
		if r, ok := st.(*lang.Recv); ok && elem == t.Elem {
			if v, ok := r.Chan.(*lang.VarRef); ok {
				return v.Name
			}
		}
	}
	return ""
}

// claimStep takes a step of the never claim and returns the line and
// text SPIN shows for it (those of the last statement it executed); it
// prints the assertion violations the step raised (an ltl claim's
// finite violation), and reports whether the replay must stop.
func (p *printer) claimStep(walker *trail.Walker, mv vm.Move) (line int, text string, stop bool) {
	claim := p.m.Claim
	p.mv, p.before, p.pt, p.pid = mv, p.r.S, claim, 0
	p.stmts, p.errsShown, p.startedNow = p.stmts[:0], 0, 0
	p.finish = nil
	errs := walker.Do(mv)
	elem := mv.T.Elem
	if n := len(p.stmts); n > 0 {
		elem = claim.StmtElem[p.stmts[n-1]]
	}
	for _, e := range errs {
		if e.Fatal {
			p.errorLine(e.Stmt, e.Msg)
			p.res.Fatal = e
			stop = true
		} else {
			p.assertion(claim, e)
			p.res.Assertion = true
		}
	}
	if mv.T.End && p.opts.Steps && !p.quiet() && p.r.S.NrProcs() == 0 {
		fmt.Fprintf(p.w, "%3d: claim terminates\n", p.res.Depth)
	}
	e := claim.Elements[elem-1]
	p.record(mv, claim)
	return e.Own.Line, e.Text, stop
}

// record keeps a step of the replay, move mv of a process of type pt,
// for Result.Steps.
func (p *printer) record(mv vm.Move, pt *vm.ProcType) {
	p.res.Steps = append(p.res.Steps, StepOf(p.res.Depth, mv.Pid, pt, mv.T))
}

// StepOf describes step depth of a trail: process pid, of type pt, took
// transition t (pt and t nil for a dummy move).
func StepOf(depth, pid int, pt *vm.ProcType, t *vm.Trans) Step {
	st := Step{Depth: depth, Pid: pid}
	if pt != nil && t != nil {
		e := pt.Elements[t.Elem-1]
		st.Proc, st.Pos, st.State, st.Text = pt.Name, fmt.Sprintf("%s:%d", e.Own.File, e.Own.Line), t.Elem, e.Text
	}
	return st
}

// replayStep takes one trail step and prints it: a line per statement the
// step executed (a merged chain or a d_step executes several), each after
// the printf output and errors of its statement. It reports whether the
// replay must stop (a fatal error).
func (p *printer) replayStep(walker *trail.Walker, mv vm.Move) (stop bool) {
	r := p.r
	p.begin(mv)
	pt := p.pt
	shown := 0
	p.finish = func(st lang.Stmt, s *vm.State, last bool) {
		for _, e := range p.newErrors() {
			if !e.Fatal {
				p.assertion(p.pt, e)
				p.res.Assertion = true
			}
		}
		p.starting(s)
		elem := p.pt.StmtElem[st]
		if mv.T.DStep && shown == 0 {
			elem = mv.T.Elem // a d_step's first line is at the d_step
		}
		shown++
		p.stepLine(s, mv.Pid, p.pt, elem, stmtText(p.pt, st))
		p.dumps(s, mv.Pid, p.gBefore, p.lBefore, st)
	}
	errs := walker.Do(mv)
	p.record(mv, pt)
	for _, e := range errs {
		if e.Fatal {
			p.finish = nil
			p.errorLine(e.Stmt, e.Msg)
			p.chartError(e)
			p.res.Fatal = e
			return true
		}
	}
	p.end()
	switch {
	case mv.T.End:
		p.chartEnd(mv.Pid)
		if p.opts.Steps && !p.quiet() {
			fmt.Fprintf(p.w, "%3d: proc %d terminates\n", p.res.Depth, mv.Pid)
		}
	case shown == 0:
		// A jump (a break option, a goto leaving an atomic sequence).
		for _, e := range p.newErrors() {
			p.assertion(p.pt, e)
		}
		p.stepLine(r.S, mv.Pid, p.pt, mv.T.Elem, p.pt.Elements[mv.T.Elem-1].Text)
		p.dumps(r.S, mv.Pid, p.gBefore, p.lBefore, nil)
	}
	return false
}

// starting announces the processes the step has created so far.
func (p *printer) starting(s *vm.State) {
	for pid := p.before.NrProcs() + p.startedNow; pid < s.NrProcs(); pid++ {
		p.startedNow++
		p.res.Created++
		p.numberLocals(s, pid)
		p.chartStart(s, pid, p.mv.Pid)
		if p.opts.Steps && !p.quiet() {
			fmt.Fprintf(p.w, "Starting %s with pid %d\n", p.m.ProcType(s, pid).Name, pid)
		}
	}
}
