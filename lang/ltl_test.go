package lang

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gmc/ltl"
)

// claimFile is what gmc would write to NvrFile: the claims of the ltl
// blocks, in order.
func claimFile(t *testing.T, spec *Spec) string {
	t.Helper()
	var b strings.Builder
	for _, l := range spec.LTLs {
		src, err := ltl.Claim(l.Name, "!("+l.Text+")")
		if err != nil {
			t.Fatalf("ltl %s: %v", l.Name, err)
		}
		b.WriteString(src)
	}
	return b.String()
}

// ltlLines is what spin -a prints of the ltl blocks: "ltl NAME: TEXT".
func ltlLines(spec *Spec) string {
	var b strings.Builder
	for _, l := range spec.LTLs {
		b.WriteString("ltl " + l.Name + ": " + l.Text + "\n")
	}
	return b.String()
}

// spinLTL runs spin -a on a model and returns its "ltl NAME: TEXT" lines
// and the file of claims it wrote.
func spinLTL(t *testing.T, model string) (lines, nvr string, ok bool) {
	t.Helper()
	abs, err := filepath.Abs(model)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cmd := exec.Command("spin", "-a", abs)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", "", false
	}
	for _, line := range strings.SplitAfter(string(out), "\n") {
		if strings.HasPrefix(line, "ltl ") {
			lines += line
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, NvrFile))
	if err != nil {
		return "", "", false
	}
	return lines, string(data), true
}

// TestLTLGolden: for the models of testdata/ltl, the formula text and the
// claims are SPIN's, byte for byte (golden files made by spin -a; -update
// remakes them, with spin installed).
func TestLTLGolden(t *testing.T) {
	models, _ := filepath.Glob("testdata/ltl/*.pml")
	if len(models) == 0 {
		t.Fatal("no models in testdata/ltl")
	}
	for _, m := range models {
		golden := strings.TrimSuffix(m, ".pml") + ".nvr"
		if *update {
			lines, nvr, ok := spinLTL(t, m)
			if !ok {
				t.Fatalf("%s: spin -a fails", m)
			}
			if err := os.WriteFile(golden, []byte(lines+"----\n"+nvr), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (run with -update and spin installed to create it)", m, err)
		}
		spec, diags := Load(m, nil)
		if diags.ErrorCount() > 0 {
			t.Errorf("%s:\n%v", m, diags)
			continue
		}
		got := ltlLines(spec) + "----\n" + claimFile(t, spec)
		if got != string(want) {
			t.Errorf("%s: differs from SPIN's (%s)\n got:\n%s\nwant:\n%s", m, golden, got, want)
		}
	}
}

// TestLTLSpinExamples compares the formula texts and the claims with
// spin's for every model of SPIN's examples with ltl blocks.
func TestLTLSpinExamples(t *testing.T) {
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin is not installed")
	}
	models := spinTextCorpus()
	if len(models) == 0 {
		t.Skip("SPIN's examples are not installed")
	}
	compared := 0
	for _, m := range models {
		src, err := os.ReadFile(m)
		if err != nil || !bytes.Contains(src, []byte("ltl")) {
			continue
		}
		spec, diags := Load(m, nil)
		if diags.ErrorCount() > 0 || len(spec.LTLs) == 0 {
			continue
		}
		if testing.Short() && compared >= 3 {
			break
		}
		lines, nvr, ok := spinLTL(t, m)
		if !ok {
			t.Errorf("%s: gmc accepts it, spin -a fails", m)
			continue
		}
		compared++
		if got := ltlLines(spec); got != lines {
			t.Errorf("%s: ltl texts\n got:\n%s\nwant:\n%s", m, got, lines)
		}
		if got := claimFile(t, spec); got != nvr {
			t.Errorf("%s: claims\n got:\n%s\nwant:\n%s", m, got, nvr)
		}
	}
	if compared == 0 {
		t.Fatal("no model with ltl blocks compared")
	}
	t.Logf("%d models compared", compared)
}

