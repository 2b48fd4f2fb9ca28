package sim

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"gmc/lang"
	"gmc/vm"
)

// Simulate runs m at random from its initial state, as SPIN's simulator
// does, until every process is done or blocked, an assertion fails, a
// run-time error stops it, or the -u bound. m must be compiled with
// vm.Options{NoMerge: true, Trace: true}: the simulator shows statements
// one by one.
func Simulate(m *vm.Model, opts Options, w io.Writer) (*Result, error) {
	r, err := vm.NewRunner(m)
	if err != nil {
		return nil, err
	}
	r.SetSimulator()
	if opts.Stdin != nil {
		r.SetInput(vm.NewInput(opts.Stdin))
	}
	p := newPrinter(w, m, r, opts)
	if opts.Choices != nil {
		p.chooser = newChooser(opts.Choices)
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x5ee0))
	// The sends and receives on uninitialised channels that Moves tries
	// (uninit.go); SPIN's tries are followed only for a run without a
	// claim, whose processes SPIN's scheduler picks from alone.
	var uses []vm.UninitUse
	if m.Claim == nil {
		r.SetUninit(func(u vm.UninitUse) { uses = append(uses, u) })
	}
	for pid := 0; pid < r.S.NrProcs(); pid++ {
		p.startProcess(r.S, pid, -1)
	}
	p.unused()
	for i := 0; ; i++ {
		if p.chooser == nil && p.limit() {
			break
		}
		if i%256 == 0 && closed(opts.Stop) { // (a look every step would cost what a step costs)
			fmt.Fprintf(w, "-------------\ninterrupted after %d steps\n", p.res.Depth)
			p.res.Stopped = true
			break
		}
		if r.S.NrProcs() == 0 {
			break // every process has ended
		}
		p.useCurrent()
		uses = uses[:0]
		owner := r.Owner
		moves, timeout := r.Moves()
		if len(uses) > 0 && p.chooser == nil {
			mv, ok := p.tryAsSpin(rng, moves, timeout, uses)
			if !ok {
				p.res.Blocked = true
				break
			}
			if p.simStep(mv) {
				break
			}
			continue
		}
		if p.chooser == nil {
			moves, timeout = p.withEntries(owner, moves, timeout)
		}
		if len(moves) == 0 || timeout {
			// Every process is blocked: SPIN says timeout, and tries
			// again with timeout true; a second time, the run ends.
			if !p.quiet() {
				fmt.Fprint(w, p.indent(0)+"timeout\n")
			}
			if len(moves) == 0 {
				p.res.Blocked = true
				break
			}
		}
		var mv vm.Move
		if p.chooser != nil && p.silentJump(moves) {
			continue // (SPIN's menu shows where the jump leads)
		}
		if p.chooser == nil || r.S.NrProcs() == 1 {
			// (spin -i shows no menu when one process is left)
			mv = pick(rng, moves)
		} else {
			var quit bool
			if mv, quit = p.choose(moves); quit {
				p.res.Quit = true
				return p.res, nil // as spin -i: no final report
			}
			// spin -i checks the bound after the choice
			if p.limit() {
				break
			}
		}
		if p.simStep(mv) {
			break
		}
	}
	p.finalReport()
	return p.res, nil
}

// unused prints, as SPIN's simulator does once the processes are
// created, the ltl formulas (as it reads them) and that the never claim
// written in the model and the trace assertion play no part in a
// simulation.
func (p *printer) unused() {
	p.ltls()
	never, trace := false, false
	for _, pr := range p.m.Spec.Procs {
		never = never || pr.Kind == lang.KindNever && pr.LTL == nil
		trace = trace || pr.Kind == lang.KindTrace
	}
	if never {
		fmt.Fprint(p.w, "warning: never claim not used in random simulation\n")
	}
	if trace {
		fmt.Fprint(p.w, "warning: trace assertion not used in random simulation\n")
	}
}

