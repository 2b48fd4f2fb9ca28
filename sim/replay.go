package sim

import (
	"fmt"
	"io"

	"gmc/lang"
	"gmc/trail"
	"gmc/vm"
)

// Replay follows a trail's steps on m, as spin -t does, printing each
// statement the steps execute, and ends with "trail ends after N steps"
// and the final report. m must be compiled as the run that wrote the
// trail was (statement merging on or off), with vm.Options{Trace: true}.
// A step the model cannot take ends the replay with an error.
func Replay(m *vm.Model, steps []trail.Entry, opts Options, w io.Writer) (*Result, error) {
	r, err := vm.NewRunner(m)
	if err != nil {
		return nil, err
	}
	p := newPrinter(w, m, r, opts)
	p.replay = true
	for pid := 0; pid < r.S.NrProcs(); pid++ {
		p.res.Created++
		p.numberLocals(r.S, pid)
	}
	for i, st := range steps {
		depth := i + 1
		if opts.MaxSteps > 0 && depth >= opts.MaxSteps {
			fmt.Fprintf(w, "-------------\ndepth-limit (-u%d steps) reached\n", opts.MaxSteps)
			p.res.Limited = true
			p.res.Depth = depth
			break
		}
		mv, err := trail.NextMove(r, st)
		if err != nil {
			return p.res, fmt.Errorf("step %d (process %d, transition %d): %v", depth, st.Pid, st.Trans, err)
		}
		p.res.Depth = depth
		if p.replayStep(mv) {
			break
		}
	}
	if !p.res.Limited && !p.res.Assertion && p.res.Fatal == nil {
		moves, _ := r.Moves()
		p.res.InvalidEnd = len(moves) == 0 && !m.ValidEnd(r.S)
	}
	fmt.Fprintf(w, "spin: trail ends after %d steps\n", p.res.Depth)
	p.finalReport()
	return p.res, nil
}

// replayStep takes one trail step and prints it: a line per statement the
// step executed (a merged chain or a d_step executes several), each after
// the printf output and errors of its statement. It reports whether the
// replay must stop (a fatal error).
func (p *printer) replayStep(mv vm.Move) (stop bool) {
	r := p.r
	p.begin(mv)
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
	errs := r.Do(mv)
	for _, e := range errs {
		if e.Fatal {
			p.finish = nil
			p.errorLine(e.Stmt, e.Msg)
			p.res.Fatal = e
			return true
		}
	}
	p.end()
	switch {
	case mv.T.End:
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
		if p.opts.Steps && !p.quiet() {
			fmt.Fprintf(p.w, "Starting %s with pid %d\n", p.m.ProcType(s, pid).Name, pid)
		}
	}
}
