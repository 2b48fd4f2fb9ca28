package vm

import (
	"fmt"

	"gmc/lang"
)

// Options change how a model is compiled.
type Options struct {
	// NoMerge turns statement merging off (spin -o3).
	NoMerge bool
	// Trace makes the code report each statement it starts executing to
	// Machine.Trace (for simulation and replay, which show statements one
	// by one; a search does not pay for it).
	Trace bool
	// NoDeadVars turns dead-variable resets off, as SPIN's simulator has
	// none (they are pan's).
	NoDeadVars bool
	// Conditions makes the code report the value of every atomic
	// condition of guards, condition statements and assertions to
	// Machine.Cond (for condition coverage; Model.Conds lists them).
	Conditions bool
	// Claim names the never claim (or ltl property) to compose with the
	// system, "" for none; NonProgress composes pan's built-in np_ claim
	// instead (cc -DNP).
	Claim       string
	NonProgress bool
	// NoTraceAssertions leaves trace and notrace assertions out (SPIN's
	// simulator does not use them; pan checks them: trace.go).
	NoTraceAssertions bool
	// Simulator makes the values SPIN's simulator's where pan's differ
	// (gmc sim, replay): an element of an array of bit or bool keeps
	// the low bit of what it is given, where pan keeps the byte.
	Simulator bool
	// DstepLoops bounds how often one execution of a d_step may go back
	// round its loops (a do's next round, a goto to an earlier label):
	// past it, the d_step does not end and that is a fatal error, where
	// pan runs it forever (and SPIN's simulator stops it at its -u
	// steps). 0 (or less): DefaultDstepLoops. Tests and fuzzers lower it.
	DstepLoops int
}

// DefaultDstepLoops is Options.DstepLoops's default: 2^28 rounds, 4 s of
// the smallest d_step loop on the bench machine (bench/README.md; a
// fatal error is better than a search that never ends, but it should
// not come soon), far beyond what a transition of a model whose search
// ends can do.
const DefaultDstepLoops = 1 << 28

// Compile turns a checked model into a Model. The spec must have passed
// lang.Check without errors.
func Compile(spec *lang.Spec, opts Options) (m *Model, err error) {
	c := &compiler{
		m:        &Model{Spec: spec, Merge: !opts.NoMerge, DstepLoops: DefaultDstepLoops},
		opts:     opts,
		vars:     map[*lang.Var]*Var{},
		layouts:  layouts{structs: map[*lang.Typedef]*Type{}, simulator: opts.Simulator},
		types:    map[*lang.Proctype]*ProcType{},
		builders: map[*ProcType]*builder{},

		forTemps: map[*lang.For]*lang.Var{},
		conds:    map[lang.Expr]*Cond{},
	}
	if opts.DstepLoops > 0 {
		c.m.DstepLoops = opts.DstepLoops
	}
	defer func() {
		if r := recover(); r != nil {
			if ce, ok := r.(compileError); ok {
				m, err = nil, ce
				return
			}
			panic(r)
		}
	}()
	c.scan()
	// SPIN turns merging off for provided clauses and remote variable
	// references, and dead-variable resets off for the latter.
	c.m.Merge = c.m.Merge && !spec.HasRemoteRefs && !c.hasProvided
	c.m.DeadVars = !spec.HasRemoteRefs && !opts.NoDeadVars
	c.xu = c.claims()
	c.m.claimSlot = opts.Claim != "" || opts.NonProgress
	for _, p := range spec.Procs {
		c.m.eventSlot = c.m.eventSlot || p.Kind == lang.KindTrace && !opts.NoTraceAssertions
	}
	c.globals()
	for _, p := range spec.Procs {
		if p.Kind == lang.KindProctype || p.Kind == lang.KindInit {
			pt := &ProcType{ID: len(c.m.Types), Name: p.Name, Proc: p, Active: p.Active, Priority: p.Priority}
			if pt.Priority == 0 {
				pt.Priority = 1
			}
			c.m.Types = append(c.m.Types, pt)
			c.types[p] = pt
		}
	}
	if len(c.m.Types) > 255 {
		c.errorf(spec.Procs[0].P, "too many proctypes (at most 255)")
	}
	for _, pt := range c.m.Types {
		c.locals(pt)
	}
	for _, pt := range c.m.Types {
		c.flow(pt)
	}
	c.compileClaims()
	c.selectClaim()
	c.panIDs()
	c.nids = c.chanNids()
	c.porTables()
	c.m.NoReduce = c.noReduce()
	c.m.hasUnless = c.hasUnless
	for _, pt := range c.m.Types {
		pt.xu = c.xuDecls(pt.Proc)
	}
	c.m.narrowPC = true
	for _, pt := range c.m.Types {
		c.m.narrowPC = c.m.narrowPC && len(pt.PCs) < 256
		for _, pc := range pt.PCs {
			c.m.procAccept = c.m.procAccept || pc.Accept
			c.m.procProgress = c.m.procProgress || pc.Progress
		}
	}
	if c.m.narrowPC {
		c.m.pcAt = make([]*PC, len(c.m.Types)<<8)
		for i, pt := range c.m.Types {
			copy(c.m.pcAt[i<<8:], pt.PCs)
		}
	}
	c.m.slotHeader = c.m.slotHeaderSize()
	for _, pt := range c.m.Units {
		pt.Size = c.m.SlotHeader() + pt.locals
	}
	for _, r := range c.labelRefs {
		b := c.builders[r.pt]
		n := b.labels[r.label]
		if n == nil {
			c.errorf(lang.Pos{}, "proctype %s has no label %s", r.pt.Name, r.label)
		}
		r.code.Instrs[r.at].A = int32(b.pcOf(n))
	}
	for _, pt := range c.m.Units {
		if pt.Provided != nil {
			pt.Provided.Code.findStart()
		}
		for _, t := range pt.Trans {
			t.Code.findStart()
			for _, in := range t.Code.Instrs {
				t.Asserts = t.Asserts || in.Op == OpAssert
				t.sends = t.sends || in.Op == OpSend
			}
		}
	}
	for _, pt := range c.m.Types {
		for _, t := range pt.Trans {
			if r := t.Code.recv; r != nil {
				r.fixed = r.frozen(&c.writes, pt)
			}
		}
	}
	c.m.restricted = c.m.HasPriority
	for _, pt := range c.m.Types {
		c.m.restricted = c.m.restricted || pt.Provided != nil
	}
	return c.m, nil
}

