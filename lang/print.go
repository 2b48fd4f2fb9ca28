package lang

import (
	"fmt"
	"strings"
)

// FormatExpr prints an expression in Promela syntax. Binary operands that
// are themselves binary expressions are parenthesised, so the tree's shape
// is visible: a + b * c prints as a + (b * c).
func FormatExpr(e Expr) string {
	var b strings.Builder
	writeExpr(&b, e, true)
	return b.String()
}

func writeExpr(b *strings.Builder, e Expr, top bool) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *Const:
		b.WriteString(e.Text)
	case *VarRef:
		writeRef(b, e)
	case *Unary:
		b.WriteString(e.Op)
		if len(e.Op) > 1 || e.Op == "X" {
			b.WriteByte(' ')
		}
		writeExpr(b, e.X, false)
	case *Binary:
		if !top {
			b.WriteByte('(')
		}
		writeExpr(b, e.X, false)
		fmt.Fprintf(b, " %s ", e.Op)
		writeExpr(b, e.Y, false)
		if !top {
			b.WriteByte(')')
		}
	case *Cond:
		b.WriteByte('(')
		writeExpr(b, e.C, true)
		b.WriteString(" -> ")
		writeExpr(b, e.Then, true)
		b.WriteString(" : ")
		writeExpr(b, e.Else, true)
		b.WriteByte(')')
	case *Run:
		fmt.Fprintf(b, "run %s(", e.Name)
		writeList(b, e.Args)
		b.WriteByte(')')
		if e.Priority != 0 {
			fmt.Fprintf(b, " priority %d", e.Priority)
		}
	case *ChanOp:
		fmt.Fprintf(b, "%s(", e.Op)
		writeExpr(b, e.Chan, true)
		b.WriteByte(')')
	case *Poll:
		writeExpr(b, e.Chan, false)
		if e.Random {
			b.WriteString("??[")
		} else {
			b.WriteString("?[")
		}
		writeList(b, e.Args)
		b.WriteByte(']')
	case *Builtin:
		fmt.Fprintf(b, "%s(", e.Op)
		writeExpr(b, e.X, true)
		b.WriteByte(')')
	case *Timeout:
		b.WriteString("timeout")
	case *Np:
		b.WriteString("np_")
	case *RemoteRef:
		b.WriteString(e.Proc)
		if e.Index != nil {
			b.WriteByte('[')
			writeExpr(b, e.Index, true)
			b.WriteByte(']')
		}
		if e.Var != nil {
			b.WriteByte(':')
			writeRef(b, e.Var)
		} else {
			b.WriteByte('@')
			b.WriteString(e.Label)
		}
	case *Eval:
		b.WriteString("eval(")
		writeExpr(b, e.X, true)
		b.WriteByte(')')
	default:
		fmt.Fprintf(b, "<%T>", e)
	}
}

func writeRef(b *strings.Builder, r *VarRef) {
	for ; r != nil; r = r.Field {
		b.WriteString(r.Name)
		if r.Index != nil {
			b.WriteByte('[')
			writeExpr(b, r.Index, true)
			b.WriteByte(']')
		}
		if r.Field != nil {
			b.WriteByte('.')
		}
	}
}

func writeList(b *strings.Builder, es []Expr) {
	for i, e := range es {
		if i > 0 {
			b.WriteByte(',')
		}
		writeExpr(b, e, true)
	}
}

// FormatStmt prints a statement on one line. Compound statements print as
// their keyword (if, do, atomic, ...), as SPIN's listings show them.
func FormatStmt(s Stmt) string {
	var b strings.Builder
	switch s := s.(type) {
	case *Block:
		switch s.Kind {
		case BlockAtomic:
			return "atomic"
		case BlockDStep:
			return "d_step"
		case BlockInline:
			return s.Inline + "(...)"
		}
		return "{"
	case *DeclStmt:
		names := make([]string, len(s.Vars))
		for i, v := range s.Vars {
			names[i] = v.Name
		}
		return "declaration of " + strings.Join(names, ", ")
	case *XUStmt:
		return s.Kind
	case *Labeled:
		if s.Stmt == nil {
			return s.Label + ":"
		}
		return s.Label + ": " + FormatStmt(s.Stmt)
	case *Unless:
		return FormatStmt(s.Main) + " unless"
	case *If:
		return "if"
	case *Do:
		return "do"
	case *For:
		return "for"
	case *Select:
		return fmt.Sprintf("select (%s : %s .. %s)", FormatExpr(s.Var), FormatExpr(s.From), FormatExpr(s.To))
	case *Break:
		return "break"
	case *Goto:
		return "goto " + s.Label
	case *Else:
		return "else"
	case *Printf:
		b.WriteString("printf(" + s.Format)
		for _, a := range s.Args {
			b.WriteByte(',')
			writeExpr(&b, a, true)
		}
		b.WriteByte(')')
	case *Printm:
		return "printm(" + FormatExpr(s.X) + ")"
	case *Assert:
		return "assert(" + FormatExpr(s.X) + ")"
	case *SetPriority:
		return fmt.Sprintf("set_priority(%s,%s)", FormatExpr(s.Pid), FormatExpr(s.Prio))
	case *ExprStmt:
		return FormatExpr(s.X)
	case *Assign:
		if s.RHS == nil {
			return FormatExpr(s.LHS) + s.Op
		}
		return FormatExpr(s.LHS) + " = " + FormatExpr(s.RHS)
	case *Send:
		writeExpr(&b, s.Chan, false)
		if s.Sorted {
			b.WriteString("!!")
		} else {
			b.WriteByte('!')
		}
		writeList(&b, s.Args)
	case *Recv:
		writeExpr(&b, s.Chan, false)
		if s.Random {
			b.WriteString("??")
		} else {
			b.WriteByte('?')
		}
		if s.Copy {
			b.WriteByte('<')
		}
		writeList(&b, s.Args)
		if s.Copy {
			b.WriteByte('>')
		}
	case *Call:
		b.WriteString(s.Name + "(")
		writeList(&b, s.Args)
		b.WriteByte(')')
	default:
		return fmt.Sprintf("<%T>", s)
	}
	return b.String()
}
