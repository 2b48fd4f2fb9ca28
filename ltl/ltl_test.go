package ltl

import (
	"bufio"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// spinCase is one `spin -f` run recorded in testdata: the formula and what
// spin printed (a never claim, or tl_spin error lines).
type spinCase struct {
	formula string
	output  string
}

// readSpinCases reads a file of "=== spin -f 'F'" headers, each followed
// by spin's output.
func readSpinCases(t *testing.T, path string) []spinCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []spinCase
	var out strings.Builder
	sc := bufio.NewScanner(f)
	flush := func() {
		if len(cases) > 0 {
			cases[len(cases)-1].output = out.String()
		}
		out.Reset()
	}
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") && len(cases) == 0 {
			continue
		}
		if rest, ok := strings.CutPrefix(line, "=== spin -f '"); ok {
			flush()
			cases = append(cases, spinCase{formula: strings.TrimSuffix(rest, "'")})
			continue
		}
		out.WriteString(line + "\n")
	}
	flush()
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return cases
}

// TestSpinF: the claim is spin's, byte for byte; where spin rejects the
// formula, so does Parse, with spin's message.
func TestSpinF(t *testing.T) {
	for _, file := range []string{"testdata/spin-f.txt", "testdata/spin-f-more.txt"} {
		for _, c := range readSpinCases(t, file) {
			got, err := Claim("", c.formula)
			if msg, isErr := strings.CutPrefix(c.output, "tl_spin: "); isErr {
				msg, _, _ = strings.Cut(msg, "\n")
				if err == nil {
					t.Errorf("%s: spin -f %q fails (%s), Claim gives a claim", file, c.formula, msg)
				} else if !strings.Contains(err.Error(), msg) {
					t.Errorf("%s: spin -f %q: error %q, want one saying %q", file, c.formula, err, msg)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %q: %v", file, c.formula, err)
				continue
			}
			if got != c.output {
				t.Errorf("%s: spin -f %q:\n got:\n%s\nwant:\n%s", file, c.formula, got, c.output)
			}
		}
	}
}

// randFormula writes a random formula over the first nprops of p, q, r, s
// in spin -f syntax.
func randFormula(rng *rand.Rand, depth, nprops int) string {
	if depth == 0 || rng.Intn(4) == 0 {
		switch rng.Intn(20) {
		case 0:
			return "true"
		case 1:
			return "false"
		}
		return string(rune('p' + rng.Intn(nprops)))
	}
	if rng.Intn(3) == 0 {
		op := []string{"!", "[]", "<>"}[rng.Intn(3)]
		return op + " (" + randFormula(rng, depth-1, nprops) + ")"
	}
	// <-> is rare: its rewriting doubles the formula, and spin's
	// translation of nested ones takes seconds.
	ops := []string{"&&", "||", "->", "U", "V", "U", "V", "&&", "||", "->", "U", "<->"}
	op := ops[rng.Intn(len(ops))]
	if op == "<->" && depth > 2 {
		op = "->"
	}
	return "(" + randFormula(rng, depth-1, nprops) + ") " + op + " (" + randFormula(rng, depth-1, nprops) + ")"
}

// TestMatchesSpin compares Claim with the installed spin on random
// formulas (skipped without spin).
func TestMatchesSpin(t *testing.T) {
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin is not installed")
	}
	n := 150
	if testing.Short() {
		n = 15
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < n; i++ {
		f := randFormula(rng, 3, 3)
		out, err := exec.Command("spin", "-f", f).CombinedOutput()
		if err != nil {
			t.Fatalf("spin -f %q: %v\n%s", f, err, out)
		}
		got, err := Claim("", f)
		if err != nil {
			t.Errorf("%q: %v", f, err)
			continue
		}
		if got != string(out) {
			t.Errorf("spin -f %q:\n got:\n%s\nwant:\n%s", f, got, out)
		}
	}
}

// A lasso is the infinite word u v v v ...: letters[i] gives the truth of
// each proposition at position i, and after the last position comes loop.
type lasso struct {
	letters []map[string]bool
	loop    int
}

func (l lasso) succ(i int) int {
	if i+1 < len(l.letters) {
		return i + 1
	}
	return l.loop
}

// holds evaluates f on the lasso at every position, by the fixpoint
// characterisations of U and V: independent of the translation.
func (l lasso) holds(f *Formula) []bool {
	n := len(l.letters)
	v := make([]bool, n)
	switch f.Op {
	case True, False:
		for i := range v {
			v[i] = f.Op == True
		}
	case Prop:
		for i := range v {
			v[i] = l.letters[i][f.Prop]
		}
	case Not:
		x := l.holds(f.L)
		for i := range v {
			v[i] = !x[i]
		}
	case And, Or, Implies, Equiv:
		x, y := l.holds(f.L), l.holds(f.R)
		for i := range v {
			switch f.Op {
			case And:
				v[i] = x[i] && y[i]
			case Or:
				v[i] = x[i] || y[i]
			case Implies:
				v[i] = !x[i] || y[i]
			case Equiv:
				v[i] = x[i] == y[i]
			}
		}
	case Until, Eventually, Release, Always:
		var x, y []bool
		switch f.Op {
		case Until, Release:
			x, y = l.holds(f.L), l.holds(f.R)
		case Eventually:
			x, y = l.holds(&Formula{Op: True}), l.holds(f.L)
		case Always:
			x, y = l.holds(&Formula{Op: False}), l.holds(f.L)
		}
		least := f.Op == Until || f.Op == Eventually
		for i := range v {
			v[i] = !least
		}
		for changed := true; changed; {
			changed = false
			for i := n - 1; i >= 0; i-- {
				var w bool
				if least {
					w = y[i] || x[i] && v[l.succ(i)]
				} else {
					w = y[i] && (x[i] || v[l.succ(i)])
				}
				if w != v[i] {
					v[i], changed = w, true
				}
			}
		}
	}
	return v
}

// accepts runs the automaton on the lasso: it accepts when it can reach
// accept_all, or a cycle through an accepting state.
func (l lasso) accepts(a *Automaton) bool {
	type pos struct{ q, i int }
	succs := func(p pos) ([]pos, bool) {
		var out []pos
		all := false
		for _, tr := range a.States[p.q].Trans {
			if !tr.Guard.Eval(func(s string) bool { return l.letters[p.i][s] }) {
				continue
			}
			if tr.To == ToAcceptAll {
				all = true
				continue
			}
			out = append(out, pos{tr.To, l.succ(p.i)})
		}
		return out, all
	}
	reach := func(from []pos) (map[pos]bool, bool) {
		seen := map[pos]bool{}
		stack := append([]pos(nil), from...)
		all := false
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if seen[p] {
				continue
			}
			seen[p] = true
			next, toAll := succs(p)
			all = all || toAll
			stack = append(stack, next...)
		}
		return seen, all
	}
	reached, all := reach([]pos{{0, 0}})
	if all {
		return true
	}
	for p := range reached {
		if !a.States[p.q].Accepting {
			continue
		}
		next, _ := succs(p)
		again, _ := reach(next)
		if again[p] {
			return true
		}
	}
	return false
}