// compileError is a problem found while compiling (a limit of gmc's
// representation, not a Promela error: those are lang's).
type compileError struct {
	pos lang.Pos
	msg string
}

func (e compileError) Error() string { return fmt.Sprintf("%s: error: %s", e.pos, e.msg) }

// Pos is where the problem is: the error's text starts with it.
func (e compileError) Pos() lang.Pos { return e.pos }

type compiler struct {
	m       *Model
	opts    Options
	vars    map[*lang.Var]*Var
	layouts layouts
	types   map[*lang.Proctype]*ProcType
	chanIDs map[*lang.ChanInit]*ChanType
	// writes: where the statements store (recvTest.fixed)
	writes   writeSet
	builders map[*ProcType]*builder
	// remoteLabels are the labels P@L references name, by proctype.
	remoteLabels map[*lang.Proctype][]string
	// remoteSites are the P@L references, in source order, with the
	// statement that makes each (nil in an ltl formula), for panIDs.
	remoteSites []remoteSite
	hasUnless   bool
	nids        map[*lang.Var]int // channel declaration numbers (SPIN's Nid)
	xu          map[*lang.Var]int // xr/xs claims per channel variable
	hasProvided bool
	// forTemps are the counters SPIN adds for for (x in channel) loops.
	forTemps map[*lang.For]*lang.Var
	// labelRefs are P@label references, resolved once every proctype's
	// flow is built.
	labelRefs []labelRef
	loopCount int                 // do loops built so far
	conds     map[lang.Expr]*Cond // the atomic conditions (Options.Conditions)
}

type labelRef struct {
	code  *Code
	at    int
	pt    *ProcType
	label string
}

func (c *compiler) errorf(pos lang.Pos, format string, args ...any) {
	panic(compileError{pos, fmt.Sprintf(format, args...)})
}

