package lang

// WalkExpr calls f for e and every expression inside it, parents first.
func WalkExpr(e Expr, f func(Expr)) { walkExpr(e, f) }

// WalkStmtExprs calls f for every expression of statement s itself (not of
// the statements nested in it), and every expression inside those.
func WalkStmtExprs(s Stmt, f func(Expr)) {
	w := func(e Expr) {
		if e != nil {
			walkExpr(e, f)
		}
	}
	switch s := s.(type) {
	case *DeclStmt:
		for _, v := range s.Vars {
			w(v.Init)
			for _, e := range v.ArrInit {
				w(e)
			}
		}
	case *XUStmt:
		for _, r := range s.Chans {
			w(r)
		}
	case *For:
		w(s.Var)
		w(s.From)
		w(s.To)
		if s.In != nil {
			w(s.In)
		}
	case *Select:
		w(s.Var)
		w(s.From)
		w(s.To)
	case *Printf:
		for _, a := range s.Args {
			w(a)
		}
	case *Printm:
		w(s.X)
	case *Assert:
		w(s.X)
	case *SetPriority:
		w(s.Pid)
		w(s.Prio)
	case *ExprStmt:
		w(s.X)
	case *Assign:
		w(s.LHS)
		w(s.RHS)
	case *Send:
		w(s.Chan)
		for _, a := range s.Args {
			w(a)
		}
	case *Recv:
		w(s.Chan)
		for _, a := range s.Args {
			w(a)
		}
	case *Call:
		for _, a := range s.Args {
			w(a)
		}
	}
}
