package lang

import (
	"errors"
	"fmt"
	"strings"

	"gmc/ltl"
)

// ltl blocks become never claims as in SPIN (docs/references.md#spin-ltl):
// the formula is printed back as text, the claim of !(text) is made as
// `spin -f` makes it, and the claim is parsed like any never claim. SPIN
// writes the claims to a file (NvrFile) and reads that file after the
// model, so the claims come after every unit of the model, in the order
// of the ltl blocks, and their statements are on that file's lines: pan's
// reports (the unreached listing, the default claim) show it.

// NvrFile is the file SPIN writes the never claims of ltl blocks to and
// reads back after the model. The statements of those claims are
// positioned in it, as pan reports them.
const NvrFile = "_spin_nvr.tmp"

// ltlClaims appends the never claim of each ltl block to spec.Procs.
func ltlClaims(spec *Spec, diags *Diagnostics) {
	// The line of NvrFile the next claim starts on, as SPIN counts them:
	// it reads the file back starting from line 0 (main.c), so every line
	// is one less than the line of the text.
	line := 0
	for _, l := range spec.LTLs {
		if x := nextOperator(l.Formula); x != nil {
			diags.Add(x.Pos(), "expected predicate, saw 'X': SPIN 6.5.2 has no next operator")
			continue
		}
		if r := indexedRemote(l.Formula); r != nil {
			diags.Add(r.P, "%s[...]:%s[...] in an ltl formula: SPIN drops the index (its claim reads %s, the address of the array, in C), so gmc cannot follow it; write the property as a never claim", r.Proc, r.Var.Name, r.Var.Name)
			continue
		}
		l.Text = spinLTLText(spec, l.Formula)
		text := "!(" + l.Text + ")"
		src, err := ltl.Claim(l.Name, text)
		if err != nil {
			var e *ltl.Error
			if errors.As(err, &e) {
				diags.Add(l.P, "ltl %s: SPIN's translator rejects the formula as SPIN prints it, %s, at column %d: %s", l.Name, text, e.Col, e.Msg)
			} else {
				diags.Add(l.P, "ltl %s: %v", l.Name, err)
			}
			continue
		}
		if p := parseClaim(spec, src, line, l, diags); p != nil {
			spec.Procs = append(spec.Procs, p)
		}
		line += strings.Count(src, "\n")
	}
}

// nextOperator returns the first X (next) in the formula, or nil.
func nextOperator(e Expr) Expr {
	var found Expr
	WalkExpr(e, func(x Expr) {
		if u, ok := x.(*Unary); ok && u.Op == "X" && found == nil {
			found = u
		}
	})
	return found
}

// indexedRemote returns the first remote reference to an array element in
// the formula, or nil.
func indexedRemote(e Expr) *RemoteRef {
	var found *RemoteRef
	WalkExpr(e, func(x Expr) {
		if r, ok := x.(*RemoteRef); ok && r.Var != nil && (r.Var.Index != nil || r.Var.Field != nil) && found == nil {
			found = r
		}
	})
	return found
}

// spinLTLText prints an ltl formula as SPIN's ltl_to_string does: the
// temporal and boolean operators (at the top, down to the first other
// operator) fully parenthesised, implication as (! (a)) || (b), weak until
// as ([] (a)) || ((a) U (b)) (SPIN's parser rewrites both), everything else
// as SPIN prints an expression.
func spinLTLText(spec *Spec, e Expr) string {
	var b strings.Builder
	var rec func(Expr)
	unop := func(op string, x Expr) {
		b.WriteString(op + " (")
		rec(x)
		b.WriteString(")")
	}
	binop := func(x Expr, op string, y Expr) {
		b.WriteString("(")
		rec(x)
		b.WriteString(") " + op + " (")
		rec(y)
		b.WriteString(")")
	}
	rec = func(e Expr) {
		switch e := e.(type) {
		case *Unary:
			switch e.Op {
			case "[]", "<>", "!", "X":
				unop(e.Op, e.X)
				return
			}
		case *Binary:
			switch e.Op {
			case "U", "V", "||", "&&", "<->":
				binop(e.X, e.Op, e.Y)
				return
			case "->":
				b.WriteString("(")
				unop("!", e.X)
				b.WriteString(") || (")
				rec(e.Y)
				b.WriteString(")")
				return
			case "W":
				b.WriteString("(")
				unop("[]", e.X)
				b.WriteString(") || (")
				binop(e.X, "U", e.Y)
				b.WriteString(")")
				return
			}
		}
		p := spinPrinter{spec: spec, ltl: true}
		p.expr(e)
		b.WriteString(p.b.String())
	}
	rec(e)
	return b.String()
}

// parseClaim parses the text of an ltl block's claim, which starts on line
// first of NvrFile (0 for the first claim, as SPIN counts). A problem is
// reported at the ltl block.
func parseClaim(spec *Spec, src string, first int, l *LTL, diags *Diagnostics) *Proctype {
	var d Diagnostics
	toks := preprocess(NvrFile, []byte(src), nil, nil, "", &d)
	names := map[string]tokKind{}
	for _, p := range spec.Procs {
		if p.Kind == KindProctype {
			names[p.Name] = tokPName
		}
	}
	for _, td := range spec.Typedefs {
		names[td.Name] = tokTypeName
	}
	for i := range toks {
		toks[i].pos.Line += first - 1
		if k, ok := names[toks[i].text]; ok && toks[i].kind == tokIdent {
			toks[i].kind = k
		}
	}
	toks = insertSemicolons(toks)
	units := parseTokens(toks, &d, nil)
	sp := build(NvrFile, units, &d, nil) // (a never claim has no for)
	if d.ErrorCount() == 0 && (sp == nil || len(sp.Procs) != 1 || sp.Procs[0].Kind != KindNever) {
		d.Add(Pos{File: NvrFile, Line: first}, "not one never claim")
	}
	if d.ErrorCount() > 0 {
		d.Sort()
		diags.Add(l.P, "ltl %s: its never claim does not parse (please report this model): %s", l.Name, d[0].Msg)
		return nil
	}
	p := sp.Procs[0]
	p.LTL = l
	p.nvrLines = [2]int{first, first + strings.Count(src, "\n") - 1}
	return p
}

// relocateClaimDiags moves what Check found in the claims of ltl blocks to
// the blocks: the user never sees NvrFile. When the model has other
// errors, they are left out: the formula was checked where it was
// written, and the claim's problems are the same ones again.
func relocateClaimDiags(spec *Spec, diags *Diagnostics) {
	inClaim := func(d *Diagnostic) *Proctype {
		if d.Pos.File != NvrFile {
			return nil
		}
		for _, p := range spec.Procs {
			if p.LTL != nil && p.nvrLines[0] <= d.Pos.Line && d.Pos.Line <= p.nvrLines[1] {
				return p
			}
		}
		return nil
	}
	others := false
	for _, d := range *diags {
		if d.Severity == Error && d.Pos.File != NvrFile {
			others = true
		}
	}
	kept := (*diags)[:0]
	for _, d := range *diags {
		if d.Pos.File == NvrFile {
			if others {
				continue
			}
			if p := inClaim(d); p != nil {
				d.Msg = fmt.Sprintf("in the never claim of ltl %s: %s", p.LTL.Name, d.Msg)
				d.Pos = p.LTL.P
			}
		}
		kept = append(kept, d)
	}
	*diags = kept
}