// scan finds what the model uses that changes the state's layout or the
// way its control flow is built.
func (c *compiler) scan() {
	spec := c.m.Spec
	c.remoteLabels = map[*lang.Proctype][]string{}
	chanInit := func(v *lang.Var) {
		if v.ChanInit != nil && v.ChanInit.Cap == 0 {
			c.m.hasRendezvous = true
		}
		if v.ChanInit != nil && v.ChanInit.Cap > 0 {
			c.m.hasBuffered = true
		}
	}
	for _, v := range spec.Globals {
		chanInit(v)
	}
	// where priorities and enabled() are first used: pan refuses them
	// with rendezvous (below)
	var priorityAt, enabledAt *lang.Pos
	first := func(at **lang.Pos, pos lang.Pos) {
		if *at == nil {
			*at = &pos
		}
	}
	for _, p := range spec.Procs {
		if p.Priority != 0 {
			c.m.HasPriority = true
			first(&priorityAt, p.P)
		}
		if p.Provided != nil {
			c.hasProvided = true
		}
		for _, v := range p.Locals {
			chanInit(v)
		}
		walkStmts(p.Body, func(s lang.Stmt) {
			stmt := s
			switch s.(type) {
			case *lang.SetPriority:
				c.m.HasPriority = true
				first(&priorityAt, s.Pos())
			case *lang.Unless:
				c.hasUnless = true
			}
			lang.WalkStmtExprs(s, func(e lang.Expr) {
				switch e := e.(type) {
				case *lang.VarRef:
					switch e.Kind {
					case lang.RefLast:
						c.m.HasLast = true
					case lang.RefPriority:
						c.m.HasPriority = true
						first(&priorityAt, e.Pos())
					}
				case *lang.Run:
					if e.Priority != 0 {
						c.m.HasPriority = true
						first(&priorityAt, e.P)
					}
				case *lang.Builtin:
					switch e.Op {
					case "get_priority":
						c.m.HasPriority = true
						first(&priorityAt, e.P)
					case "enabled":
						first(&enabledAt, e.P)
					}
				case *lang.Timeout:
					// (pan's ETIM: a timeout of the claim's own does
					// not make the search try the timeout pass)
					c.m.HasTimeout = c.m.HasTimeout || p.Kind != lang.KindNever
				case *lang.RemoteRef:
					c.remoteLabel(e, p, stmt)
				}
			})
		})
	}
	// A label an ltl formula names is remotely referenced too, although
	// safety searches do not run the claim (SPIN marks it while parsing).
	for _, l := range spec.LTLs {
		lang.WalkExpr(l.Formula, func(e lang.Expr) {
			if r, ok := e.(*lang.RemoteRef); ok {
				c.remoteLabel(r, nil, nil)
			}
		})
	}
	// spin refuses enabled() in a model with a rendezvous channel; pan's
	// build refuses priorities there (#error in pan.c), which SPIN's
	// simulator runs, and so does gmc sim.
	switch {
	case !c.m.hasRendezvous:
	case enabledAt != nil:
		c.errorf(*enabledAt, "cannot use enabled() in models with synchronous channels (as spin)")
	case priorityAt != nil && !c.opts.Simulator:
		c.errorf(*priorityAt, "use of priorities cannot be combined with rendezvous (pan refuses to verify it; gmc sim runs it)")
	}
}

// remoteLabel records the label a remote reference P@L names, made by
// statement stmt of unit in.
func (c *compiler) remoteLabel(r *lang.RemoteRef, in *lang.Proctype, stmt lang.Stmt) {
	if r.Var == nil && r.Proctype != nil {
		c.remoteLabels[r.Proctype] = append(c.remoteLabels[r.Proctype], r.Label)
		c.remoteSites = append(c.remoteSites, remoteSite{r, in, stmt})
	}
}

// remoteSite is a remote label reference and where it is made.
type remoteSite struct {
	ref  *lang.RemoteRef
	in   *lang.Proctype
	stmt lang.Stmt
}

