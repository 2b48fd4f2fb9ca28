package lang

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// load runs the front end on src (as file m.pml) with the given extra files
// available to #include.
func load(t *testing.T, src string, files map[string]string) (*Spec, Diagnostics) {
	t.Helper()
	read := func(path string) ([]byte, error) {
		if s, ok := files[filepath.Base(path)]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	spec, diags := Parse("m.pml", []byte(src), &Options{ReadFile: read})
	if spec != nil && diags.ErrorCount() == 0 {
		Check(spec, &diags)
		diags.Sort()
	}
	return spec, diags
}

func mustLoad(t *testing.T, src string) *Spec {
	t.Helper()
	spec, diags := load(t, src, nil)
	if diags.ErrorCount() > 0 {
		t.Fatalf("unexpected diagnostics:\n%v\nfor model:\n%s", diags, src)
	}
	return spec
}

// body returns the statements of the first proctype.
func body(spec *Spec) []Stmt { return spec.Procs[0].Body.Stmts }

func TestExpressionPrecedence(t *testing.T) {
	cases := []struct{ expr, want string }{
		{"a + b * c", "a + (b * c)"},
		{"a * b + c", "(a * b) + c"},
		{"a - b - c", "(a - b) - c"},
		{"a || b && c", "a || (b && c)"},
		{"a && b || c", "(a && b) || c"},
		{"a | b ^ c & d", "a | (b ^ (c & d))"},
		{"a == b < c", "a == (b < c)"},
		{"a < b << c", "a < (b << c)"},
		{"a << b + c", "a << (b + c)"},
		{"-a * b", "-a * b"},
		{"!a && b", "!a && b"},
		{"~a & b", "~a & b"},
		{"(a -> b : c) + 1", "(a -> b : c) + 1"},
		{"(a + b) * c", "(a + b) * c"},
		{"a % b / c", "(a % b) / c"},
		{"a != b == c", "(a != b) == c"},
		{"-(a * b)", "-(a * b)"},
	}
	for _, c := range cases {
		spec := mustLoad(t, "byte a, b, c, d, x; active proctype P() { x = "+c.expr+" }")
		got := FormatExpr(body(spec)[0].(*Assign).RHS)
		if got != c.want {
			t.Errorf("%s: got %s, want %s", c.expr, got, c.want)
		}
	}
}

func TestStatementForms(t *testing.T) {
	spec := mustLoad(t, `
mtype = { req, ack };
chan c = [2] of { mtype, byte };
chan r = [0] of { byte };
byte x, y;
active proctype P() {
	c!req,1; c!!ack(2); c?req,x; c??ack,eval(x); c?<_,y>; c?[req,_] -> skip;
	r!x; r?x; r?-1; x = len(c); x++; y--;
	assert(x == y); printf("x=%d\n", x); printm(req);
	atomic { x = 1 } unless { y == 2 };
	d_step { x = 2 };
	L: goto L
}`)
	var got []string
	for _, s := range body(spec) {
		got = append(got, FormatStmt(s))
	}
	want := []string{
		"c!req,1", "c!!ack,2", "c?req,x", "c??ack,eval(x)", "c?<_,y>", "c?[req,_]", "skip",
		"r!x", "r?x", "r?-1", "x = len(c)", "x++", "y--",
		"assert(x == y)", `printf("x=%d\n",x)`, "printm(req)",
		"atomic unless", "d_step", "L: goto L",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("statements:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMtypeValues(t *testing.T) {
	// SPIN numbers each declaration's names from the last to the first, and
	// each named mtype separately (checked with spin: a=3 b=2 c=1 d=4
	// apple=2 pear=1).
	spec := mustLoad(t, `mtype = { a, b, c }; mtype:fruit = { apple, pear }; mtype = { d }; init { skip }`)
	want := map[string]int64{"a": 3, "b": 2, "c": 1, "d": 4, "apple": 2, "pear": 1}
	for name, v := range want {
		if got := spec.MtypeValues[name].Value; got != v {
			t.Errorf("%s = %d, want %d", name, got, v)
		}
	}
}

func TestPreprocessor(t *testing.T) {
	spec := mustLoad(t, `
#define N 3
#define MAX(a, b) ((a) > (b) -> (a) : (b))
#define STR(s) #s
#define CAT(a, b) a ## b
#if N > 2 && defined(MAX)
byte big;
#elif N > 1
byte medium;
#else
byte small;
#endif
#ifndef N
byte never;
#endif
#undef N
#ifdef N
byte gone;
#endif
byte CAT(x, 1);
active proctype P() { x1 = MAX(1, 2); printf(STR(hello)) }`)
	var globals []string
	for _, v := range spec.Globals {
		globals = append(globals, v.Name)
	}
	if got := strings.Join(globals, " "); got != "big x1" {
		t.Errorf("globals %q, want \"big x1\"", got)
	}
	if got := FormatStmt(body(spec)[0]); got != "x1 = (1 > 2 -> 1 : 2)" {
		t.Errorf("macro call gave %s", got)
	}
	if got := body(spec)[1].(*Printf).Format; got != `"hello"` {
		t.Errorf("stringify gave %s", got)
	}
}

func TestMacroPositions(t *testing.T) {
	// A diagnostic inside a macro's expansion points at the macro's use.
	_, diags := load(t, "#define BAD undefined_name\n\nactive proctype P() {\n\tbyte x;\n\tx = BAD\n}\n", nil)
	if len(diags) != 1 || diags[0].Pos.Line != 5 || diags[0].Pos.Col != 6 {
		t.Errorf("got %v, want one error at m.pml:5:6", diags)
	}
}

func TestInclude(t *testing.T) {
	files := map[string]string{
		"defs.h":  "#define SIZE 4\n#include \"inner.h\"\n",
		"inner.h": "byte inner[SIZE];\nbyte oops = nothere;\n",
	}
	_, diags := load(t, "#include \"defs.h\"\ninit { inner[0] = 1 }\n", files)
	if len(diags) != 1 || diags[0].Pos.File != "inner.h" || diags[0].Pos.Line != 2 {
		t.Fatalf("got %v, want one error in inner.h:2", diags)
	}
	_, diags = load(t, "#include \"self.h\"\ninit { skip }\n", map[string]string{"self.h": "#include \"self.h\"\n"})
	if len(diags) == 0 || !strings.Contains(diags[0].Msg, "nested too deeply") {
		t.Errorf("include cycle: got %v", diags)
	}
}

func TestImpliedSemicolons(t *testing.T) {
	// From SPIN's own examples: newlines end statements inside bodies.
	mustLoad(t, "active proctype P() {\n\tbool a, b\n\tselect(a: 0..1)\n\tif\n\t:: a -> b = 1\n\t:: else\n\t\tb = 0\n\tfi\n\tatomic { a = 0 } b = 1\n}\n")
	mustLoad(t, "typedef T {\n\tbyte a\n\tbyte b\n}\nT t;\ninit { t.a = 1 }\n")
	// But not on one line, where SPIN also wants a separator.
	_, diags := load(t, "active proctype P() { byte x; do :: x < 2 -> x++ :: else -> break od x = 1 }", nil)
	if diags.ErrorCount() == 0 {
		t.Error("missing separator after od on one line was accepted")
	}
}

func TestInlineExpansion(t *testing.T) {
	spec := mustLoad(t, `inline swap(a, b) {
	t = a;
	a = b;
	b = t
}
active proctype P() {
	byte x, y, t;
	swap(x, y);
	swap(y, x)
}`)
	stmts := body(spec)
	blk, ok := stmts[1].(*Block)
	if !ok || blk.Kind != BlockInline || blk.Inline != "swap" {
		t.Fatalf("inline call is %T, want an inline block", stmts[1])
	}
	if blk.P.Line != 8 {
		t.Errorf("inline block at %v, want the call's line 8", blk.P)
	}
	first := blk.Stmts[0]
	if FormatStmt(first) != "t = x" || first.Pos().Line != 2 {
		t.Errorf("first inline statement %q at %v, want \"t = x\" at line 2", FormatStmt(first), first.Pos())
	}
	if got := FormatStmt(stmts[2].(*Block).Stmts[1]); got != "y = x" {
		t.Errorf("second call: %s", got)
	}
	// A statement that starts with an argument is on the definition's
	// line too, as in SPIN (its unreached listing and trails say so).
	if second := blk.Stmts[1]; FormatStmt(second) != "x = y" || second.Pos().Line != 3 {
		t.Errorf("second inline statement %q at %v, want \"x = y\" at line 3", FormatStmt(second), second.Pos())
	}
}

func TestDeclarationPlacement(t *testing.T) {
	spec := mustLoad(t, `active proctype P() { byte a = 3; xr c; byte b = 1; a = b; byte late = 4; if :: byte opt = 1 fi }
chan c = [1] of { byte }`[0:0]+`chan c = [1] of { byte };
active proctype P() { byte a = 3; xr c; byte b = 1; a = b; byte late = 4; if :: true -> byte opt = 1 fi }`)
	want := map[string]bool{"a": true, "b": true, "late": false, "opt": false}
	for _, v := range spec.Procs[0].Locals {
		if v.InitAtStart != want[v.Name] {
			t.Errorf("%s: InitAtStart = %v", v.Name, v.InitAtStart)
		}
	}
}

func TestHiddenReads(t *testing.T) {
	// Which uses of a global count as reads (docs/references.md#spin-hidden).
	spec := mustLoad(t, `
byte w, p, s, r, i, idx, arr[2], l, n;
chan c = [1] of { byte };
active proctype P() {
	w = 1; w++; printf("%d", p); select (s : 1 .. 3);
	c!r; c?i; arr[idx] = 1
}
never { do :: n > 0 od }
ltl f { [] (l < 3) }`)
	want := map[string]bool{"w": false, "p": false, "s": false, "r": true, "i": true,
		"idx": true, "arr": false, "l": true, "n": true}
	for _, v := range spec.Globals {
		if w, ok := want[v.Name]; ok && v.Read != w {
			t.Errorf("%s: Read = %v, want %v", v.Name, v.Read, w)
		}
	}
}

// TestDiagnostics compares the diagnostics for each model in
// testdata/errors with its golden file (go test -run TestDiagnostics -update
// rewrites them).
func TestDiagnostics(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.pml")
	if err != nil || len(files) == 0 {
		t.Fatal("no test models in testdata/errors")
	}
	for _, f := range files {
		_, diags := Load(f, nil)
		got := diags.Error() + "\n"
		golden := strings.TrimSuffix(f, ".pml") + ".golden"
		if *update {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Errorf("%s: %v (run with -update to create it)", f, err)
			continue
		}
		if got != string(want) {
			t.Errorf("%s:\ngot:\n%swant:\n%s", f, got, want)
		}
		if diags.ErrorCount() == 0 {
			t.Errorf("%s: no error reported", f)
		}
	}
}

// gmcOnlyErrors are the models of testdata/errors that SPIN accepts: gmc
// refuses them on purpose.
var gmcOnlyErrors = map[string]string{
	"array_size_variable": "SPIN takes the variable's initial value as the bound, with a warning",
	"embedded_c":          "gmc does not run embedded C code",
	"ltl_remote_index":    "SPIN drops the index of P[i]:a[j] in a formula's claim",
	"recv_fields":         "spin -a accepts more receive fields than the channel has (pan fails at run time)",
	"run_in_expression":   "spin -a accepts run in a compound expression",
	"send_fields":         "SPIN sends fewer fields than the channel has, with a warning",
	"struct_message":      "SPIN sends a number for a typedef field without checking it",
}

// TestDiagnosticsSpinRejects: every model of testdata/errors that is no
// gmc-only rejection is one that spin -a refuses too.
func TestDiagnosticsSpinRejects(t *testing.T) {
	if testing.Short() {
		t.Skip("runs spin once per model")
	}
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin is not installed")
	}
	files, _ := filepath.Glob("testdata/errors/*.pml")
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".pml")
		why, gmcOnly := gmcOnlyErrors[name]
		switch accepts := spinAccepts(t, f); {
		case accepts && !gmcOnly:
			t.Errorf("%s: SPIN accepts it: list it in gmcOnlyErrors with the reason, or accept it", f)
		case !accepts && gmcOnly:
			t.Errorf("%s: SPIN rejects it too, but gmcOnlyErrors says %q", f, why)
		}
	}
}

