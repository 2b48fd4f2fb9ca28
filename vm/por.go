package vm

import (
	"fmt"
	"slices"

	"gmc/lang"
)

// Partial-order reduction: the static part (docs/references.md#spin-por).
// SPIN marks each transition safe (L) or not (G) when it generates pan,
// and gives it up to two "types" (pan's tpe): the channel condition under
// which it is safe. At start-up pan decides per pc: a pc is safe only if
// all its transitions are, and its first transition collects the
// conditions of all (pan's retrans, mark_safety). The search then
// preselects a process at a safe pc whose conditions hold.

// Channel condition codes of a transition (SPIN's valTpe, DELTA = 500):
// 2 unconditional; 2+nid send or nfull; 502+nid receive or nempty;
// 1002+nid empty; 1502+nid full; 2500 non-mixing; 3000 timeout; 3500
// process removal.
const (
	tpeDelta   = 500
	tpeLocal   = 2
	tpeNonMix  = 5 * tpeDelta
	tpeTimeout = 6 * tpeDelta
	tpeEnd     = 7 * tpeDelta
)

// Condition kinds of a safe pc (pan's ty codes).
const (
	condNotFull  = 2 // send, nfull: safe while the channel is not full
	condNotEmpty = 3 // receive, nempty: safe while it is not empty
	condEmpty    = 4 // empty: safe while empty
	condFull     = 5 // full: safe while full
	condTimeout  = 6
	condLast     = 9 // -end-: safe for the youngest process only
)

// PORCond is a condition under which a safe pc may be preselected.
type PORCond struct {
	Kind uint8
	nid  int  // the channel's declaration number (SPIN's Nid)
	Chan *Var // the channel variable (nil for timeout, -end-, or a channel pan finds in a structure)
}

// srinc is pan's srinc_set: the class of a tpe code.
func srinc(n int) int {
	switch {
	case n <= 2:
		return 1
	case n <= 2+tpeDelta:
		return 2
	case n <= 2+2*tpeDelta:
		return 3
	case n <= 2+3*tpeDelta:
		return 4
	case n <= 2+4*tpeDelta:
		return 5
	case n == tpeNonMix:
		return 7
	case n == tpeTimeout:
		return 6
	case n == tpeEnd:
		return 9
	}
	return 8
}

// srunc is pan's srunc: the channel number of a tpe code of class m.
func srunc(n, m int) int {
	switch m {
	case 2:
		return n - 2
	case 3:
		return n - 2 - tpeDelta
	case 4:
		return n - 2 - 2*tpeDelta
	case 5:
		return n - 2 - 3*tpeDelta
	}
	return 257
}

// chanNids numbers the channel variables of the model as SPIN does (its
// Nid, in the order of their declarations): tpe codes name channels by
// these numbers.
func (c *compiler) chanNids() map[*lang.Var]int {
	var vars []*lang.Var
	add := func(v *lang.Var) {
		if v.Type != nil && v.Type.Kind == lang.TChan {
			vars = append(vars, v)
		}
	}
	for _, v := range c.m.Spec.Globals {
		add(v)
	}
	for _, p := range c.m.Spec.Procs {
		for _, v := range p.Locals {
			add(v)
		}
	}
	slices.SortStableFunc(vars, func(a, b *lang.Var) int {
		if a.P.Line != b.P.Line {
			return a.P.Line - b.P.Line
		}
		return a.P.Col - b.P.Col
	})
	nids := map[*lang.Var]int{}
	for i, v := range vars {
		nids[v] = i + 1
	}
	return nids
}

// chanOf returns the channel variable a channel expression names (SPIN
// looks at the symbol only, not at an index), with its nid.
func (c *compiler) chanOf(e lang.Expr) (*lang.Var, int) {
	r, ok := e.(*lang.VarRef)
	if !ok || r.Kind != lang.RefVar {
		return nil, 0
	}
	for r.Field != nil {
		r = r.Field
	}
	return r.Var, c.nids[r.Var]
}