// ltls prints the ltl formulas as SPIN reads them (a simulation and a
// replay name them first).
func (p *printer) ltls() {
	for _, l := range p.m.Spec.LTLs {
		fmt.Fprintf(p.w, "ltl %s: %s\n", l.Name, l.Text)
	}
}

// limit reports whether the -u bound stops the simulation here, and says
// so.
func (p *printer) limit() bool {
	if p.opts.MaxSteps > 0 && p.res.Depth >= p.opts.MaxSteps {
		fmt.Fprintf(p.w, "-------------\ndepth-limit (-u%d steps) reached\n", p.opts.MaxSteps)
		p.res.Limited = true
		return true
	}
	return false
}

// pick chooses a move: a process at random among those that can move,
// then one of its moves at random. (The moves come process by process.)
func pick(rng *rand.Rand, moves []vm.Move) vm.Move {
	procs := 0
	for i, mv := range moves {
		if i == 0 || moves[i-1].Pid != mv.Pid {
			procs++
		}
	}
	k := rng.IntN(procs)
	first := 0
	for ; k > 0; first++ {
		if moves[first+1].Pid != moves[first].Pid {
			k--
		}
	}
	last := first + 1
	for last < len(moves) && moves[last].Pid == moves[first].Pid {
		last++
	}
	return moves[first+rng.IntN(last-first)]
}

// useCurrent numbers the global channels the statements every process is
// at refer to: SPIN's simulator tries them, and numbers a channel when it
// first evaluates it.
func (p *printer) useCurrent() {
	if p.globalsNumbered(p.r.S) {
		return
	}
	s := p.r.S
	for pid := s.NrProcs() - 1; pid >= 0; pid-- {
		pt := p.m.ProcType(s, pid)
		for _, t := range pt.PCs[p.m.PC(s, pid)].Trans {
			p.useGlobals(s, pt, t)
		}
	}
}

// startProcess announces process pid, created by creator (-1: at the
// start), and numbers its local channels.
func (p *printer) startProcess(s *vm.State, pid, creator int) {
	p.res.Created++
	p.entered[pid] = 0
	p.numberLocals(s, pid)
	p.chartStart(s, pid, creator)
	if !p.opts.Steps {
		return
	}
	pt := p.m.ProcType(s, pid)
	name := pt.Name
	if pt.Proc.Kind == lang.KindInit {
		name = ":init:"
	}
	// SPIN names a priority above 1 where it creates a process, and any
	// priority where it starts one in a model that uses priorities.
	prio := fmt.Sprintf(" priority %d", p.m.Priority(s, pid))
	created := prio
	if p.m.Priority(s, pid) <= 1 {
		created = ""
	}
	if creator < 0 {
		fmt.Fprintf(p.w, "%3d:\tproc  - (:root:) creates proc %2d (%s)%s\n", p.res.Depth, pid, name, created)
		return
	}
	if !p.m.HasPriority {
		prio = ""
	}
	fmt.Fprintf(p.w, "Starting %s with pid %d%s\n", name, pid, prio)
	cpt := p.m.ProcType(s, creator)
	fmt.Fprintf(p.w, "%3d:\t%screates proc %2d (%s)%s\n", p.res.Depth, p.label(s, creator, cpt), pid, name, created)
}