// TestLTLClaimPlacement: the claims of ltl blocks come after every unit of
// the model, in the order of the blocks, marked with their block, their
// statements on the lines of NvrFile, their names resolved by Check.
func TestLTLClaimPlacement(t *testing.T) {
	src := `byte x;
ltl p1 { [] (x < 4) }
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
never n1 { do :: x < 9 od }
ltl { <> (x < 5) }
active proctype Q() { skip }
`
	path := filepath.Join(t.TempDir(), "order.pml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	spec, diags := Load(path, nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	var order []string
	for _, p := range spec.Procs {
		order = append(order, p.Name)
	}
	if got := strings.Join(order, " "); got != "P n1 Q p1 ltl_0" {
		t.Fatalf("Procs in the order %s, want P n1 Q p1 ltl_0 (SPIN reads the ltl claims after the model)", got)
	}
	for i, name := range []string{"p1", "ltl_0"} {
		p := spec.Procs[3+i]
		if p.Kind != KindNever || p.LTL != spec.LTLs[i] || p.LTL.Name != name {
			t.Errorf("claim %s: kind %v, LTL %v", name, p.Kind, p.LTL)
		}
	}
	if spec.Procs[1].LTL != nil {
		t.Errorf("the never claim n1 is marked as made from an ltl block")
	}
	// p1's claim takes lines 0-8 of NvrFile as SPIN counts them (it
	// reads the file from line 0), ltl_0's starts on line 9.
	if pos := spec.Procs[4].P; pos.File != NvrFile || pos.Line != 9 {
		t.Errorf("claim ltl_0 at %v, want %s:9", pos, NvrFile)
	}
	resolved := 0
	walkStmts(spec.Procs[3].Body, func(s Stmt) {
		WalkStmtExprs(s, func(e Expr) {
			if r, ok := e.(*VarRef); ok && r.Name == "x" {
				if r.Var == nil {
					t.Errorf("x in claim p1 is not resolved")
				}
				resolved++
			}
		})
	})
	if resolved == 0 {
		t.Errorf("claim p1 reads no x")
	}
}

// TestRelocateClaimDiags: a problem Check finds in a claim is reported at
// the ltl block, and left out when the model has other errors.
func TestRelocateClaimDiags(t *testing.T) {
	l := &LTL{P: Pos{File: "m.pml", Line: 7, Col: 1}, Name: "p1"}
	spec := &Spec{Procs: []*Proctype{{Kind: KindNever, Name: "p1", LTL: l, nvrLines: [2]int{1, 9}}}}
	inClaim := &Diagnostic{Pos: Pos{File: NvrFile, Line: 4, Col: 3}, Msg: "bad"}
	diags := Diagnostics{inClaim}
	relocateClaimDiags(spec, &diags)
	if len(diags) != 1 || diags[0].Pos != l.P || diags[0].Msg != "in the never claim of ltl p1: bad" {
		t.Errorf("relocated: %v", diags)
	}
	other := &Diagnostic{Pos: Pos{File: "m.pml", Line: 7, Col: 14}, Msg: "undeclared"}
	diags = Diagnostics{other, &Diagnostic{Pos: Pos{File: NvrFile, Line: 4, Col: 3}, Msg: "bad"}}
	relocateClaimDiags(spec, &diags)
	if len(diags) != 1 || diags[0] != other {
		t.Errorf("with another error: %v", diags)
	}
}

// TestLTLOption: a formula given outside the model (gmc run --ltl) is one
// more ltl block after the model's, read with the model's macros, and what
// is wrong with it is said at its own columns.
func TestLTLOption(t *testing.T) {
	src := `#define small (x < 4)
byte x;
ltl p1 { [] small }
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
`
	path := filepath.Join(t.TempDir(), "m.pml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	spec, diags := Load(path, &Options{LTL: "<> !small"})
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	if n := len(spec.LTLs); n != 2 || spec.LTLs[1].Name != LTLArgName {
		t.Fatalf("ltl blocks %v, want p1 and %s", spec.LTLs, LTLArgName)
	}
	if got, want := spec.LTLs[1].Text, "<> (! ((x<4)))"; got != want { // as spin -a prints it
		t.Errorf("the formula reads %q, want %q (the macro expanded as in the model)", got, want)
	}
	if last := spec.Procs[len(spec.Procs)-1]; last.LTL != spec.LTLs[1] {
		t.Errorf("the formula's claim is not the last process")
	}

	_, diags = Load(path, &Options{LTL: "[] (x < ) "})
	if diags.ErrorCount() == 0 {
		t.Fatal("a bad formula loads")
	}
	if d := diags[0]; d.Pos.File != LTLArgFile || d.Pos.Line != 1 || d.Pos.Col != 9 {
		t.Errorf("the error %v is not at %s:1:9, the ')' after '<'", d, LTLArgFile)
	}
}
