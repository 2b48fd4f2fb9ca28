package sim

import (
	"fmt"
	"io"
	"strings"

	"gmc/lang"
	"gmc/sim/msc"
	"gmc/vm"
)

// Options say what a simulation or replay shows.
type Options struct {
	Seed     uint64    // random choices (Simulate)
	MaxSteps int       // -u: stop before step MaxSteps+1 (0: no bound)
	From     int       // -j: show steps from this depth on
	NoIndent bool      // -T: printf output starts at the left margin
	Steps    bool      // -p: a line per step
	Globals  bool      // -g: globals that changed, after each step
	Locals   bool      // -l: the stepping process's locals after each step, and every process's at the end
	Channels bool      // -c: the channels after each step
	Stdin    io.Reader // what receives from STDIN read (nil: STDIN is an uninitialised channel)
	// Choices, when set, makes a simulation interactive (spin -i): before
	// each step it shows the moves and reads the number of the one to
	// take from Choices (interactive.go).
	Choices io.Reader
	// Chart, when set, is told the run's processes, messages and errors:
	// its message sequence chart.
	Chart *msc.Chart
	// Stop, when closed, ends a simulation (an interrupt).
	Stop <-chan struct{}
}

// Result is how a run ended.
type Result struct {
	Depth     int  // steps taken
	Created   int  // processes created, the first ones included
	Errors    int  // error lines printed (a simulation's exit status)
	Assertion bool // an assertion was violated
	Fatal     *vm.RuntimeError
	Blocked   bool // every process was blocked, even with timeout
	// InvalidEnd: a replay ended where no process can move and some
	// process is not at a valid end state.
	InvalidEnd bool
	Limited    bool // the -u bound stopped it
	Stopped    bool // Options.Stop ended it
	Quit       bool // the user quit an interactive simulation (q, or the end of the input)

	// A replay's ends: a never claim at its end (or every process gone,
	// the claim included); an accepting state without moves (a cycle
	// search without a claim); a cycle, from step CycleStart (an index in
	// Steps, -1: none), that leads back to the state where it starts.
	ClaimEnd, AcceptStutter bool
	CycleStart              int
	CycleClosed             bool
	// Failed: the replay's last step could not execute (SPIN's
	// "transition failed"), as the last step of pan's trail of an error
	// raised while evaluating a transition.
	Failed bool
	// Steps are the steps a replay took.
	Steps []Step
}

// Step is one step of a replay: process Pid (-1: the never claim; -2: a
// dummy move of fairness, which shows nothing) of proctype Proc took the
// transition of element State, at Pos, whose text is Text.
type Step struct {
	Depth int    `json:"depth"`
	Pid   int    `json:"pid"`
	Proc  string `json:"proc,omitempty"`
	Pos   string `json:"pos,omitempty"`
	State int    `json:"state,omitempty"`
	Text  string `json:"text,omitempty"`
}

