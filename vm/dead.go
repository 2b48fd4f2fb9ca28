package vm

import (
	"gmc/lang"
)

// Dead-variable resets (docs/references.md#spin-dead-vars,
// docs/spin-flow.md 8): after a statement, a local that no path reads
// before writing it again is set to 0, so that states differing only in
// dead values are the same state.

// uses returns the local variables a statement reads and writes, as SPIN's
// ana_stmnt counts them.
func uses(s lang.Stmt) (reads, writes []*lang.Var) {
	var r, w []*lang.Var
	read := func(e lang.Expr) { r = readsOf(e, r) }
	write := func(e lang.Expr) {
		ref, ok := e.(*lang.VarRef)
		if !ok {
			return
		}
		if v := qualifying(ref); v != nil {
			w = append(w, v)
		}
		r = indexReads(ref, r)
	}
	switch s := s.(type) {
	case *lang.Assign:
		write(s.LHS)
		if s.RHS != nil {
			read(s.RHS)
		} else {
			read(s.LHS) // x++ is x = x + 1
		}
	case *lang.ExprStmt:
		read(s.X)
	case *lang.Assert:
		read(s.X)
	case *lang.Printf:
		for _, a := range s.Args {
			read(a)
		}
	case *lang.Printm:
		read(s.X)
	case *lang.Send:
		read(s.Chan)
		for _, a := range s.Args {
			read(a)
		}
	case *lang.Recv:
		read(s.Chan)
		for _, a := range s.Args {
			switch a := a.(type) {
			case *lang.Eval:
				read(a.X)
			case *lang.VarRef:
				if a.Kind == lang.RefVar {
					write(a)
				}
			}
		}
	case *lang.SetPriority:
		read(s.Pid)
		read(s.Prio)
	}
	return r, w
}

// qualifying returns the variable of a reference if it is a use the
// analysis tracks: a scalar local or parameter (no index), not a chan or a
// structure.
func qualifying(r *lang.VarRef) *lang.Var {
	if r.Kind != lang.RefVar || r.Index != nil || r.Field != nil {
		return nil
	}
	v := r.Var
	if v.Proc == nil || v.Type.Kind == lang.TChan || v.Type.Kind == lang.TStruct {
		return nil
	}
	return v
}

// indexReads adds the reads of the index expressions in a reference's path.
func indexReads(r *lang.VarRef, out []*lang.Var) []*lang.Var {
	for f := r; f != nil; f = f.Field {
		if f.Index != nil {
			out = readsOf(f.Index, out)
		}
	}
	return out
}

// readsOf adds the tracked variables an expression reads.
func readsOf(e lang.Expr, out []*lang.Var) []*lang.Var {
	switch e := e.(type) {
	case *lang.VarRef:
		if v := qualifying(e); v != nil {
			out = append(out, v)
		}
		return indexReads(e, out)
	case *lang.Poll:
		// a poll uses its channel and its eval arguments only
		out = readsOf(e.Chan, out)
		for _, a := range e.Args {
			if ev, ok := a.(*lang.Eval); ok {
				out = readsOf(ev.X, out)
			}
		}
		return out
	case *lang.Unary:
		return readsOf(e.X, out)
	case *lang.Binary:
		return readsOf(e.Y, readsOf(e.X, out))
	case *lang.Cond:
		return readsOf(e.Else, readsOf(e.Then, readsOf(e.C, out)))
	case *lang.Run:
		for _, a := range e.Args {
			out = readsOf(a, out)
		}
	case *lang.ChanOp:
		return readsOf(e.Chan, out)
	case *lang.Builtin:
		return readsOf(e.X, out)
	case *lang.RemoteRef:
		if e.Index != nil {
			out = readsOf(e.Index, out)
		}
	case *lang.Eval:
		return readsOf(e.X, out)
	}
	return out
}

func contains(vs []*lang.Var, v *lang.Var) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

// deadVars computes, for every element, the locals to reset after its
// statement (SPIN's FSM_ANA and good_dead).
func (b *builder) deadVars() {
	for _, e := range b.nodes {
		for _, t := range e.out {
			if t.step != e || (len(t.reads) == 0 && len(t.writes) == 0) {
				continue
			}
			isCond, isRecv := false, false
			switch e.stmt.(type) {
			case *lang.ExprStmt:
				isCond = true
			case *lang.Recv:
				isRecv = true
			}
			for _, v := range t.writes {
				if contains(e.dead, v) || assignsZero(e.stmt, v) {
					continue
				}
				if b.isDead(t.to, v) {
					e.dead = append(e.dead, v)
				}
			}
			if !isCond && !isRecv {
				continue
			}
			for _, v := range t.reads {
				if contains(e.dead, v) || contains(t.writes, v) {
					continue
				}
				if b.isDead(t.to, v) {
					e.dead = append(e.dead, v)
				}
			}
		}
	}
}

// assignsZero reports whether s is v = 0 (resetting after it is useless).
func assignsZero(s lang.Stmt, v *lang.Var) bool {
	a, ok := s.(*lang.Assign)
	if !ok || a.Op != "=" {
		return false
	}
	k, ok := a.RHS.(*lang.Const)
	return ok && k.Val == 0
}

// isDead reports whether no path from n reads v before writing it.
func (b *builder) isDead(n *node, v *lang.Var) bool {
	visited := map[*node]bool{}
	var dfs func(n *node) bool
	dfs = func(n *node) bool {
		if n == nil || visited[n] {
			return true
		}
		visited[n] = true
		for _, e := range n.out {
			if contains(e.reads, v) {
				return false
			}
			if contains(e.writes, v) {
				return true
			}
			if !dfs(e.to) {
				return false
			}
		}
		return true
	}
	return dfs(n)
}
