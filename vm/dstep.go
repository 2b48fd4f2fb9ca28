package vm

import (
	"gmc/lang"
)

// dstep compiles a d_step body into one transition's code
// (docs/references.md#spin-dstep). Its first statement decides whether the
// d_step can run: that test is the guard. Inside, if and do take the first
// executable option in source order (else when there is none), and a
// statement that blocks is a fatal error ("block in d_step seq"): OpJzFail
// after the guard reports it.
func (g *gen) dstep(b *lang.Block) {
	d := &dstepGen{g: g, labels: map[string]int32{}}
	d.block(b.Stmts)
	if !d.guarded {
		g.op(OpGuardOK)
	}
	for _, j := range d.gotos {
		target, ok := d.labels[j.label]
		if !ok {
			g.c.errorf(j.pos, "goto %s leaves the d_step", j.label)
		}
		g.patch(j.at, target)
	}
}

type dstepGen struct {
	g       *gen
	guarded bool // the guard (OpGuardOK) has been emitted
	labels  map[string]int32
	gotos   []dstepJump
	breaks  [][]int // jumps to patch to the end of each enclosing do
	inline  int
}

type dstepJump struct {
	at    int
	label string
	pos   lang.Pos
}

func (d *dstepGen) block(stmts []lang.Stmt) {
	for _, s := range stmts {
		d.stmt(s)
	}
}

// guard ends the guard part after the first statement's test.
func (d *dstepGen) guard() {
	if !d.guarded {
		d.g.op(OpGuardOK)
		d.guarded = true
	}
}

func (d *dstepGen) stmt(s lang.Stmt) {
	g := d.g
	switch s := s.(type) {
	case *lang.Labeled:
		d.labels[s.Label] = g.here()
		if s.Stmt != nil {
			d.stmt(s.Stmt)
		}
	case *lang.Block:
		if s.Kind == lang.BlockInline {
			d.inline++
			defer func() { d.inline-- }()
		}
		d.block(s.Stmts)
	case *lang.DeclStmt:
		for _, v := range s.Vars {
			if !v.InitAtStart && v.Type.Kind != lang.TStruct {
				d.guard()
				init := v.Init
				if init == nil {
					init = &lang.Const{P: v.P, Val: 0, Text: "0"}
				}
				ref := &lang.VarRef{P: v.P, Name: v.Name, Kind: lang.RefVar, Var: v}
				g.assign(ref, func() { g.expr(init) })
			}
		}
	case *lang.XUStmt:
	case *lang.Unless:
		d.stmt(s.Main) // an escape inside a d_step has no effect, as in SPIN
	case *lang.If:
		d.choose(s.Options, false)
	case *lang.Do:
		d.choose(s.Options, true)
	case *lang.For:
		d.block(g.c.forStmts(s))
	case *lang.Select:
		d.block(selectStmts(s, d.inline > 0))
	case *lang.Goto:
		d.guard()
		d.gotos = append(d.gotos, dstepJump{at: g.emit(OpJmp, 0, 0, 0), label: s.Label, pos: s.P})
	case *lang.Break:
		d.guard()
		k := len(d.breaks) - 1
		d.breaks[k] = append(d.breaks[k], g.emit(OpJmp, 0, 0, 0))
	case *lang.Else:
		d.guard()
	default:
		g.mark(s)
		if !g.test(s) {
			g.op(OpJzFail)
		}
		d.guard()
		g.effect(s)
	}
}

// choose compiles an if or do inside a d_step: the first option (in source
// order) whose first statement is executable runs; else runs when none is.
func (d *dstepGen) choose(opts []*lang.Block, loop bool) {
	g := d.g
	head := g.here()
	if loop {
		d.breaks = append(d.breaks, nil)
	}
	var elseOpt *lang.Block
	type branch struct {
		at  int
		opt *lang.Block
	}
	var branches []branch
	for _, o := range opts {
		if len(o.Stmts) == 0 {
			continue
		}
		if _, ok := lang.Unlabel(o.Stmts[0]).(*lang.Else); ok {
			elseOpt = o
			continue
		}
		if g.test(o.Stmts[0]) {
			branches = append(branches, branch{g.emit(OpJmp, 0, 0, 0), o})
			break // always executable: later options are never chosen
		}
		branches = append(branches, branch{g.emit(OpJnz, 0, 0, 0), o})
	}
	if elseOpt != nil {
		branches = append(branches, branch{g.emit(OpJmp, 0, 0, 0), elseOpt})
	} else {
		g.op(OpFail)
	}
	wasGuarded := d.guarded
	var ends []int
	for _, b := range branches {
		g.patch(b.at, g.here())
		d.guarded = wasGuarded
		d.guard()
		d.option(b.opt)
		if loop {
			g.emit(OpJmp, head, 0, 0)
		} else {
			ends = append(ends, g.emit(OpJmp, 0, 0, 0))
		}
	}
	d.guarded = true
	for _, e := range ends {
		g.patch(e, g.here())
	}
	if loop {
		for _, e := range d.breaks[len(d.breaks)-1] {
			g.patch(e, g.here())
		}
		d.breaks = d.breaks[:len(d.breaks)-1]
	}
}

// option runs a chosen option: its first statement's test has passed.
func (d *dstepGen) option(o *lang.Block) {
	first := o.Stmts[0]
	for {
		l, ok := first.(*lang.Labeled)
		if !ok {
			break
		}
		d.labels[l.Label] = d.g.here()
		if l.Stmt == nil {
			first = nil
			break
		}
		first = l.Stmt
	}
	switch first.(type) {
	case nil:
	case *lang.Else:
		d.g.mark(first) // (a step in SPIN's simulator)
	case *lang.If, *lang.Do, *lang.Block, *lang.For, *lang.Select, *lang.Unless,
		*lang.Goto, *lang.Break, *lang.DeclStmt:
		d.stmt(first)
	default:
		d.g.mark(first)
		d.g.effect(first)
	}
	d.block(o.Stmts[1:])
}