// withEntries puts, in place of the moves of each process that stands
// where SPIN's simulator takes a step of its own to enter a loop, that
// step, which needs nothing to be possible: at a block whose body starts
// with a loop (vm.Element.Enter, shown as [ATOMIC] or [sub-sequence]), in
// place of all its moves; at an if or do with options that start with a
// loop (vm.Element.LoopOptions, shown as [IF] or [DO]), in place of those
// options' moves. A process that took the step of such an option moves
// by that loop's transitions only. The owner of an atomic sequence before
// the moves were listed keeps running if it stands at such a step; steps
// that need nothing come before any that needs a timeout. (spin -i lists
// the moves inside: there is no such step.)
func (p *printer) withEntries(owner int, moves []vm.Move, timeout bool) ([]vm.Move, bool) {
	s := p.r.S
	if owner >= 0 && owner < s.NrProcs() && p.entered[owner] == 0 && p.entering(p.elementAt(s, owner)) {
		p.r.Owner = owner
		out, _ := p.procMoves(s, owner, moves, p.moves[:0], timeout)
		p.moves = out
		return out, false
	}
	changed := false
	for pid := range s.NrProcs() {
		changed = changed || p.entered[pid] > enteredBlock || p.entered[pid] == 0 && p.entering(p.elementAt(s, pid))
	}
	if !changed {
		return moves, timeout
	}
	out, entries := p.moves[:0], false
	for pid := s.NrProcs() - 1; pid >= 0; pid-- { // (Moves lists the highest pid first)
		if p.r.Owner >= 0 && pid != p.r.Owner {
			continue // only the owner moves, inside its atomic sequence
		}
		var added bool
		out, added = p.procMoves(s, pid, moves, out, timeout)
		entries = entries || added
	}
	p.moves = out
	if timeout && !entries {
		return moves, timeout
	}
	return out, false
}

// entering reports whether SPIN's simulator enters e, where a process
// stands, with a step of its own.
func (p *printer) entering(e *vm.Element) bool { return e.Enter != "" || len(e.LoopOptions) > 0 }

// procMoves appends to out the moves of process pid (those of moves,
// unless timeout: then only steps that need nothing), with the steps that
// enter a loop in place of the moves they stand for (withEntries), and
// reports whether it added such a step.
func (p *printer) procMoves(s *vm.State, pid int, moves []vm.Move, out []vm.Move, timeout bool) ([]vm.Move, bool) {
	e := p.elementAt(s, pid)
	code := p.entered[pid]
	keep := func(t *vm.Trans) bool { return true }
	added := false
	switch {
	case code == 0 && e.Enter != "":
		return append(out, vm.Move{Pid: pid, T: p.entry(e, enteredBlock)}), true
	case code == 0 && len(e.LoopOptions) > 0:
		for k := range e.LoopOptions {
			out = append(out, vm.Move{Pid: pid, T: p.entry(e, enteredOption+int16(k))})
		}
		added = true
		keep = func(t *vm.Trans) bool {
			for _, o := range e.LoopOptions {
				if slices.Contains(o.Trans, t) {
					return false
				}
			}
			return true
		}
	case code >= enteredOption:
		loop := e.LoopOptions[code-enteredOption].Trans
		keep = func(t *vm.Trans) bool { return slices.Contains(loop, t) }
	}
	if timeout {
		return out, added
	}
	for _, mv := range moves {
		if mv.Pid == pid && keep(mv.T) {
			out = append(out, mv)
		}
	}
	return out, added
}

// The codes of printer.entered.
const (
	enteredBlock  = 1
	enteredOption = 2
)

// entry returns the move of the step that enters e, of the given code
// (printer.entered), made once.
func (p *printer) entry(e *vm.Element, code int16) *vm.Trans {
	key := entryKey{e, code}
	t := p.entryOf[key]
	if t == nil {
		if p.entries == nil {
			p.entries, p.entryOf = map[*vm.Trans]int16{}, map[entryKey]*vm.Trans{}
		}
		text := e.Enter
		if code >= enteredOption {
			text = e.LoopOptions[code-enteredOption].Text
		}
		t = &vm.Trans{Elem: e.Seqno, Text: text}
		p.entryOf[key], p.entries[t] = t, code
	}
	return t
}

// enteredLoop returns the element of the loop process pid stands at
// after a step that entered it, 0 if it took none.
func (p *printer) enteredLoop(s *vm.State, pid int) int {
	switch code := p.entered[pid]; {
	case code == enteredBlock:
		return p.elementAt(s, pid).EnterLoop
	case code >= enteredOption:
		return p.elementAt(s, pid).LoopOptions[code-enteredOption].Loop
	}
	return 0
}

// entryKey names a step that enters a loop: where, and its code.
type entryKey struct {
	e    *vm.Element
	code int16
}