// panIDs gives every element its model-wide number, pan's transition id:
// SPIN counts elements as it makes them, unit by unit in declaration
// order, except the goto it copies for a remote label reference
// (fix_dest), which it makes when it parses the first reference to the
// label: just before the element of the statement that holds it.
func (c *compiler) panIDs() {
	units := map[*lang.Proctype]*ProcType{}
	for _, pt := range c.m.Units {
		units[pt.Proc] = pt
	}
	type copied struct {
		pt *ProcType
		n  *node
	}
	before := map[*ProcType]map[int][]copied{} // copies numbered before element seqno of a unit
	var last []copied                          // and those numbered after everything
	placed := map[*node]bool{}
	for _, r := range c.remoteSites {
		pt := units[r.ref.Proctype]
		if pt == nil {
			continue
		}
		n := c.builders[pt].labels[r.ref.Label]
		if n == nil || n.next == nil || !n.next.remoteCopy || placed[n.next] {
			continue
		}
		placed[n.next] = true
		cp := copied{pt, n.next}
		in := units[r.in]
		if in == nil || in.StmtElem[r.stmt] == 0 {
			last = append(last, cp)
			continue
		}
		if before[in] == nil {
			before[in] = map[int][]copied{}
		}
		before[in][in.StmtElem[r.stmt]] = append(before[in][in.StmtElem[r.stmt]], cp)
	}
	id := 0
	number := func(cps []copied) {
		for _, cp := range cps {
			cp.pt.Elements[cp.n.seqno-1].ID = id
			id++
		}
	}
	for _, pt := range c.m.Units {
		b := c.builders[pt]
		for i := range pt.Elements {
			if b.nodes[i].remoteCopy {
				if !placed[b.nodes[i]] {
					last = append(last, copied{pt, b.nodes[i]})
				}
				continue
			}
			number(before[pt][i+1])
			pt.Elements[i].ID = id
			id++
		}
	}
	number(last)
}

// hidden reports whether a global is kept out of the state vector: declared
// hidden, or (SPIN's automatic hiding, docs/references.md#spin-hidden) a
// scalar or array of a basic type that nothing reads.
func hidden(v *lang.Var) bool {
	if v.Vis == lang.VisHidden {
		return true
	}
	switch v.Type.Kind {
	case lang.TChan, lang.TStruct:
		return false
	}
	return !v.Read && v.Vis != lang.VisShow
}

func (c *compiler) globals() {
	m := c.m
	// Hidden globals first, outside the vector.
	off := 0
	for _, v := range m.Spec.Globals {
		if !hidden(v) {
			continue
		}
		gv := c.newVar(v, true)
		gv.Hidden = true
		gv.Off = off
		off += gv.Size()
		m.Globals = append(m.Globals, gv)
	}
	m.HiddenSize = off
	m.GlobalsOff = off + m.HeaderSize()
	off = m.GlobalsOff
	for _, v := range m.Spec.Globals {
		if hidden(v) {
			continue
		}
		gv := c.newVar(v, true)
		gv.Off = off
		off += gv.Size()
		m.Globals = append(m.Globals, gv)
	}
	m.GlobalsSize = off - m.GlobalsOff
	for _, v := range m.Spec.Globals {
		if v.ChanInit == nil {
			continue
		}
		ct := c.chanType(v.ChanInit)
		gv := c.vars[v]
		for i := 0; i < max(v.Len, 1); i++ {
			m.GlobalChans = append(m.GlobalChans, ChanInit{Type: ct, Off: gv.Off + i})
		}
	}
	m.setKeyRuns()
}

func (c *compiler) newVar(v *lang.Var, global bool) *Var {
	x := &Var{Var: v, Type: c.layouts.typeOf(v.Type, v.IsArray()), Len: v.Len, Global: global}
	if !v.IsArray() {
		x.Len = 0
	}
	c.vars[v] = x
	return x
}

func (c *compiler) chanType(ci *lang.ChanInit) *ChanType {
	if c.chanIDs == nil {
		c.chanIDs = map[*lang.ChanInit]*ChanType{}
	}
	if ct := c.chanIDs[ci]; ct != nil {
		return ct
	}
	ct := &ChanType{ID: len(c.m.Chans), Cap: ci.Cap}
	if ct.ID > 255 {
		c.errorf(ci.P, "too many channel declarations (at most 256)")
	}
	for _, f := range ci.Fields {
		t := c.layouts.typeOf(f, false)
		ct.Fields = append(ct.Fields, t)
		for _, l := range leavesOf(t, 0) {
			l.Off += ct.MsgSize
			ct.Leaves = append(ct.Leaves, l)
		}
		ct.MsgSize += t.Size
	}
	ct.LenSize = 1
	if ct.Cap > 255 {
		ct.LenSize = 2
	}
	ct.Size = 1 + ct.LenSize + ct.slots()*ct.MsgSize
	ct.fast = true
	for _, l := range ct.Leaves {
		ct.fast = ct.fast && l.Scalar <= ScalarInt
	}
	c.m.Chans = append(c.m.Chans, ct)
	c.m.keyCut[ct.ID] = 1
	if ct.Cap == 0 {
		c.m.keyCut[ct.ID] = int32(ct.Size)
	}
	c.chanIDs[ci] = ct
	return ct
}