// printer writes a run's output in SPIN's words. It tracks what the
// output needs and the model does not: the depth, the processes created,
// and the numbers SPIN's simulator gives channels (not pan's, see
// docs/spin-sim-output.md 1.9).
type printer struct {
	w    io.Writer
	m    *vm.Model
	opts Options
	r    *vm.Runner
	res  *Result
	// chooser reads an interactive simulation's choices (nil: random)
	chooser    *chooser
	pid        int         // the process whose printf output is being printed
	failed     int         // the process whose step failed, when res.Failed,
	failedElem int         // and the element of the transition that failed
	queue      map[int]int // channel id -> queue number shown
	// silent says, per pid, that the process's last step passes the
	// jumps after it without steps (it was from inside an atomic
	// sequence or a d_step: vm.Element.Atom).
	silent [256]bool // (a pid is a byte of the state)
	// quietAfter says so of the step being taken (a d_step's depends on
	// where it ends); inDStep counts the steps SPIN's simulator takes in
	// the d_step being taken.
	quietAfter bool
	inDStep    int
	// entered says, per pid, that the process took a step that enters
	// where it stands and has not moved since: enteredBlock the block's
	// (vm.Element.Enter), enteredOption+k the loop's of option k
	// (vm.Element.LoopOptions). entries are those steps' moves, made once
	// and told apart by the codes they give, and moves the list they are
	// put in.
	// ltlLabels are the labels the ltl formulas name, which SPIN's dumps
	// of all globals list (ltlLabels).
	ltlLabels []string
	entered   [256]int16
	entries   map[*vm.Trans]int16
	entryOf   map[entryKey]*vm.Trans
	moves     []vm.Move
	// cutAt is the jump element process cutPid stands at when the -u
	// bound fell among the jumps of its last step (0: none).
	cutPid, cutAt int
	// replay: -j holds printf output back too (a simulation shows it).
	replay bool

	// The step being executed: its move, process type and the state and
	// values before it; the statements it executed so far (the machine
	// reports each as it starts); finish is called as each one ends.
	mv               vm.Move
	pt               *vm.ProcType
	before           *vm.State
	gBefore, lBefore []vm.Item
	stmts            []lang.Stmt
	errsShown        int
	startedNow       int // processes the step created, announced so far
	finish           func(st lang.Stmt, s *vm.State, last bool)
	// a simulation step's finish (made once: a method value allocates),
	// and what it notes: the statement of a rendezvous offer, the one of
	// its receive
	simFinish, recvFinish func(st lang.Stmt, s *vm.State, last bool)
	send, got             lang.Stmt

	// chanRefs are, per proctype and transition, the global channel
	// variables its statements refer to (found once, when first needed);
	// chanVars are all the global channel variables
	chanRefs [][][]*vm.Var
	chanVars []*vm.Var
	// numbered says which channel ids are in queue (a channel id is a
	// byte of the state): a step asks for every statement it could run
	numbered [256]bool

	// solo is, per proctype and transition, the one statement the
	// transition's code reports first thing, as it starts, and no other
	// after it (nil when it reports more, or not first): a simulation
	// step of such a transition needs no trace of its statements, so the
	// machine runs it untraced, on its fast path (see untraced).
	solo [][]lang.Stmt
}

func newPrinter(w io.Writer, m *vm.Model, r *vm.Runner, opts Options) *printer {
	p := &printer{w: w, m: m, opts: opts, r: r, res: &Result{}, queue: map[int]int{}}
	p.simFinish, p.recvFinish = p.finishSim, p.finishRecv
	p.chanRefs = make([][][]*vm.Var, len(m.Types))
	p.solo = make([][]lang.Stmt, len(m.Types))
	for i, pt := range m.Types {
		p.solo[i] = make([]lang.Stmt, len(pt.Trans))
		for _, t := range pt.Trans {
			p.solo[i][t.ID] = soloStmt(t)
		}
	}
	for _, g := range m.Globals {
		if g.Var != nil && g.Var.Type.Kind == lang.TChan {
			p.chanVars = append(p.chanVars, g)
		}
	}
	p.ltlLabels = ltlLabels(m)
	machine := r.Machine()
	machine.Print = p.printf
	machine.Trace = p.trace
	if opts.Chart != nil {
		machine.Chan = p.chanEvent
	}
	machine.SetPriority = func(pid, prio int) {
		// SPIN's simulator says so, at the depth of the step doing it.
		s := machine.State()
		fmt.Fprintf(p.w, "%3d: setting priority of proc %d (%s) to %d\n", p.res.Depth+1, pid, p.m.ProcType(s, pid).Name, prio)
	}
	return p
}

// trace is told each statement the machine starts: the one before it has
// ended. (The first statement of a transition is reported twice, by its
// guard and by its effect.)
func (p *printer) trace(s lang.Stmt) {
	n := len(p.stmts)
	if n > 0 && p.stmts[n-1] == s {
		return
	}
	if n > 0 && p.finish != nil {
		p.finish(p.stmts[n-1], p.r.Machine().State(), false)
	}
	p.stmts = append(p.stmts, s)
}