// elementAt returns the element process pid stands at in s.
func (p *printer) elementAt(s *vm.State, pid int) *vm.Element {
	pt := p.m.ProcType(s, pid)
	return &pt.Elements[pt.PCs[p.m.PC(s, pid)].Seqno-1]
}

// isEntry reports whether mv is a step that enters a loop (entry).
func (p *printer) isEntry(mv vm.Move) bool { return p.entries[mv.T] != 0 }

// enter takes the step of mv, which enters a loop (entry): the process
// stays where it is, now inside, and keeps running if the loop is in an
// atomic sequence, as it does after any step inside one.
func (p *printer) enter(mv vm.Move) {
	p.begin(mv)
	code := p.entries[mv.T]
	p.entered[mv.Pid] = code
	p.res.Depth++
	p.stepLine(p.r.S, mv.Pid, p.pt, mv.T.Elem, mv.T.Text)
	p.dumps(p.r.S, mv.Pid, p.gBefore, p.lBefore, nil)
	if insideAtomic(p.elementAt(p.r.S, mv.Pid), code) {
		p.r.Owner = mv.Pid
	}
}

// insideAtomic reports whether a process that took the step of the given
// code (printer.entered) entering e stands inside an atomic sequence: e
// is one, or is in one, or the option's loop is.
func insideAtomic(e *vm.Element, code int16) bool {
	switch {
	case e.Atom:
		return true
	case code == enteredBlock:
		return e.Enter == "ATOMIC"
	case code >= enteredOption:
		return e.LoopOptions[code-enteredOption].Atom
	}
	return false
}

// simStep takes one move of the simulation and prints it. It reports
// whether the run must stop (an error).
func (p *printer) simStep(mv vm.Move) (stop bool) {
	r := p.r
	if p.isEntry(mv) {
		p.enter(mv)
		return false
	}
	entered := p.entered[mv.Pid]
	p.entered[mv.Pid] = 0
	if mv.T.Escape && p.opts.Steps && !p.quiet() {
		pt := p.m.ProcType(r.S, mv.Pid)
		e := pt.Elements[mv.T.Elem-1]
		fmt.Fprintf(p.w, "\tEscape taken %s:%d\n", e.Own.File, e.Own.Line)
	}
	p.begin(mv)
	p.untraced(mv)
	p.send = nil
	p.finish = p.simFinish
	// After a step from an element inside an atomic sequence (not its
	// last) or a d_step, the jumps that follow pass silently; a d_step's
	// own steps decide (finishSim).
	from := p.elementAt(p.before, mv.Pid)
	p.quietAfter = from.Atom || entered != 0 && insideAtomic(from, entered) // (entered: from the loop inside)
	p.inDStep = 0
	errs := r.Do(mv)
	p.end()
	if len(errs) > 0 && p.errors(p.pt, errs) {
		// The step that failed counts, but the process stays at it.
		p.res.Depth++
		r.S = p.before
		return true
	}
	switch {
	case mv.T.End:
		p.chartEnd(mv.Pid)
		if p.opts.Steps && !p.quiet() {
			fmt.Fprintf(p.w, "%3d:\t%s%sterminates\n", p.res.Depth, p.label(p.before, mv.Pid, p.pt), p.indent(mv.Pid))
		}
		return false
	case r.Pending != 0:
		return p.rendezvous(mv, p.send)
	case len(p.stmts) == 0:
		// A jump (a break option, a goto leaving an atomic sequence):
		// after a step inside an atomic sequence the simulator passes the
		// '.' nodes and one goto without steps; the element that goto
		// leads to is a step.
		if e := p.pt.Elements[mv.T.Elem-1]; p.silent[mv.Pid] && (e.Goto || e.Dot) {
			p.quietAfter = !e.Goto
			break
		}
		p.res.Depth++
		p.stepLine(r.S, mv.Pid, p.pt, mv.T.Elem, p.pt.Elements[mv.T.Elem-1].Text)
		p.dumps(r.S, mv.Pid, p.gBefore, p.lBefore, nil)
	}
	p.silent[mv.Pid] = p.quietAfter
	p.hops(mv, mv.T.Hops, p.quietAfter)
	return false
}