// tpeOf is SPIN's Tpe of a statement: its channel condition codes.
func (c *compiler) tpeOf(n *node) (t [2]int) {
	t = [2]int{tpeLocal, 0}
	if n.kind == nEnd {
		t[0] = tpeEnd
		return t
	}
	if n.kind != nStmt {
		return t
	}
	val := func(e any) int {
		switch e := e.(type) {
		case *lang.Send:
			_, nid := c.chanOf(e.Chan)
			return 2 + nid
		case *lang.Recv:
			_, nid := c.chanOf(e.Chan)
			return 2 + tpeDelta + nid
		case *lang.ChanOp:
			_, nid := c.chanOf(e.Chan)
			switch e.Op {
			case "nfull":
				return 2 + nid
			case "nempty":
				return 2 + tpeDelta + nid
			case "empty":
				return 2 + 2*tpeDelta + nid
			case "full":
				return 2 + 3*tpeDelta + nid
			}
		case *lang.Timeout:
			return tpeTimeout
		}
		return tpeLocal
	}
	switch s := n.stmt.(type) {
	case *lang.ExprStmt:
		// SPIN's hidden(): the channel tests and timeouts under the
		// operators of the condition, at most two kept.
		var found []lang.Expr
		var walk func(e lang.Expr)
		walk = func(e lang.Expr) {
			switch e := e.(type) {
			case *lang.ChanOp:
				if e.Op != "len" {
					found = append(found, e)
				}
			case *lang.Timeout:
				found = append(found, e)
			case *lang.Unary:
				walk(e.X)
			case *lang.Binary:
				walk(e.X)
				walk(e.Y)
			case *lang.Cond:
				walk(e.C)
			}
		}
		walk(s.X)
		if len(found) > 2 {
			return [2]int{tpeNonMix, 0}
		}
		for i, e := range found {
			t[i] = val(e)
		}
	case *lang.Send, *lang.Recv:
		t[0] = val(s)
	}
	return t
}

// porTypes gives each element of b its tpe codes as put_seq does: an
// element inside an atomic or d_step that uses channel conditions takes
// the sequence's (typ_seq), the others their own; escapes their own.
func (b *builder) porTypes() map[*node][2]int {
	tpe := map[*node][2]int{}
	var put func(s *seq, tt [2]int)
	put = func(s *seq, tt [2]int) {
		if s == nil {
			return
		}
		for f := s.first; f != nil; f = f.next {
			if _, done := tpe[f]; done {
				if f == s.last {
					break
				}
				continue
			}
			switch f.kind {
			case nUnless:
				tpe[f] = tt
				if len(f.subs) > 0 {
					put(f.subs[0], tt)
				}
				for _, e := range f.subs[1:] {
					put(e, [2]int{tpeLocal, 0})
				}
			case nIf, nDo:
				tpe[f] = tt
				for _, o := range f.subs {
					put(o, tt)
				}
			case nAtomic, nDStep:
				ts := b.typSeq(f.body)
				tpe[f] = ts
				put(f.body, ts)
			case nNonAtomic:
				tpe[f] = tt
				put(f.body, tt)
			default:
				if tt[0] != tpeLocal {
					tpe[f] = tt
				} else {
					tpe[f] = b.c.tpeOf(f)
				}
			}
			if f == s.last {
				break
			}
		}
	}
	put(b.body, [2]int{tpeLocal, 0})
	return tpe
}

// typSeq is SPIN's typ_seq: the types of an atomic or d_step body (its
// elements and their options, not nested sequences), non-mixing when
// more than two.
func (b *builder) typSeq(s *seq) [2]int {
	var types []int
	add := func(x int) {
		if x <= 2 || slices.Contains(types, x) {
			return
		}
		types = append(types, x)
	}
	var cnt func(s *seq)
	cnt = func(s *seq) {
		if s == nil {
			return
		}
		for f := s.first; f != nil; f = f.next {
			t := b.c.tpeOf(f)
			add(t[0])
			add(t[1])
			if f.kind == nIf || f.kind == nDo || f.kind == nUnless {
				for _, o := range f.subs {
					cnt(o)
				}
			}
			if f == s.last {
				break
			}
		}
	}
	cnt(s)
	switch len(types) {
	case 0:
		return [2]int{tpeLocal, 0}
	case 1:
		return [2]int{types[0], 0}
	case 2:
		return [2]int{types[0], types[1]}
	}
	return [2]int{tpeNonMix, 0}
}

