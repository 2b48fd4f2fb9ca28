package vm

import "gmc/lang"

// What coverage analyses need from the compiled model: the atomic
// conditions of its guards, condition statements and assertions (code
// compiled with Options.Conditions reports each evaluation to
// Machine.Cond), and the options of its if and do statements with the
// transitions that start them.

// Cond is an atomic condition: a leaf of the boolean structure (&&, ||,
// !) of a condition statement (a guard is one) or an assertion. A
// statement compiled into several transitions (merged chains, escapes,
// nested choices) reports its conditions under the same ID.
type Cond struct {
	ID     int
	Expr   lang.Expr
	Text   string   // the condition as written (normalised spacing)
	Pos    lang.Pos // where it starts
	Type   *ProcType
	Stmt   lang.Stmt // the condition statement or assertion
	Assert bool      // part of an assertion
}

// Branch is an if or do statement of a proctype, for branch coverage:
// an option is taken when a transition that starts it executes.
type Branch struct {
	Pos     lang.Pos
	Do      bool
	Options []BranchOption
}

// BranchOption is one option (:: ...) of a Branch.
type BranchOption struct {
	Pos  lang.Pos // the option's first element
	Text string   // the text of its first transition, as SPIN shows it
	// Trans are the IDs of the transitions that start the option (the
	// originals of escape copies); empty when it starts with a jump that
	// has no transition of its own.
	Trans []int
}

// cond emits condition e of statement st: with Options.Conditions, each
// atomic condition is followed by OpCond, which reports its value.
func (g *gen) cond(e lang.Expr, st lang.Stmt) {
	if !g.c.opts.Conditions {
		g.expr(e)
		return
	}
	switch x := e.(type) {
	case *lang.Binary:
		if x.Op == "&&" || x.Op == "||" {
			g.shortCircuit(x, func(y lang.Expr) { g.cond(y, st) })
			return
		}
	case *lang.Unary:
		if x.Op == "!" {
			g.cond(x.X, st)
			g.op(OpNot)
			return
		}
	}
	g.expr(e)
	c := g.c.conds[e]
	if c == nil {
		_, assert := st.(*lang.Assert)
		c = &Cond{ID: len(g.c.m.Conds), Expr: e, Text: lang.FormatExpr(e), Pos: e.Pos(), Type: g.pt, Stmt: st, Assert: assert}
		g.c.m.Conds = append(g.c.m.Conds, c)
		g.c.conds[e] = c
	}
	g.emit(OpCond, int32(c.ID), 0, 0)
}

// branches records the if and do statements of the proctype with the
// transitions that start each option (after the transition lists are
// final).
func (b *builder) branches() {
	for _, n := range b.nodes {
		if n.kind != nIf && n.kind != nDo {
			continue
		}
		br := Branch{Pos: n.pos, Do: n.kind == nDo}
		for _, o := range n.subs {
			opt := BranchOption{Pos: o.first.pos}
			for _, t := range b.finalOf(o.first) {
				if t.Escape {
					continue
				}
				if t.Orig != nil {
					t = t.Orig
				}
				if len(opt.Trans) == 0 {
					opt.Text = t.Text
				}
				opt.Trans = append(opt.Trans, t.ID)
			}
			br.Options = append(br.Options, opt)
		}
		b.pt.Branches = append(b.pt.Branches, br)
	}
}