// hops shows the jump elements a step of mv passed as steps of their own,
// but not in spin -i, which passes them as it lists the moves
// (silent_moves), nor when the step passes them silently (quiet: inside
// an atomic sequence).
func (p *printer) hops(mv vm.Move, elems []int32, quiet bool) {
	if quiet || p.chooser != nil {
		return
	}
	for _, h := range elems {
		if p.opts.MaxSteps > 0 && p.res.Depth >= p.opts.MaxSteps {
			// the -u bound falls among them: the process stands at this one
			p.cutPid, p.cutAt = mv.Pid, int(h)
			return
		}
		p.res.Depth++
		p.stepLine(p.r.S, mv.Pid, p.pt, int(h), p.pt.Elements[h-1].Text)
		p.dumps(p.r.S, mv.Pid, p.gBefore, p.lBefore, nil)
	}
}

// finishSim shows statement st of a simulation step as it ends (last: the
// step's last one, in state s).
func (p *printer) finishSim(st lang.Stmt, s *vm.State, last bool) {
	machine, mv := p.r.Machine(), p.mv
	if len(machine.Errors) > 0 {
		return // a failed step is not shown
	}
	if last && machine.Rendezvous != 0 {
		p.send = st // a rendezvous offer, shown with its receive
		return
	}
	// Each statement is a step (several in a d_step, with the jumps SPIN
	// steps through between them); only the step that leaves a d_step
	// is shown, but the dumps follow every statement.
	p.res.Depth++
	var after *vm.DStepAfter
	if mv.T.DStep {
		if e, ok := p.pt.StmtElem[st]; ok {
			after = &p.pt.Elements[e-1].DStep[1]
			switch {
			case len(p.stmts) > 1 || p.silent[mv.Pid]:
				// (a d_step entered by the silent moves after the step
				// before, inside an atomic sequence or a d_step, has no
				// first statement of its own)
			case p.pt.Elements[mv.T.Elem-1].DStepLoop:
				p.res.Depth++ // the loop's head, a step before the first
				p.inDStep++
			default:
				after = &p.pt.Elements[e-1].DStep[0] // the d_step's first
			}
			p.res.Depth += len(after.Hops)
			p.inDStep += 1 + len(after.Hops)
		}
	}
	if last {
		p.created(p.before, mv.Pid)
		if after != nil {
			// The d_step's last step was from an element inside it
			// (D_ATOM) unless it was its only one, entered from outside.
			p.quietAfter = p.silent[mv.Pid] || p.inDStep > 1
		}
	}
	if !p.opts.Steps {
		return // (nothing else to show)
	}
	// The line shown: the statement's, or that of the jump after it that
	// leaves the d_step; none for a d_step that ends in silent moves.
	hop := 0
	switch {
	case !last:
	case after == nil:
		p.stmtLine(s, mv.Pid, p.pt, st)
	case !after.Leaves:
	case len(after.Hops) > 0:
		hop = int(after.Hops[len(after.Hops)-1])
	default:
		p.stmtLine(s, mv.Pid, p.pt, st)
	}
	p.dumps(s, mv.Pid, p.gBefore, p.lBefore, st)
	p.gBefore, p.lBefore = p.snapshot(s, mv.Pid)
	if hop > 0 {
		p.stepLine(s, mv.Pid, p.pt, hop, p.pt.Elements[hop-1].Text)
	}
}

// finishRecv notes the last statement of the receive of a rendezvous.
func (p *printer) finishRecv(st lang.Stmt, s *vm.State, last bool) {
	if last {
		p.got = st
	}
}