// porTables computes, for every unit, the tpe codes of its transitions
// and, per pc, whether pan's start-up makes it safe and under which
// conditions (for searches without cycles, and for -a / -l).
func (c *compiler) porTables() {
	for _, pt := range c.m.Units {
		b := c.builders[pt]
		if b == nil {
			continue
		}
		tpe := b.porTypes()
		for _, t := range pt.Trans {
			e := t.Elem
			if e < 1 || e > len(b.nodes) {
				continue
			}
			n := b.nodes[e-1]
			t.Tpe = tpe[n]
			t.Local = !pt.Elements[e-1].Global
		}
		for _, pc := range pt.PCs {
			if n := b.pcNodes[pc.N]; n != nil && n.check2 {
				pc.Visible = true
			}
		}
		for _, pc := range pt.PCs {
			pc.Safe, pc.Conds, pc.PORWarning = c.markSafety(pt, pc, false)
			pc.SafeCycles, _, _ = c.markSafety(pt, pc, true)
		}
	}
}

// markSafety is pan's start-up decision for one pc (retrans): whether
// it is safe, the conditions its first transition collects, and the
// warning pan prints when a choice defeats the reduction. cycles: the
// search looks for cycles (-a, -l), which degrades accepting and visible
// pcs and those that lead to accepting ones.
func (c *compiler) markSafety(pt *ProcType, pc *PC, cycles bool) (safe bool, conds []PORCond, warning string) {
	list := pc.Trans
	if len(list) == 0 {
		return false, nil, ""
	}
	var qu, ty [6]int
	g := 0
	safe = true
	func() {
		if cycles {
			if pc.Accept || pc.Visible || c.opts.NonProgress && pc.Progress {
				safe = false
				return
			}
			for _, t := range list {
				if t.Dst >= 0 {
					d := pt.PCs[t.Dst]
					if d.Accept || c.opts.NonProgress && d.Progress {
						safe = false
						return
					}
				}
			}
		}
		t1 := list[0]
		for i := 0; i < 2; i++ { // mark_safety
			j := srinc(t1.Tpe[i])
			if j >= 7 && j != 9 {
				safe = false
				return
			}
			if j != 1 {
				k := srunc(t1.Tpe[i], j)
				if g == 0 || qu[0] != k || ty[0] != j {
					qu[g], ty[g] = k, j
					g++
				}
			}
		}
		if len(list) > 1 {
			mixed := false
			for _, t := range list {
				if !t.Local {
					safe = false
					return
				}
				for _, x := range t.Tpe {
					if j := srinc(x); j >= 7 && j != 9 {
						safe = false
						return
					}
					if x != 0 && x != t1.Tpe[0] {
						mixed = true
					}
				}
			}
			if mixed {
				for _, t := range list {
					for _, x := range t.Tpe {
						j := srinc(x)
						if j == 1 {
							continue
						}
						k := srunc(x, j)
						h := 0
						for h < 6 && !(qu[h] == k && ty[h] == j) {
							h++
						}
						if h >= 6 {
							qu[g%6], ty[g%6] = k, j
							g++
						}
					}
				}
			}
			if g > 6 {
				qu[0] = 0
				warning = fmt.Sprintf("pan: warning, line %d, too many stmnt types (%d) in selection", pc.Pos.Line, g)
				safe = false
				return
			}
		}
		for _, t := range list {
			if !t.Local {
				safe = false
				return
			}
		}
	}()
	t1 := list[0]
	if qu[0] == 0 && safe && len(list) > 1 {
		j := t1.Tpe[0]
		if j == tpeNonMix {
			warning = fmt.Sprintf("warning: line %d mixed condition (defeats reduction)", pc.Pos.Line)
			safe = false
		} else {
		mix:
			for _, t := range list {
				for _, x := range t.Tpe {
					if x != 0 && x != j {
						warning = fmt.Sprintf("warning: line %d [%d-%d] mixed selection (defeats reduction)", pc.Pos.Line, x, j)
						safe = false
						break mix
					}
				}
			}
		}
	}
	if qu[0] == 0 {
		return safe, nil, warning
	}
	for i := range 6 {
		if ty[i] == condTimeout || ty[i] == condLast {
			conds = append(conds, PORCond{Kind: uint8(ty[i])})
			continue
		}
		if qu[i] == 0 {
			continue
		}
		conds = append(conds, PORCond{Kind: uint8(ty[i]), nid: qu[i], Chan: c.nidVar(qu[i])})
	}
	return safe, conds, warning
}