// spinAccepts reports whether `spin -a` accepts the model.
func spinAccepts(t *testing.T, path string) bool {
	abs, _ := filepath.Abs(path)
	cmd := exec.Command("spin", "-a", abs)
	cmd.Dir = t.TempDir()
	return cmd.Run() == nil
}

// TestSpinExamples runs the front end over SPIN's example models: the ones
// SPIN accepts must be accepted, the ones it rejects must be rejected.
func TestSpinExamples(t *testing.T) {
	const dir = "/usr/share/doc/spin/examples"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("SPIN's examples are not installed (apt-get install spin)")
	}
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin is not installed")
	}
	var models []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".pml") {
			models = append(models, path)
		}
		return nil
	})
	own, _ := filepath.Glob("../examples/models/*.pml")
	models = append(models, own...)
	if len(models) < 40 {
		t.Fatalf("found only %d models", len(models))
	}
	if testing.Short() {
		// every sixth model: spin runs once per model
		var some []string
		for i := 0; i < len(models); i += 6 {
			some = append(some, models[i])
		}
		models = some
	}
	for _, m := range models {
		accepts := spinAccepts(t, m)
		_, diags := Load(m, nil)
		switch {
		case accepts && diags.ErrorCount() > 0:
			t.Errorf("%s: SPIN accepts it, gmc reports:\n%v", m, diags)
		case !accepts && diags.ErrorCount() == 0:
			t.Errorf("%s: SPIN rejects it, gmc accepts it", m)
		}
	}
}