// traceEvery makes every simulation step run traced (the tests compare
// the untraced steps with it).
var traceEvery = false

// soloStmt returns the statement the code of t reports as its first
// instruction, if it reports no other (marks of one statement: its
// guard's and its effect's), and t is not a d_step; nil otherwise.
func soloStmt(t *vm.Trans) lang.Stmt {
	c := t.Code
	if t.DStep || len(c.Marks) == 0 || len(c.Instrs) == 0 || c.Instrs[0].Op != vm.OpStmt {
		return nil
	}
	for _, mk := range c.Marks {
		if mk.Stmt != c.Marks[0].Stmt {
			return nil
		}
	}
	return c.Marks[0].Stmt
}

// untraced prepares the machine for a simulation step of mv (after
// begin): a transition with a solo statement runs untraced, its
// statement noted here, where the trace would have noted it as the
// step's first instruction ran; any other runs traced.
func (p *printer) untraced(mv vm.Move) {
	machine := p.r.Machine()
	if st := p.solo[p.pt.ID][mv.T.ID]; st != nil && !traceEvery {
		machine.Trace = nil
		p.stmts = append(p.stmts, st)
		return
	}
	machine.Trace = p.trace
}

// begin prepares the output of move mv.
func (p *printer) begin(mv vm.Move) {
	p.mv, p.before = mv, p.r.S
	p.pt = p.m.ProcType(p.before, mv.Pid)
	p.pid, p.stmts, p.errsShown, p.startedNow = mv.Pid, p.stmts[:0], 0, 0
	p.gBefore, p.lBefore = p.snapshot(p.before, mv.Pid)
	p.useGlobals(p.before, p.pt, mv.T)
}

// end finishes the last statement of the step.
func (p *printer) end() {
	if n := len(p.stmts); n > 0 && p.finish != nil {
		p.finish(p.stmts[n-1], p.r.S, true)
	}
	p.finish = nil
}

// newErrors returns the errors the machine raised since last asked.
func (p *printer) newErrors() []*vm.RuntimeError {
	errs := p.r.Machine().Errors
	if p.errsShown > len(errs) {
		p.errsShown = 0
	}
	out := errs[p.errsShown:]
	p.errsShown = len(errs)
	return out
}

// quiet reports whether output is held back at this depth (-j).
func (p *printer) quiet() bool { return p.res.Depth < p.opts.From }

// indent is what precedes a process's printf output.
func (p *printer) indent(pid int) string {
	if p.opts.NoIndent {
		return ""
	}
	return strings.Repeat(" ", 2+4*(pid+1))
}

// printf prints what a printf or printm of the stepping process printed,
// after the errors its format raised.
func (p *printer) printf(text string, errs []string) {
	for _, e := range errs {
		p.errorLine(p.current(), e)
	}
	if !p.replay || !p.quiet() {
		fmt.Fprint(p.w, p.indent(p.pid)+text)
	}
}

// current is the statement being executed.
func (p *printer) current() lang.Stmt {
	if n := len(p.stmts); n > 0 {
		return p.stmts[n-1]
	}
	return nil
}

// errorLine prints one of SPIN's error lines, at statement s.
func (p *printer) errorLine(s lang.Stmt, msg string) {
	p.res.Errors++
	if s != nil {
		fmt.Fprintf(p.w, "spin: %s:%d, Error: %s\n", s.Pos().File, s.Pos().Line, msg)
	} else {
		fmt.Fprintf(p.w, "spin: Error: %s\n", msg)
	}
}