// nidVar is the channel variable numbered nid.
func (c *compiler) nidVar(nid int) *Var {
	for v, n := range c.nids {
		if n == nid {
			return c.vars[v]
		}
	}
	return nil
}

// noReduce says why SPIN generates pan without partial-order reduction
// (it writes NOREDUCE into pan.h), "" when it does not: enabled(),
// pc_value(), _last, priorities, or an else among channel operations.
func (c *compiler) noReduce() string {
	reason := ""
	note := func(r string) {
		if reason == "" {
			reason = r
		}
	}
	if c.m.HasPriority {
		note("the model uses priorities")
	}
	if c.m.HasLast {
		note("the model uses _last")
	}
	for _, p := range c.m.Spec.Procs {
		if p.Kind == lang.KindNever {
			continue
		}
		walkStmts(p.Body, func(s lang.Stmt) {
			lang.WalkStmtExprs(s, func(e lang.Expr) {
				switch e := e.(type) {
				case *lang.Builtin:
					switch e.Op {
					case "enabled":
						note("the model uses enabled()")
					case "pc_value":
						note("the model uses pc_value()")
					}
				case *lang.VarRef:
					if e.Kind == lang.RefLast {
						note("the model uses _last")
					}
				}
			})
		})
	}
	for _, pt := range c.m.Types {
		if b := c.builders[pt]; b != nil {
			for _, n := range b.nodes {
				if n.badElse {
					note("the model combines else with channel operations")
				}
			}
		}
	}
	return reason
}

// Preselectable reports whether a search with partial-order reduction
// may explore process pid of s alone (pan's preselection): its pc is safe
// (SafeCycles in a search for cycles) and the pc's channel conditions
// hold now (pan's q_cond). timeoutPass: the search is in its timeout
// pass.
func (m *Model) Preselectable(s *State, pid int, cycles, timeoutPass bool) bool {
	_, pc := m.at(s, pid)
	if cycles && !pc.SafeCycles || !cycles && !pc.Safe {
		return false
	}
	for _, c := range pc.Conds {
		switch c.Kind {
		case condTimeout:
			return !m.HasTimeout || !timeoutPass
		case condLast:
			return pid+1 == s.NrProcs() && pid+1 < MaxProcs
		}
		if c.Chan == nil {
			return false // a channel in a structure: not followed
		}
		base := c.Chan.Off
		if !c.Chan.Global {
			base += int(s.Procs[pid]) + m.SlotHeader()
		}
		for i := range max(c.Chan.Len, 1) {
			id := int(s.Buf[base+i*c.Chan.Type.Size])
			if id == 0 || id > len(s.Chans) {
				return false
			}
			off := s.Chans[id-1]
			ct := m.Chans[s.Buf[off]]
			n := chanLen(s.Buf, off, ct)
			full := ct.full(n, false)
			switch c.Kind {
			case condNotFull:
				if full || m.hasUnless && n == 0 {
					return false
				}
			case condNotEmpty:
				if n == 0 || m.hasUnless && full {
					return false
				}
			case condEmpty:
				if n != 0 {
					return false
				}
			case condFull:
				if !full {
					return false
				}
			}
		}
	}
	return true
}