// leavesOf lists the scalars of a value of type t stored at offset off.
func leavesOf(t *Type, off int) []Leaf {
	if t.Kind != lang.TStruct {
		return []Leaf{{Off: off, Scalar: t.Scalar, Size: t.Size, Bits: t.Bits, Mtype: t.Kind == lang.TMtype}}
	}
	var out []Leaf
	for _, f := range t.Fields {
		for i := 0; i < max(f.Len, 1); i++ {
			out = append(out, leavesOf(f.Type, off+f.Off+i*f.Stride)...)
		}
	}
	return out
}

// locals lays out a proctype's parameters and locals and compiles the
// initialisation of a new process.
func (c *compiler) locals(pt *ProcType) {
	off := 0
	locals := pt.Proc.Locals
	if temps := c.forChanTemps(pt.Proc); len(temps) > 0 {
		locals = append(locals[:len(locals):len(locals)], temps...)
	}
	for _, v := range locals {
		lv := c.newVar(v, false)
		lv.Off = off
		off += lv.Size()
		pt.Locals = append(pt.Locals, lv)
		if v.Param {
			pt.Params = append(pt.Params, lv)
		}
	}
	pt.locals = off // the slot's size waits for the pcs (see Compile)
	for _, v := range pt.Proc.Locals {
		if v.ChanInit != nil && v.InitAtStart {
			ct := c.chanType(v.ChanInit)
			for i := 0; i < max(v.Len, 1); i++ {
				pt.Chans = append(pt.Chans, ChanInit{Type: ct, Off: c.vars[v].Off + i})
			}
		}
	}
	g := c.gen(pt)
	for _, v := range pt.Proc.Locals {
		// A structure gets its fields' initial values when the process
		// starts, wherever it is declared (as in SPIN).
		if (v.InitAtStart || v.Type.Kind == lang.TStruct) && !v.Param {
			g.initVar(v)
		}
	}
	if len(g.code.Instrs) > 0 {
		pt.Init = g.code
	}
	if pt.Proc.Provided != nil {
		g := c.gen(pt)
		g.expr(pt.Proc.Provided)
		g.op(OpJzFail)
		g.op(OpGuardOK)
		pt.Provided = &Trans{Code: g.code, Text: "provided"}
	}
}

// forChanTemps creates the loop counters SPIN adds for for (x in channel)
// loops: a byte (a short for channels of more than 255 slots) named after
// the block the loop is in (_f0r_t3mp and the scope its lexer is in,
// lang.For.Scope), so loops directly in the same { } share one and nested
// loops have their own. They are locals of the process like any other.
func (c *compiler) forChanTemps(p *lang.Proctype) []*lang.Var {
	var temps []*lang.Var
	byBlock := map[any]*lang.Var{}
	var walk func(stmts []lang.Stmt, block any)
	walk = func(stmts []lang.Stmt, block any) {
		for _, s := range stmts {
			walkStmtShallow(s, func(s lang.Stmt, inner []lang.Stmt, braces bool) {
				if f, ok := s.(*lang.For); ok && f.In != nil && lastVar(f.Var).Type.Kind == lang.TStruct {
					tmp := byBlock[block]
					if tmp == nil {
						tmp = &lang.Var{P: f.P, Name: "_f0r_t3mp" + f.Scope, Type: &lang.Type{Kind: lang.TByte}, Proc: p}
						byBlock[block] = tmp
						temps = append(temps, tmp)
					}
					if ch := lastVar(f.In); ch.ChanInit != nil && ch.ChanInit.Cap > 255 {
						tmp.Type.Kind = lang.TShort
					}
					c.forTemps[f] = tmp
				}
				if braces {
					walk(inner, s)
				} else {
					walk(inner, block)
				}
			})
		}
	}
	walk(p.Body.Stmts, p.Body)
	return temps
}