// label is how a step names a process: "proc  1 (B:1) ".
func (p *printer) label(s *vm.State, pid int, pt *vm.ProcType) string {
	name := pt.Name
	if pt.Proc.Kind == lang.KindInit {
		name = ":init:"
	}
	prio := 1
	if pid < s.NrProcs() && p.m.ProcType(s, pid) == pt {
		prio = p.m.Priority(s, pid)
	}
	return fmt.Sprintf("proc %2d (%s:%d) ", pid, name, prio)
}

// where is "FILE:LINE (state N)" for element seqno of pt, with the valid
// end state mark.
func where(pt *vm.ProcType, seqno int) string {
	e := pt.Elements[seqno-1]
	s := fmt.Sprintf("%s:%d (state %d)", e.Own.File, e.Own.Line, seqno)
	if e.ValidEnd {
		s += " <valid end state>"
	}
	return s
}

// stepLine prints the line of one step: process pid of type pt executed
// element seqno, shown with text.
func (p *printer) stepLine(s *vm.State, pid int, pt *vm.ProcType, seqno int, text string) {
	if !p.opts.Steps || p.quiet() {
		return
	}
	fmt.Fprintf(p.w, "%3d:\t%s%s\t[%s]\n", p.res.Depth, p.label(s, pid, pt), where(pt, seqno), text)
}

// stmtLine prints the line of a step that executed statement st (its
// element and text are looked up only when the line is shown).
func (p *printer) stmtLine(s *vm.State, pid int, pt *vm.ProcType, st lang.Stmt) {
	if !p.opts.Steps || p.quiet() {
		return
	}
	p.stepLine(s, pid, pt, pt.StmtElem[st], stmtText(pt, st))
}