// rendezvous completes a rendezvous whose send was just offered: the
// receive follows at once, and the two are one step, shown as two lines.
func (p *printer) rendezvous(send vm.Move, sendStmt lang.Stmt) bool {
	r := p.r
	spt, sender := p.pt, r.S
	moves, _ := r.Moves()
	if len(moves) == 0 {
		return true // cannot happen: the runner offers only sends someone takes
	}
	recv := moves[0]
	p.entered[recv.Pid] = 0
	p.begin(recv)
	p.untraced(recv)
	p.got = nil
	p.finish = p.recvFinish
	errs := r.Do(recv)
	p.end()
	got := p.got
	if p.errors(p.pt, errs) {
		return true
	}
	p.res.Depth++
	if sendStmt != nil {
		p.stmtLine(sender, send.Pid, spt, sendStmt)
	}
	if got != nil {
		p.stmtLine(r.S, recv.Pid, p.pt, got)
	}
	p.dumps(r.S, recv.Pid, p.gBefore, p.lBefore, got)
	p.hops(recv, recv.T.RecvHops, false) // (the steps after its silent moves)
	// Both partners passed the jumps after their statements silently;
	// the receiver then stepped from where they led, if anywhere.
	p.silent[send.Pid], p.silent[recv.Pid] = true, true
	if h := recv.T.RecvHops; len(h) > 0 {
		p.silent[recv.Pid] = p.pt.Elements[h[len(h)-1]-1].Atom
	}
	return false
}

// snapshot keeps the values -g and -l compare with after a step.
func (p *printer) snapshot(s *vm.State, pid int) (globals, locals []vm.Item) {
	if !p.opts.Steps {
		return nil, nil
	}
	if p.opts.Globals {
		globals = p.m.GlobalItems(s)
	}
	if p.opts.Locals && pid < s.NrProcs() {
		locals = p.m.LocalItems(s, pid)
	}
	return globals, locals
}

// dumps prints, after statement st of a step (nil for a jump), the
// globals that changed and the stepping process's locals that changed or
// that st assigned (-g, -l); at the -j depth, all of them.
func (p *printer) dumps(s *vm.State, pid int, gBefore, lBefore []vm.Item, st lang.Stmt) {
	if !p.opts.Steps || p.quiet() {
		return
	}
	all := p.opts.From > 0 && p.res.Depth == p.opts.From
	if p.opts.Globals {
		if all {
			gBefore = nil
		}
		p.dumpGlobals(s, orEmpty(gBefore, all))
	}
	if p.opts.Locals && pid < s.NrProcs() {
		p.dumpLocals(s, pid, orEmpty(lBefore, all), assigned(st))
	}
	if p.opts.Channels && !p.opts.Globals {
		for _, it := range p.m.GlobalItems(s) {
			if it.Chan {
				p.chanLine(s, it, "")
			}
		}
	}
}

// orEmpty is before, or nil (everything) when all is set; a missing
// snapshot means nothing changed.
func orEmpty(before []vm.Item, all bool) []vm.Item {
	if all {
		return nil
	}
	if before == nil {
		return []vm.Item{}
	}
	return before
}

// created announces the processes the last step created.
func (p *printer) created(before *vm.State, creator int) {
	for pid := before.NrProcs(); pid < p.r.S.NrProcs(); pid++ {
		p.startProcess(p.r.S, pid, creator)
	}
}

// errors prints the errors a step raised, in SPIN's words, and reports
// whether the run stops: an assertion violation stops a simulation, as
// does a fatal error.
func (p *printer) errors(pt *vm.ProcType, errs []*vm.RuntimeError) bool {
	stop := false
	for _, e := range errs {
		if e.Fatal {
			p.errorLine(e.Stmt, e.Msg)
			p.chartError(e)
			p.res.Fatal = e
			stop = true
			continue
		}
		p.assertion(pt, e)
		p.res.Assertion = true
		stop = true
	}
	return stop
}

// assertion prints the two lines of a failed assertion.
func (p *printer) assertion(pt *vm.ProcType, e *vm.RuntimeError) {
	p.errorLine(e.Stmt, "assertion violated")
	p.chartError(e)
	text := "assert"
	if e.Stmt != nil {
		text = strings.TrimSpace(stmtText(pt, e.Stmt))
	}
	fmt.Fprintf(p.w, "spin: text of failed assertion: %s\n", text)
}

// closed reports whether c is closed (nil: never).
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
