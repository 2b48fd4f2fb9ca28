package vm

import (
	"gmc/lang"
)

// hasGlobal reports whether a statement of proctype pt touches what other
// processes can see (SPIN's has_global): a global variable (unless declared
// local), _nr_pr, _last, timeout, enabled, pc_value, priorities, np_, a
// remote variable, or a channel operation, except a send (nfull, empty) on
// a channel the proctype declares xs, or a receive (nempty, full) on one it
// declares xr, with local arguments. Statement merging never crosses a
// global access outside an atomic sequence.
func (c *compiler) hasGlobal(pt *ProcType, s lang.Stmt) bool {
	if s == nil {
		return false
	}
	global := false
	var exprs func(e lang.Expr)
	exprs = func(e lang.Expr) {
		if e == nil || global {
			return
		}
		lang.WalkExpr(e, func(x lang.Expr) {
			switch x := x.(type) {
			case *lang.VarRef:
				switch x.Kind {
				case lang.RefVar:
					if x.Var.Proc == nil && !x.Var.Field && x.Var.Vis != lang.VisLocal {
						global = true
					}
				case lang.RefNrPr, lang.RefLast:
					global = true
				}
			case *lang.Timeout, *lang.Np:
				global = true
			case *lang.Builtin:
				global = true // enabled, pc_value, get_priority
			case *lang.RemoteRef:
				if x.Var != nil {
					global = true
				}
			case *lang.ChanOp:
				if !(x.Op == "nfull" || x.Op == "empty") || !c.declared(pt, x.Chan, "xs") {
					if !(x.Op == "nempty" || x.Op == "full") || !c.declared(pt, x.Chan, "xr") {
						global = true
					}
				}
			case *lang.Poll:
				if !c.declared(pt, x.Chan, "xr") || !localArgs(x.Args) {
					global = true
				}
			case *lang.Run:
				if c.unsafeInit(x.Proc) {
					global = true
				}
			}
		})
	}
	switch s := s.(type) {
	case *lang.Send:
		if !c.declared(pt, s.Chan, "xs") || !localArgs(s.Args) {
			return true
		}
		return false
	case *lang.Recv:
		if !c.declared(pt, s.Chan, "xr") || !localArgs(s.Args) {
			return true
		}
		return false
	case *lang.SetPriority:
		return true
	}
	lang.WalkStmtExprs(s, exprs)
	return global
}

// localArgs reports whether message arguments use only locals and
// constants.
func localArgs(args []lang.Expr) bool {
	ok := true
	for _, a := range args {
		lang.WalkExpr(a, func(x lang.Expr) {
			if r, isRef := x.(*lang.VarRef); isRef && r.Kind == lang.RefVar && r.Var.Proc == nil && !r.Var.Field && r.Var.Vis != lang.VisLocal {
				ok = false
			}
		})
	}
	return ok
}

// declared reports whether proctype pt declares the channel ch xs or xr.
func (c *compiler) declared(pt *ProcType, ch lang.Expr, kind string) bool {
	r, ok := ch.(*lang.VarRef)
	if !ok || r.Kind != lang.RefVar || pt == nil {
		return false
	}
	found := false
	walkStmts(pt.Proc.Body, func(s lang.Stmt) {
		x, ok := s.(*lang.XUStmt)
		if !ok || x.Kind != kind {
			return
		}
		for _, d := range x.Chans {
			if d.Var == r.Var {
				found = true
			}
		}
	})
	return found
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