// TestParallelParse checks that cutting a large model into chunks parsed in
// parallel gives the same units as parsing it in one piece.
func TestParallelParse(t *testing.T) {
	src := generatedModel(3000)
	var diags Diagnostics
	toks := preprocess("gen.pml", src, nil, nil, "", &diags)
	markDeclaredNames(toks)
	toks = expandInlines(toks, &diags)
	toks = insertSemicolons(toks)
	if cuts := chunkCuts(toks, chunkTokens); len(cuts) < 3 {
		t.Fatalf("model too small to be cut: %d chunks", len(cuts)-1)
	}
	var d1, d2 Diagnostics
	parallel := build("gen.pml", parseTokens(toks, &d1, nil), &d1, nil)
	whole := build("gen.pml", parseChunk(toks, 0, len(toks)-1, &d2, nil), &d2, nil)
	if len(d1)+len(d2) > 0 {
		t.Fatalf("diagnostics: %v / %v", d1, d2)
	}
	a, b := specText(parallel), specText(whole)
	if a != b {
		t.Errorf("parallel and whole parses differ (%d and %d bytes)", len(a), len(b))
	}
}

// specText prints every statement of a model, nested ones included.
func specText(spec *Spec) string {
	var b strings.Builder
	var walk func(stmts []Stmt, depth int)
	walk = func(stmts []Stmt, depth int) {
		for _, s := range stmts {
			fmt.Fprintf(&b, "%*s%s %s\n", depth, "", s.Pos(), FormatStmt(s))
			switch s := s.(type) {
			case *Block:
				walk(s.Stmts, depth+1)
			case *If:
				for _, o := range s.Options {
					walk(o.Stmts, depth+1)
				}
			case *Do:
				for _, o := range s.Options {
					walk(o.Stmts, depth+1)
				}
			}
		}
	}
	for _, p := range spec.Procs {
		fmt.Fprintf(&b, "proctype %s\n", p.Name)
		walk(p.Body.Stmts, 1)
	}
	return b.String()
}