// stmtText is the text a step line shows for a statement: SPIN's, with
// the backslashes of a printf's format doubled.
func stmtText(pt *vm.ProcType, st lang.Stmt) string {
	text := pt.Elements[pt.StmtElem[st]-1].Text
	if _, ok := st.(*lang.Printf); ok {
		text = strings.ReplaceAll(text, `\`, `\\`)
	}
	return text
}

// number gives the channels that appear for the first time in s their
// queue numbers, as SPIN's simulator does: a process's local channels when
// it is created (in declaration order), globals when first used.
func (p *printer) numberLocals(s *vm.State, pid int) {
	for _, it := range p.m.LocalChans(s, pid) {
		p.numberChan(int(it))
	}
}

func (p *printer) numberChan(ch int) {
	if ch <= 0 || ch < len(p.numbered) && p.numbered[ch] {
		return
	}
	if p.queue[ch] == 0 {
		p.queue[ch] = len(p.queue) + 1
	}
	if ch < len(p.numbered) {
		p.numbered[ch] = true
	}
}

// useGlobals numbers the global channels the statements of t, a
// transition of pt, refer to (in state s).
func (p *printer) useGlobals(s *vm.State, pt *vm.ProcType, t *vm.Trans) {
	if p.globalsNumbered(s) {
		return
	}
	for _, g := range p.globalChans(pt, t) {
		for i := range max(g.Len, 1) {
			p.numberChan(int(s.Buf[g.Off+i]))
		}
	}
}

// globalsNumbered reports whether every channel a global channel
// variable holds in s has its number: no statement has one to give then.
func (p *printer) globalsNumbered(s *vm.State) bool {
	for _, g := range p.chanVars {
		for i := range max(g.Len, 1) {
			if ch := s.Buf[g.Off+i]; ch != 0 && !p.numbered[ch] {
				return false
			}
		}
	}
	return true
}

// globalChans returns the global channel variables the statements of t,
// a transition of pt, refer to, in the order they appear (SPIN's
// simulator numbers channels in the order it evaluates them).
func (p *printer) globalChans(pt *vm.ProcType, t *vm.Trans) []*vm.Var {
	refs := p.chanRefs[pt.ID]
	if refs == nil {
		refs = make([][]*vm.Var, len(pt.Trans))
		p.chanRefs[pt.ID] = refs
	}
	if refs[t.ID] != nil {
		return refs[t.ID]
	}
	vars := []*vm.Var{} // not nil: found
	for _, st := range t.Stmts {
		lang.WalkStmtExprs(st, func(e lang.Expr) {
			r, ok := e.(*lang.VarRef)
			if !ok || r.Var == nil || r.Var.Type.Kind != lang.TChan || r.Var.Proc != nil || r.Var.Field {
				return
			}
			for _, g := range p.m.Globals {
				if g.Var == r.Var {
					vars = append(vars, g)
					break
				}
			}
		})
	}
	refs[t.ID] = vars
	return vars
}

// dumpGlobals prints the globals: all of them, or those that changed
// since before (and every channel) when before is not nil.
func (p *printer) dumpGlobals(s *vm.State, before []vm.Item) {
	items := p.m.GlobalItems(s)
	changed := map[string]bool{} // variable names (without index) that changed
	if len(before) == len(items) {
		for i, it := range items {
			if !it.Chan && it.Value != before[i].Value {
				changed[baseName(it.Name)] = true
			}
		}
	}
	for _, it := range items {
		switch {
		case it.Chan:
			p.chanLine(s, it, "")
		case before == nil || changed[baseName(it.Name)] && !strings.Contains(it.Name, "."):
			fmt.Fprintf(p.w, "\t\t%s = %s\n", it.Name, p.value(it))
		}
	}
	if before == nil {
		for _, l := range p.ltlLabels {
			fmt.Fprintf(p.w, "\t\t%s = 0\n", l)
		}
	}
}

// ltlLabels lists the labels the ltl formulas of m name (P@lab), each
// once, in the order they first appear, but for names of globals: SPIN
// enters each in its table of globals as it reads the formula, and its
// dumps of all globals list it, after those declared (before the
// formula: gmc puts it after all of them), as 0.
func ltlLabels(m *vm.Model) []string {
	declared := map[string]bool{}
	for _, g := range m.Globals {
		if g.Var != nil {
			declared[g.Var.Name] = true
		}
	}
	var out []string
	for _, l := range m.Spec.LTLs {
		lang.WalkExpr(l.Formula, func(e lang.Expr) {
			if r, ok := e.(*lang.RemoteRef); ok && r.Label != "" && !declared[r.Label] {
				declared[r.Label] = true
				out = append(out, r.Label)
			}
		})
	}
	return out
}

// dumpLocals prints process pid's locals: all of them, or those that
// changed since before or were assigned (and its channels and structures)
// when before is not nil. SPIN marks a local when it is assigned, even
// the value it had, and a whole array when one element is.
func (p *printer) dumpLocals(s *vm.State, pid int, before []vm.Item, assigned map[string]bool) {
	pt := p.m.ProcType(s, pid)
	name := pt.Name
	if pt.Proc.Kind == lang.KindInit {
		name = ":init:"
	}
	prefix := fmt.Sprintf("%s(%d):", name, pid)
	items := p.m.LocalItems(s, pid)
	changed := map[string]bool{}
	if before != nil && len(before) == len(items) {
		for i, it := range items {
			if it.Value != before[i].Value {
				changed[baseName(it.Name)] = true
			}
		}
	}
	for _, it := range items {
		switch {
		case it.Chan:
			p.chanLine(s, it, prefix)
		case before == nil || changed[baseName(it.Name)] || assigned[baseName(it.Name)] || strings.Contains(it.Name, "."):
			fmt.Fprintf(p.w, "\t\t%s%s = %s\n", prefix, it.Name, p.value(it))
		}
	}
}

// assigned returns the names of the local variables statement st assigns
// (nil for none).
func assigned(st lang.Stmt) map[string]bool {
	var refs []lang.Expr
	switch st := st.(type) {
	case *lang.Assign:
		refs = []lang.Expr{st.LHS}
	case *lang.Recv:
		refs = st.Args
	}
	var names map[string]bool
	for _, e := range refs {
		if r, ok := e.(*lang.VarRef); ok && r.Kind == lang.RefVar && r.Var.Proc != nil {
			if names == nil {
				names = map[string]bool{}
			}
			names[r.Name] = true
		}
	}
	return names
}

// baseName is a variable's name without indexes and fields.
func baseName(name string) string {
	if i := strings.IndexAny(name, "[."); i >= 0 {
		return name[:i]
	}
	return name
}

func (p *printer) value(it vm.Item) string {
	if it.Mtype {
		return p.m.MtypeName(it.Value)
	}
	return fmt.Sprint(it.Value)
}

// chanLine prints a channel variable's queue, if it has one to show
// (rendezvous channels never do).
func (p *printer) chanLine(s *vm.State, it vm.Item, prefix string) {
	q := p.queue[int(it.Value)]
	c := p.m.ChanContents(s, int(it.Value))
	if q == 0 || c == nil || c.Type.Cap == 0 {
		return
	}
	var b strings.Builder
	for _, msg := range c.Messages {
		b.WriteByte('[')
		for k, v := range msg {
			if k > 0 {
				b.WriteByte(',')
			}
			if c.Type.FieldIsMtype(k) {
				b.WriteString(p.m.MtypeName(v))
			} else {
				fmt.Fprint(&b, v)
			}
		}
		b.WriteByte(']')
	}
	name := it.Name
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:] // SPIN names a structure's channel by its field alone
	}
	fmt.Fprintf(p.w, "\t\tqueue %d (%s%s): %s\n", q, prefix, name, b.String())
}

// finalReport prints the processes still alive and the count of those
// created (SPIN's wrapup).
func (p *printer) finalReport() {
	s := p.r.S
	// SPIN shows a never claim as a process, after the system's, and
	// counts it in the plural of "processes created"; the np_ claim it
	// does not find.
	claim := p.m.Claim
	shown := claim != nil && claim.Name != vm.NonProgressClaim
	claimPC := p.m.ClaimPC(s)
	if n := s.NrProcs(); n > 0 || shown && claimPC >= 0 {
		fmt.Fprintf(p.w, "#processes: %d\n", n)
		p.dumpGlobals(s, nil)
		for pid := n - 1; pid >= 0; pid-- {
			pt := p.m.ProcType(s, pid)
			at := where(pt, pt.PCs[p.m.PC(s, pid)].Seqno)
			if to := p.elementAt(s, pid).SilentTo; p.silent[pid] && to > 0 {
				// SPIN's silent moves took it on, into a block after
				at = where(pt, to)
			}
			if loop := p.enteredLoop(s, pid); loop > 0 {
				at = where(pt, loop) // (the process stands at the loop inside)
			}
			if p.cutAt > 0 && pid == p.cutPid {
				at = where(pt, p.cutAt)
			}
			if p.res.Failed && pid == p.failed {
				// SPIN shows the process at the statement that failed,
				// and nowhere without -p
				at = ""
				if p.opts.Steps {
					at = where(pt, p.failedElem)
				}
			}
			fmt.Fprintf(p.w, "%3d:\t%s%s\n", p.res.Depth, p.label(s, pid, pt), at)
			if p.opts.Locals {
				p.dumpLocals(s, pid, nil, nil)
			}
		}
		if shown && claimPC >= 0 {
			fmt.Fprintf(p.w, "%3d:\tproc  - (%s:1) %s\n", p.res.Depth, claim.Name, where(claim, claim.PCs[claimPC].Seqno))
		}
	}
	nproc := p.res.Created // (SPIN's nproc, which decides the plural)
	if shown {
		nproc++
	}
	if nproc == 1 {
		fmt.Fprintf(p.w, "%d process created\n", p.res.Created)
	} else {
		fmt.Fprintf(p.w, "%d processes created\n", p.res.Created)
	}
}
