package vm

import (
	"gmc/lang"
)

// Channel use claims (xr, xs), accumulated per channel variable over the
// whole model, as SPIN keeps them on the channel's symbol.
const (
	claimXR = 1 << iota
	claimXS
)

// claims collects every xr and xs declaration of the model.
func (c *compiler) claims() map[*lang.Var]int {
	xu := map[*lang.Var]int{}
	for _, p := range c.m.Spec.Procs {
		walkStmts(p.Body, func(s lang.Stmt) {
			x, ok := s.(*lang.XUStmt)
			if !ok {
				return
			}
			flag := claimXR
			if x.Kind == "xs" {
				flag = claimXS
			}
			for _, r := range x.Chans {
				if r.Var != nil {
					xu[r.Var] |= flag
				}
			}
		})
	}
	return xu
}

// claimed reports whether the channel expression ch has all the claims in
// want.
func (c *compiler) claimed(ch lang.Expr, want int) bool {
	r, ok := ch.(*lang.VarRef)
	if !ok || r.Kind != lang.RefVar {
		return false
	}
	return c.xu[r.Var]&want == want
}

// hasGlobal reports whether a statement touches what other processes can
// see, as SPIN's has_global decides it: a global variable (not one declared
// local), _nr_pr, _last, timeout, enabled, pc_value, np_, a remote
// variable; a channel operation unless the model's xr/xs claims make it
// private (a send on an xs channel, a receive on an xr one, len and polls
// on one with both); run when the proctype started initialises locals from
// globals. Statement merging never crosses a global access outside an
// atomic sequence. Only the name of an indexed variable counts, not its
// index (as in SPIN).
func (c *compiler) hasGlobal(s lang.Stmt) bool {
	switch s := s.(type) {
	case *lang.ExprStmt:
		return c.globalExpr(s.X)
	case *lang.Assign:
		return c.globalExpr(s.LHS) || s.RHS != nil && c.globalExpr(s.RHS)
	case *lang.Assert:
		return c.globalExpr(s.X)
	case *lang.Printf:
		for _, a := range s.Args {
			if c.globalExpr(a) {
				return true
			}
		}
	case *lang.Printm:
		return c.globalExpr(s.X)
	case *lang.Send:
		return c.globalArgs(s.Args) || !c.claimed(s.Chan, claimXS)
	case *lang.Recv:
		return c.globalArgs(s.Args) || !c.claimed(s.Chan, claimXR)
	}
	return false
}

func (c *compiler) globalArgs(args []lang.Expr) bool {
	for _, a := range args {
		switch a := a.(type) {
		case *lang.Const:
		case *lang.Eval:
			if c.globalExpr(a.X) {
				return true
			}
		default:
			if c.globalExpr(a) {
				return true
			}
		}
	}
	return false
}

func (c *compiler) globalExpr(e lang.Expr) bool {
	switch e := e.(type) {
	case *lang.VarRef:
		switch e.Kind {
		case lang.RefVar:
			return e.Var.Proc == nil && e.Var.Vis != lang.VisLocal
		case lang.RefNrPr, lang.RefLast:
			return true
		}
	case *lang.Unary:
		return c.globalExpr(e.X)
	case *lang.Binary:
		return c.globalExpr(e.X) || c.globalExpr(e.Y)
	case *lang.Cond:
		return c.globalExpr(e.C) || c.globalExpr(e.Then) || c.globalExpr(e.Else)
	case *lang.Timeout, *lang.Np:
		return true
	case *lang.Builtin:
		return e.Op == "enabled" || e.Op == "pc_value"
	case *lang.RemoteRef:
		return e.Var != nil
	case *lang.Run:
		return c.unsafeInit(e.Proc)
	case *lang.ChanOp:
		switch e.Op {
		case "len":
			return !c.claimed(e.Chan, claimXR|claimXS)
		case "empty", "nfull":
			return !c.claimed(e.Chan, claimXS)
		case "nempty", "full":
			return !c.claimed(e.Chan, claimXR)
		}
	case *lang.Poll:
		return c.globalArgs(e.Args) || !c.claimed(e.Chan, claimXR|claimXS)
	}
	return false
}

