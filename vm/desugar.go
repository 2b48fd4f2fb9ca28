package vm

import (
	"fmt"

	"gmc/lang"
)

// forStmts is for (v : a .. b) { body } as SPIN rewrites it:
// v = a; do :: v <= b -> body; v = v + 1 :: else -> break od. for (v in arr)
// runs over 0 .. len(arr)-1.
func (c *compiler) forStmts(st *lang.For) []lang.Stmt {
	v, p, end := st.Var, st.P, loopEnd(st)
	from, to := st.From, st.To
	if st.In != nil {
		// SPIN decides by the loop variable: a structure runs over a
		// channel's messages, anything else over an array's indexes.
		if lastVar(st.Var).Type.Kind == lang.TStruct {
			return c.forChan(st)
		}
		arr := lastVar(st.In)
		from = &lang.Const{P: p, Val: 0, Text: "0"}
		to = &lang.Const{P: p, Val: int64(arr.Len - 1), Text: fmt.Sprint(arr.Len - 1)}
	}
	one := &lang.Const{P: p, Val: 1, Text: "1"}
	body := []lang.Stmt{&lang.ExprStmt{P: p, X: &lang.Binary{P: p, Op: "<=", X: v, Y: to}}}
	body = append(body, st.Body.Stmts...)
	body = append(body, &lang.Assign{P: p, LHS: v, Op: "=", RHS: &lang.Binary{P: p, Op: "+", X: v, Y: one}})
	return []lang.Stmt{
		&lang.Assign{P: p, LHS: v, Op: "=", RHS: from},
		&lang.Do{P: p, Options: []*lang.Block{
			{P: p, Stmts: body},
			{P: p, Stmts: []lang.Stmt{&lang.Else{P: end}, &lang.Break{P: end}}},
		}},
	}
}

// forChan is for (x in ch) { body }, which SPIN rewrites as
// tmp = 0; do :: tmp < len(ch) -> ch?x; ch!x; body; tmp = tmp + 1
// :: else -> break od, rotating the channel's messages through x.
func (c *compiler) forChan(st *lang.For) []lang.Stmt {
	p, end := st.P, loopEnd(st)
	tmpVar := c.forTemps[st]
	if tmpVar == nil {
		c.errorf(p, "internal: no loop counter for for (... in channel)")
	}
	tmp := &lang.VarRef{P: p, Name: tmpVar.Name, Kind: lang.RefVar, Var: tmpVar}
	zero := &lang.Const{P: p, Val: 0, Text: "0"}
	one := &lang.Const{P: p, Val: 1, Text: "1"}
	body := []lang.Stmt{
		&lang.ExprStmt{P: p, X: &lang.Binary{P: p, Op: "<", X: tmp, Y: &lang.ChanOp{P: p, Op: "len", Chan: st.In}}},
		&lang.Recv{P: p, Chan: st.In, Args: []lang.Expr{st.Var}},
		&lang.Send{P: p, Chan: st.In, Args: []lang.Expr{st.Var}},
	}
	body = append(body, st.Body.Stmts...)
	body = append(body, &lang.Assign{P: p, LHS: tmp, Op: "=", RHS: &lang.Binary{P: p, Op: "+", X: tmp, Y: one}})
	return []lang.Stmt{
		&lang.Assign{P: p, LHS: tmp, Op: "=", RHS: zero},
		&lang.Do{P: p, Options: []*lang.Block{
			{P: p, Stmts: body},
			{P: p, Stmts: []lang.Stmt{&lang.Else{P: end}, &lang.Break{P: end}}},
		}},
	}
}

// loopEnd is where SPIN puts a for loop's else and break: at the closing
// brace of its body, where its parser adds them.
func loopEnd(st *lang.For) lang.Pos {
	if st.Body.End.Line > 0 {
		return st.Body.End
	}
	return st.P
}

func lastVar(r *lang.VarRef) *lang.Var {
	for r.Field != nil {
		r = r.Field
	}
	return r.Var
}

// selectStmts is select (v : a .. b) as SPIN rewrites it. Its lexer does it
// (outside inlines, for a plain name and number bounds): an if with one
// option per value when there are at most 33 values, or else
// v = a; do :: (v < b) -> v++ :: break od. The parser's general form is
// v = a; do :: break :: (v < b) -> v = v + 1 od.
func selectStmts(st *lang.Select, inInline bool) []lang.Stmt {
	p := st.P
	a, aok := st.From.(*lang.Const)
	b, bok := st.To.(*lang.Const)
	lexer := !inInline && aok && bok && isDigits(a.Text) && isDigits(b.Text) &&
		st.Var.Index == nil && st.Var.Field == nil && isAlnum(st.Var.Name)
	if lexer && b.Val-a.Val <= 32 {
		var opts []*lang.Block
		for v := a.Val; v <= b.Val; v++ {
			opts = append(opts, &lang.Block{P: p, Stmts: []lang.Stmt{
				&lang.Assign{P: p, LHS: st.Var, Op: "=", RHS: &lang.Const{P: p, Val: v, Text: fmt.Sprint(v)}}}})
		}
		return []lang.Stmt{&lang.If{P: p, Options: opts}}
	}
	one := &lang.Const{P: p, Val: 1, Text: "1"}
	incr := &lang.Assign{P: p, LHS: st.Var, Op: "=", RHS: &lang.Binary{P: p, Op: "+", X: st.Var, Y: one}}
	less := &lang.ExprStmt{P: p, X: &lang.Binary{P: p, Op: "<", X: st.Var, Y: st.To}}
	brk := &lang.Block{P: p, Stmts: []lang.Stmt{&lang.Break{P: p}}}
	cond := &lang.Block{P: p, Stmts: []lang.Stmt{less, incr}}
	opts := []*lang.Block{brk, cond}
	if lexer {
		opts = []*lang.Block{cond, brk}
	}
	return []lang.Stmt{
		&lang.Assign{P: p, LHS: st.Var, Op: "=", RHS: st.From},
		&lang.Do{P: p, Options: opts},
	}
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

func isAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return false
		}
	}
	return s != ""
}