func randLasso(rng *rand.Rand, props []string) lasso {
	u, v := rng.Intn(4), 1+rng.Intn(3)
	l := lasso{loop: u}
	for i := 0; i < u+v; i++ {
		m := map[string]bool{}
		for _, p := range props {
			m[p] = rng.Intn(2) == 0
		}
		l.letters = append(l.letters, m)
	}
	return l
}

// TestSemantics checks the automata against the formulas' meaning, not
// their text: on random ultimately periodic words, the automaton accepts
// exactly when the formula holds.
func TestSemantics(t *testing.T) {
	var formulas []string
	for _, file := range []string{"testdata/spin-f.txt", "testdata/spin-f-more.txt"} {
		for _, c := range readSpinCases(t, file) {
			formulas = append(formulas, c.formula)
		}
	}
	rng := rand.New(rand.NewSource(2))
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		formulas = append(formulas, randFormula(rng, 3, 3))
	}
	words := 200
	if testing.Short() {
		words = 60
	}
	for _, src := range formulas {
		f, err := Parse(src)
		if err != nil {
			continue // the error cases of the spin files
		}
		a, err := Translate(f)
		if err != nil {
			t.Errorf("%q: %v", src, err)
			continue
		}
		props := f.Props()
		for w := 0; w < words; w++ {
			l := randLasso(rng, props)
			want := l.holds(f)[0]
			if got := l.accepts(a); got != want {
				t.Errorf("%q on %v loop %d: automaton accepts=%v, formula holds=%v", src, l.letters, l.loop, got, want)
				break
			}
		}
	}
}