// unsafeInit reports whether a proctype initialises a local with something
// other than a constant or a local (SPIN then treats run of it as a global
// action).
func (c *compiler) unsafeInit(p *lang.Proctype) bool {
	if p == nil {
		return false
	}
	for _, v := range p.Locals {
		if v.ChanInit != nil || v.ArrInit != nil {
			return true
		}
		switch init := v.Init.(type) {
		case nil, *lang.Const:
		case *lang.VarRef:
			if init.Kind != lang.RefVar || init.Var.Proc == nil {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// panGlobals computes, for every element, the flag pan's transition table
// gives its transition (SPIN's settr argument: G in pan -d, L otherwise).
// It is has_global of the element's statement, plus what put_sub and
// put_el add: every element of an atomic or d_step whose body reads or
// writes something global or jumps out of it (scan_seq, mark_seq), the
// elements next to a remote label target, and everything in a proctype
// with a provided clause. Only the dump shows it: merging decides with
// hasGlobal alone.
func (b *builder) panGlobals() []bool {
	glob := make([]bool, len(b.nodes)+1) // by seqno
	if b.pt.Proc.Provided != nil {
		for i := range glob {
			glob[i] = true
		}
		return glob
	}
	var mark func(s *seq)
	mark = func(s *seq) {
		for f := s.first; f != nil; f = f.next {
			glob[f.seqno] = true
			if f.body != nil {
				mark(f.body)
			}
			for _, o := range f.subs {
				mark(o)
			}
			if f == s.last {
				return
			}
		}
	}
	for _, n := range b.nodes {
		if n.kind == nAtomic || n.kind == nDStep {
			if b.scanSeq(n.body) {
				mark(n.body)
			}
		}
	}
	for _, n := range b.nodes {
		switch n.kind {
		case nDStep:
			glob[n.seqno] = glob[n.body.first.seqno]
		case nStmt, nGoto, nDot, nBreak, nEnd:
			var to *node
			if n.kind == nGoto {
				to = n.jump
			} else {
				to = n.next
			}
			if to != nil {
				to = b.hunt(to, n.status, nil)
			}
			if n.check2 || to != nil && to.check2 || b.panHasGlobal(n) {
				glob[n.seqno] = true
			}
		}
	}
	return glob
}

// scanSeq reports whether an atomic or d_step body touches something
// global or jumps out of itself (SPIN's scan_seq).
func (b *builder) scanSeq(s *seq) bool {
	for f := s.first; f != nil; f = f.next {
		if f.check2 || b.panHasGlobal(f) {
			return true
		}
		if f.kind == nGoto && f.status&statDStep == 0 {
			if g := b.findTarget(f, 0); g != nil && !seqHasEl(s, g) {
				return true
			}
		}
		for _, o := range f.subs {
			if b.scanSeq(o) {
				return true
			}
		}
		if f == s.last {
			break
		}
	}
	return false
}

// findTarget is where a jump element finally leads (SPIN's find_target).
func (b *builder) findTarget(e *node, depth int) *node {
	if e == nil || depth > len(b.nodes) {
		return e
	}
	switch e.kind {
	case nGoto:
		return b.findTarget(e.jump, depth+1)
	case nBreak:
		if e.next != nil {
			return b.findTarget(b.hunt(e.next, e.status, nil), depth+1)
		}
	}
	return e
}

// seqHasEl reports whether g can be reached from the start of s along
// the elements' successors and options (SPIN's seq_has_el).
func seqHasEl(s *seq, g *node) bool {
	seen := map[*node]bool{}
	var walk func(s *seq) bool
	walk = func(s *seq) bool {
		for f := s.first; f != nil; f = f.next {
			if f == g {
				return true
			}
			if seen[f] {
				continue
			}
			seen[f] = true
			for _, o := range f.subs {
				if walk(o) {
					return true
				}
			}
		}
		return false
	}
	return walk(s)
}

// panHasGlobal is SPIN's has_global of an element: hasGlobal, and for what
// it leaves out because merging never asks (conditions, else, compounds):
// an else combined with channel tests, set_priority and get_priority, a
// remote label reference, a compound whose body is global.
func (b *builder) panHasGlobal(n *node) bool {
	switch n.kind {
	case nAtomic, nDStep, nNonAtomic:
		return b.scanSeq(n.body)
	case nStmt:
	default:
		return false
	}
	switch n.stmt.(type) {
	case *lang.Else:
		return n.badElse
	case *lang.SetPriority:
		return true
	}
	if b.c.hasGlobal(n.stmt) {
		return true
	}
	found := false
	lang.WalkStmtExprs(n.stmt, func(e lang.Expr) {
		switch e := e.(type) {
		case *lang.Builtin:
			found = found || e.Op == "get_priority"
		case *lang.RemoteRef:
			found = found || e.Var == nil
		}
	})
	return found
}