// walkStmtShallow calls f for s and for each statement list directly nested
// in it, saying whether that list is inside braces of its own.
func walkStmtShallow(s lang.Stmt, f func(s lang.Stmt, inner []lang.Stmt, braces bool)) {
	switch s := s.(type) {
	case *lang.Block:
		f(s, s.Stmts, true)
	case *lang.For:
		f(s, s.Body.Stmts, true)
	case *lang.Labeled:
		if s.Stmt != nil {
			walkStmtShallow(s.Stmt, f)
			return
		}
		f(s, nil, false)
	case *lang.Unless:
		walkStmtShallow(s.Main, f)
		walkStmtShallow(s.Escape, f)
	case *lang.If:
		f(s, nil, false)
		for _, o := range s.Options {
			f(o, o.Stmts, false)
		}
	case *lang.Do:
		f(s, nil, false)
		for _, o := range s.Options {
			f(o, o.Stmts, false)
		}
	default:
		f(s, nil, false)
	}
}

// InitialState returns the state the model starts in: globals initialised,
// global channels created, and the active processes and init started in
// declaration order.
func (m *Model) InitialState() (*State, error) {
	s := &State{Buf: make([]byte, m.GlobalsOff+m.GlobalsSize)}
	c := &compiler{m: m, vars: map[*lang.Var]*Var{}}
	for _, v := range m.Globals {
		c.vars[v.Var] = v
	}
	g := c.gen(nil)
	for _, v := range m.Globals {
		g.initVar(v.Var)
	}
	vm := &Machine{M: m, s: s}
	if _, ok := vm.run(g.code, 0, false); !ok {
		return nil, fmt.Errorf("initialising the globals: %v", vm.Errors[0].Msg)
	}
	for _, ci := range m.GlobalChans {
		if len(s.Chans) >= 255 {
			return nil, fmt.Errorf("too many channels")
		}
		s.Chans = m.newChan(s, s.Chans, ci.Type)
		s.Buf[ci.Off] = byte(len(s.Chans))
	}
	m.setCounts(s)
	if m.Claim != nil {
		m.setClaimPC(s, m.Claim.Start)
	}
	if m.Trace != nil {
		m.setEventPC(s, m.Trace.Start)
	}
	for _, pt := range m.Types {
		for i := 0; i < pt.Active; i++ {
			if _, err := m.spawn(s, pt, nil, 0); err != "" {
				return nil, fmt.Errorf("starting %s: %s", pt.Name, err)
			}
		}
	}
	return s, nil
}

// walkStmts calls f for every statement in b, nested ones included.
func walkStmts(b *lang.Block, f func(lang.Stmt)) {
	for _, s := range b.Stmts {
		walkStmt(s, f)
	}
}

func walkStmt(s lang.Stmt, f func(lang.Stmt)) {
	if s == nil {
		return
	}
	f(s)
	switch s := s.(type) {
	case *lang.Block:
		walkStmts(s, f)
	case *lang.Labeled:
		walkStmt(s.Stmt, f)
	case *lang.Unless:
		walkStmt(s.Main, f)
		walkStmt(s.Escape, f)
	case *lang.If:
		for _, o := range s.Options {
			walkStmts(o, f)
		}
	case *lang.Do:
		for _, o := range s.Options {
			walkStmts(o, f)
		}
	case *lang.For:
		walkStmts(s.Body, f)
	}
}

// compileClaims compiles the never claims (for listing only) and the trace
// assertion, and puts every unit in declaration order into m.Units.
func (c *compiler) compileClaims() {
	for _, p := range c.m.Spec.Procs {
		switch p.Kind {
		case lang.KindProctype, lang.KindInit:
			c.m.Units = append(c.m.Units, c.types[p])
		case lang.KindNever:
			pt := &ProcType{ID: len(c.m.Types) + len(c.m.Claims), Name: claimName(c.m.Spec, p), Proc: p, Priority: 1}
			if c.claimFlow(pt) {
				c.m.Claims = append(c.m.Claims, pt)
				c.m.Units = append(c.m.Units, pt)
			}
		case lang.KindTrace:
			if !c.opts.NoTraceAssertions {
				c.m.Units = append(c.m.Units, c.compileTrace(p))
			}
		}
	}
	if c.m.Trace != nil {
		c.m.Trace.ID = len(c.m.Types) + len(c.m.Claims)
	}
}

// claimFlow builds a claim's elements and transitions, and reports whether
// it could.
func (c *compiler) claimFlow(pt *ProcType) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, is := r.(compileError); !is {
				panic(r)
			}
			ok = false
		}
	}()
	c.locals(pt)
	c.flow(pt)
	return true
}