// TestErrors: bad formulas give an error at the offending column.
func TestErrors(t *testing.T) {
	cases := []struct {
		src string
		col int
		msg string
	}{
		{"X p", 1, "expected predicate, saw 'X'"},
		{"p W q", 3, "syntax error, saw 'W'"},
		{"[](p -> X q)", 9, "saw 'X'"},
		{"(p", 1, "parentheses not balanced"},
		{"p)", 2, "parentheses not balanced"},
		{"p U", 4, "expected predicate, saw 'end of formula'"},
		{"U p", 1, "expected predicate, saw 'U'"},
		{"p & q", 3, "expected '&&'"},
		{"p | q", 3, "expected '||'"},
		{"[p", 1, "expected '[]'"},
		{"<p", 1, "expected '<>' or '<->'"},
		{"p <- q", 3, "expected '<->'"},
		{"p -", 3, "expected '->'"},
		{"p}", 2, "unexpected '}'"},
		{"A", 1, "expected predicate, saw 'A'"},
		{"!", 2, "expected predicate, saw 'end of formula'"},
		{"", 1, "empty formula"},
		{"   ", 1, "empty formula"},
		{"p q", 3, "syntax error"},
		{"c_expr { x }", 1, "c_expr is not supported"},
		{"p && é", 6, "unexpected character"},
		{"(p U q", 1, "parentheses not balanced"},
		{"((p U q) && ) ", 13, "expected predicate, saw ')'"},
	}
	for _, c := range cases {
		_, err := Parse(c.src)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("Parse(%q) = %v, want an *Error", c.src, err)
			continue
		}
		if e.Col != c.col || !strings.Contains(e.Msg, c.msg) {
			t.Errorf("Parse(%q): column %d %q, want column %d and %q", c.src, e.Col, e.Msg, c.col, c.msg)
		}
	}
}

// TestParseForms: what spin -f takes as one proposition, and the shape of
// the tree (two precedence levels, left-associative).
func TestParseForms(t *testing.T) {
	cases := []struct{ src, want string }{
		{"(x < 3)", "(x < 3)"},
		{"(p && q)", "(p && q)"},
		{"{p && q}", "(p && q)"},
		{"(p U q)", "(p) U (q)"},
		{"(X1)", "(X1)"},
		{"(alwaysx)", "alwaysx"},
		{"next", "next"},
		{"not p", "! (p)"},
		{"a && b || c", "((a) && (b)) || (c)"},
		{"a || b && c", "((a) || (b)) && (c)"},
		{"p -> q -> r", "((p) -> (q)) -> (r)"},
		{"p U q U r", "((p) U (q)) U (r)"},
		{"[] p U q", "([] (p)) U (q)"},
		{"p U q && r", "((p) U (q)) && (r)"},
		{"p /\\ q \\/ r", "((p) && (q)) || (r)"},
		{"always eventually p", "[] (<> (p))"},
		{"p until q", "(p) U (q)"},
		{"p V q", "(p) V (q)"},
		{"true U false", "(true) U (false)"},
		{"((x==3))", "((x==3))"},
	}
	for _, c := range cases {
		f, err := Parse(c.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.src, err)
			continue
		}
		if got := f.String(); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.src, got, c.want)
		}
	}
}

// TestTranslateDoesNotChangeFormula: the translation rewrites its own
// copy.
func TestTranslateDoesNotChangeFormula(t *testing.T) {
	f, err := Parse("[] (p -> <> (q && !r)) && !(s U p)")
	if err != nil {
		t.Fatal(err)
	}
	before := f.String()
	if _, err := Translate(f); err != nil {
		t.Fatal(err)
	}
	if f.String() != before {
		t.Errorf("Translate changed the formula: %s, was %s", f, before)
	}
}

// TestBuiltFormula: a formula built with the constructors translates as
// its text does.
func TestBuiltFormula(t *testing.T) {
	p, q := NewProp("p"), NewProp("q")
	f := NewUnary(Always, NewBinary(Implies, p, NewUnary(Eventually, q)))
	a, err := Translate(f)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Claim("", "[](p -> <>q)")
	if err != nil {
		t.Fatal(err)
	}
	if got := a.NeverClaim("", "[](p -> <>q)"); got != want {
		t.Errorf("built formula:\n%s\nwant\n%s", got, want)
	}
	if w := WeakUntil(p, q).String(); w != "([] (p)) || ((p) U (q))" {
		t.Errorf("WeakUntil = %s", w)
	}
}

// FuzzParse: arbitrary text gives a formula or an error, never a panic;
// short formulas are translated too.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"[]p", "<>(p && []q)", "(x < 3) U q", "p W q", "X p", "{a}", "((p", "!!!p", "p <-> q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q): error %T", s, err)
			}
			return
		}
		if len(s) > 24 {
			return // long formulas can take seconds, as in spin
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			if _, err := Translate(g); err != nil && !strings.Contains(err.Error(), "until") {
				t.Errorf("Translate(%q): %v", s, err)
			}
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("Translate(%q) takes too long", s)
		}
	})
}
