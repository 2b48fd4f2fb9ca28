package checker

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"gmc/internal/modeltest"
	"gmc/internal/spinref"
	"gmc/lang"
	"gmc/search"
	"gmc/vm"
)

var (
	randomModels   = flag.Int("random-models", 40, "how many generated models TestRandomModels compares with pan (2 with -short)")
	randomLiveness = flag.Int("random-liveness", 12, "how many generated models with a claim TestRandomLiveness compares with pan (1 with -short)")
)

// TestRandomModels compares gmc's counts with pan's on Promela models
// made up from a seed (randomModel): models nobody wrote, whose mix of
// shared and local variables, buffered and rendezvous channels, atomic
// and d_step sequences, selections, loops, assertions and process
// creation meets corners the corpus and the rules' cases do not. Each
// model is searched merged without reduction and with it, and without
// statement merging, against pan built each way (-c0, so every error is
// counted). A model that differs is written out (its file is named in
// the failure) to be made into a case of testdata/semantics. A model over
// 200,000 states or 20 seconds of search is skipped.
// -random-models N compares N models.
func TestRandomModels(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the comparison needs SPIN (apt-get install spin)")
	}
	n := *randomModels
	if testing.Short() {
		n = 2
	}
	dir := t.TempDir()
	for seed := range n {
		src := randomModel(uint64(seed))
		file := filepath.Join(dir, fmt.Sprintf("random%d.pml", seed))
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, mode := range []struct {
			name            string
			noMerge, reduce bool
		}{{"merge", false, false}, {"por", false, true}, {"-o3", true, false}} {
			t.Run(fmt.Sprintf("%d/%s", seed, mode.name), func(t *testing.T) {
				t.Parallel()
				m, err := modeltest.Compile(file, mode.noMerge)
				if err != nil {
					refused(t, file, mode.noMerge, src, err)
				}
				// (atomic loops can make the search a tree of 10^4 levels: pan
				// takes as long)
				got, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 10000, MaxStates: 200000, Time: 20 * time.Second}, Reduce: mode.reduce}).Run()
				if err != nil {
					t.Fatalf("gmc: %v", err)
				}
				if got.Stop.Reason == search.StateBound || got.Stop.Reason == search.TimeLimit {
					t.Skipf("%s: too large for the test's time", got.Stop.Detail)
				}
				popts := spinref.Options{NoMerge: mode.noMerge, Timeout: 2 * time.Minute, MaxDepth: 10000}
				if mode.reduce {
					popts.Build = []string{"-DSAFETY", "-DNOCLAIM"}
				}
				want, err := spinref.Run(file, popts)
				if err != nil {
					t.Fatalf("pan: %v", err)
				}
				checkRandom(t, mode.name, fmt.Sprintf("gmc-random%d.pml", seed), src, want, got)
			})
		}
	}
}

// checkRandom compares gmc's counts (got) of a generated model (src) in
// mode with pan's (want), and keeps the model in the temporary directory
// as name when they differ.
// refused ends the test of a generated model gmc refuses (err): skipped
// when spin refuses it too (spin -a or the C compiler: the generator
// wrote what neither takes), failed when spin takes it.
func refused(t *testing.T, file string, noMerge bool, src string, err error) {
	t.Helper()
	if _, serr := spinref.Run(file, spinref.Options{NoMerge: noMerge, Timeout: time.Minute}); serr != nil {
		t.Skipf("spin and gmc refuse the model: %v", err)
	}
	t.Fatalf("gmc refuses what spin takes: %v\n%s", err, src)
}

func checkRandom(t *testing.T, mode, name, src string, want *spinref.Result, got *Result) {
	t.Helper()
	t.Logf("%d states stored, %d matched, %d errors", got.Stored, got.Matched, got.NumErrors)
	keep := filepath.Join(os.TempDir(), name)
	panCounts(want).check(t, fmt.Sprintf("%s (kept as %s):\n", mode, keep), countsOf(got))
	if t.Failed() {
		os.WriteFile(keep, []byte(src), 0o644)
	}
}

// randomModel writes a small Promela model from seed: one to three
// global bytes and perhaps an array of two, bits, a short, a typedef, an
// mtype, up to two channels (rendezvous or buffered, one or two fields,
// the first perhaps an mtype), two or three process types with a local
// byte each, perhaps a provided clause or a priority, whose bodies are
// random statements over them (sends and receives of every kind, polls,
// timeout, else, end labels, unless, set_priority, expressions with bit
// operators, _nr_pr, an array indexed by an expression and P0[0]:l),
// their values kept mostly below 3 so that the state space stays small.
func randomModel(seed uint64) string {
	g := &modelGen{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
	return g.model()
}

type modelGen struct {
	r *rand.Rand
	// liveness: loops may carry progress and accept labels too, and the
	// model ends with a claim (randomLivenessModel)
	liveness bool
	globals  []string // the global variables (a claim's atoms)
	b        strings.Builder
	vars     []string // the globals and, inside a body, its local
	chans    []chanGen
	labels   int // the labels of the body being written
	indent   int
	inline   bool // the model defines inline bump(x)
	// claimed: the xs and xr declarations of global channels so far
	// (one proctype each: spin refuses two)
	claimed map[string]bool
	mtype   bool // the model declares mtype = { ma, mb } and mtype m0
	// priorities: proctypes may have priorities and set them, and the
	// model has no rendezvous channel (pan refuses the two together)
	priorities bool
	array      bool // the model declares byte a[2]
	// remote: P0[0]:l, once P0 (always active, so pid 0) is written: the
	// later bodies and the claim may read it
	remote bool
}

type chanGen struct {
	name          string
	fields, slots int
	mtype         bool // the first field is an mtype
	array         bool // an array of two channels, indexed where used
}

func (g *modelGen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("\t", g.indent))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *modelGen) pick(s []string) string { return s[g.r.IntN(len(s))] }

func (g *modelGen) model() string {
	for i := range 1 + g.r.IntN(3) {
		g.vars = append(g.vars, fmt.Sprintf("g%d", i))
		g.line("byte g%d;", i)
	}
	if g.r.IntN(3) == 0 {
		g.array = true
		g.vars = append(g.vars, "a[0]", "a[1]")
		g.line("byte a[2];")
	}
	if g.r.IntN(4) == 0 {
		// (spin numbers them from the last: mb is 1, ma 2)
		g.mtype = true
		g.vars = append(g.vars, "m0")
		g.line("mtype = { ma, mb };")
		g.line("mtype m0;")
	}
	if g.r.IntN(4) == 0 {
		// other widths: a bit truncates what it is given
		g.vars = append(g.vars, "b0", "s0")
		g.line("bit b0;")
		g.line("short s0 = 1;")
	}
	if g.r.IntN(4) == 0 {
		g.vars = append(g.vars, "t.f", "t.h[1]")
		g.line("typedef T { byte f; bit h[2] };")
		g.line("T t;")
	}
	for i := range g.r.IntN(3) {
		g.chans = append(g.chans, g.channel(fmt.Sprintf("c%d", i), false))
	}
	if g.r.IntN(5) == 0 {
		g.chans = append(g.chans, g.channel("ca", false))
	}
	g.priorities = g.r.IntN(3) == 0
	for _, c := range g.chans {
		g.priorities = g.priorities && c.slots > 0
	}
	if g.r.IntN(3) == 0 {
		g.inline = true
		g.line("inline bump(x) {")
		g.line("\tx = (x + 1) %% 3")
		g.line("}")
	}
	g.globals = g.vars
	procs := 2 + g.r.IntN(2)
	spawned := g.r.IntN(3) == 0 // the last proctype is run by init
	for p := range procs {
		g.b.WriteByte('\n')
		provided := ""
		if g.priorities && g.r.IntN(3) == 0 {
			// (spin then turns partial-order reduction off)
			provided = fmt.Sprintf(" priority %d", 1+g.r.IntN(3))
		}
		if g.r.IntN(6) == 0 {
			provided += fmt.Sprintf(" provided (%s != %d)", g.vars[0], g.r.IntN(3))
		}
		if spawned && p == procs-1 {
			g.line("proctype P%d(byte p)%s {", p, provided)
		} else {
			g.line("active [%d] proctype P%d()%s {", 1+g.r.IntN(2), p, provided)
		}
		g.indent++
		// the body is written first: its channel declarations (xr, xs)
		// depend on what it does
		head := g.b.String()
		g.b.Reset()
		g.line("byte l;")
		globals, chans := g.vars, g.chans
		g.vars = append(g.vars[:len(globals):len(globals)], "l")
		if g.r.IntN(4) == 0 {
			// a channel of each process of the type (freed when it ends)
			g.chans = append(g.chans[:len(chans):len(chans)], g.channel("lc", g.priorities))
		}
		g.labels = 0
		if spawned && p == procs-1 {
			g.line("l = p;")
		}
		g.sequence(2+g.r.IntN(4), 2)
		g.vars, g.chans = globals, chans
		body := g.b.String()
		g.b.Reset()
		g.b.WriteString(head)
		for _, c := range g.chans {
			recv, send := strings.Contains(body, c.name+"?"), strings.Contains(body, c.name+"!")
			kind := "xs"
			if recv {
				kind = "xr"
			}
			if recv == send || g.claimed[kind+c.name] || g.r.IntN(2) == 0 {
				continue
			}
			g.line("%s %s;", kind, c.name) // (two processes of the type: pan's error)
			if g.claimed == nil {
				g.claimed = map[string]bool{}
			}
			g.claimed[kind+c.name] = true
		}
		g.b.WriteString(body)
		g.indent--
		g.line("}")
		if p == 0 && g.r.IntN(4) == 0 {
			g.remote = true
		}
	}
	if spawned {
		g.b.WriteByte('\n')
		g.line("init {")
		g.indent++
		if g.r.IntN(2) == 0 {
			g.line("atomic { run P%d(1); run P%d(2) }", procs-1, procs-1)
		} else {
			g.line("run P%d(0);", procs-1)
			g.line("(g0 > 0) -> run P%d(g0)", procs-1)
		}
		g.indent--
		g.line("}")
	}
	if g.liveness {
		g.b.WriteByte('\n')
		g.line("ltl p0 { %s }", g.formula(2))
	}
	return g.b.String()
}

// sequence writes n statements, nesting compound ones down to depth.
func (g *modelGen) sequence(n, depth int) {
	for i := range n {
		end := ";"
		if i == n-1 {
			end = ""
		}
		g.statement(depth, end)
	}
}

// value is an expression below 3 over the variables in scope.
func (g *modelGen) value() string {
	switch g.r.IntN(8) {
	case 0:
		return fmt.Sprint(g.r.IntN(3))
	case 1:
		return g.pick(g.vars)
	case 2:
		if len(g.chans) > 0 {
			return fmt.Sprintf("len(%s)", g.chanRef(g.r.IntN(len(g.chans))))
		}
		return "(_pid % 3)"
	case 3:
		return fmt.Sprintf("(%s -> 1 : 2)", g.condition())
	case 4:
		// bits: and, or, xor, not, shifts (over a byte: ~ is widened to
		// an int first)
		return g.pick([]string{
			fmt.Sprintf("(%s & %d)", g.pick(g.vars), 1+g.r.IntN(2)),
			fmt.Sprintf("((%s | 1) %% 3)", g.pick(g.vars)),
			fmt.Sprintf("(%s ^ 1)", g.pick(g.vars)),
			fmt.Sprintf("(~%s & 1)", g.pick(g.vars)),
			fmt.Sprintf("((%s << 1) %% 3)", g.pick(g.vars)),
			fmt.Sprintf("(%s >> 1)", g.pick(g.vars)),
		})
	case 5:
		switch {
		case g.remote && g.r.IntN(2) == 0:
			return "P0[0]:l"
		case g.array:
			return fmt.Sprintf("a[(%s + 1) %% 2]", g.pick(g.vars))
		}
		return "(_nr_pr % 3)"
	default:
		return fmt.Sprintf("(%s + %d) %% %d", g.pick(g.vars), 1+g.r.IntN(2), 2+g.r.IntN(2))
	}
}

// condition is a boolean expression over the variables in scope.
func (g *modelGen) condition() string {
	cmp := g.pick([]string{"==", "!=", "<", ">="})
	return fmt.Sprintf("(%s %s %d)", g.pick(g.vars), cmp, g.r.IntN(3))
}

// guard is a condition, a channel's test or a poll.
func (g *modelGen) guard() string {
	if len(g.chans) > 0 {
		c := g.r.IntN(len(g.chans))
		switch g.r.IntN(6) {
		case 0:
			return fmt.Sprintf("%s(%s)", g.pick([]string{"nfull", "nempty", "full", "empty"}), g.chanRef(c))
		case 1:
			return fmt.Sprintf("%s?[%s]", g.chanRef(c), g.pattern(c))
		}
	}
	if g.r.IntN(3) == 0 {
		return fmt.Sprintf("(%s && %s)", g.condition(), g.condition())
	}
	return g.condition()
}

// channel declares a channel of one or two fields, rendezvous or
// buffered (with buffered: always buffered).
func (g *modelGen) channel(name string, buffered bool) chanGen {
	c := chanGen{name: name, fields: 1 + g.r.IntN(2), slots: g.r.IntN(3)}
	if buffered {
		c.slots = 1 + g.r.IntN(2)
	}
	c.mtype = g.mtype && g.r.IntN(2) == 0
	types := strings.TrimSuffix(strings.Repeat("byte, ", c.fields), ", ")
	if c.mtype {
		types = "mtype" + strings.TrimPrefix(types, "byte")
	}
	c.array = name == "ca"
	if c.array {
		name += "[2]"
	}
	g.line("chan %s = [%d] of { %s };", name, c.slots, types)
	return c
}

// chanRef names channel c where a statement uses it: an array's element
// by a constant, the local or the pid.
func (g *modelGen) chanRef(c int) string {
	if !g.chans[c].array {
		return g.chans[c].name
	}
	return fmt.Sprintf("%s[%s]", g.chans[c].name, g.pick([]string{"0", "1", "(l % 2)", "(_pid % 2)"}))
}

// mtypeValue is an mtype constant or the mtype variable.
func (g *modelGen) mtypeValue() string { return g.pick([]string{"ma", "mb", "m0"}) }

func (g *modelGen) message(c int) string {
	var f []string
	for k := range g.chans[c].fields {
		if k == 0 && g.chans[c].mtype {
			f = append(f, g.mtypeValue())
			continue
		}
		f = append(f, g.value())
	}
	return strings.Join(f, ", ")
}

// pattern is a receive's fields: a constant to match or a variable to
// write first, then anything.
func (g *modelGen) pattern(c int) string {
	var f []string
	for k := range g.chans[c].fields {
		switch {
		case k == 0 && g.chans[c].mtype:
			f = append(f, g.mtypeValue())
		case k == 0 && g.r.IntN(3) == 0:
			f = append(f, fmt.Sprint(g.r.IntN(3)))
		case k == 0:
			f = append(f, g.pick(g.vars))
		default:
			f = append(f, "_")
		}
	}
	return strings.Join(f, ", ")
}

// statement writes one statement; end is its separator.
func (g *modelGen) statement(depth int, end string) {
	kinds := 11
	if depth > 0 {
		kinds = 16
	}
	switch k := g.r.IntN(kinds); {
	case k <= 1:
		g.line("%s = %s%s", g.pick(g.vars), g.value(), end)
	case k == 2:
		g.line("%s%s", g.guard(), end)
	case k == 3 && len(g.chans) > 0:
		c := g.r.IntN(len(g.chans))
		op := "!"
		if g.chans[c].slots > 0 && g.r.IntN(3) == 0 {
			op = "!!" // sorted
		}
		g.line("%s%s%s%s", g.chanRef(c), op, g.message(c), end)
	case k == 4 && len(g.chans) > 0:
		c := g.r.IntN(len(g.chans))
		op := g.pick([]string{"?", "?", "??"}) // ?? the first match anywhere
		if g.r.IntN(4) == 0 {
			g.line("%s%s<%s>%s", g.chanRef(c), op, g.pattern(c), end) // a poll that copies
			return
		}
		g.line("%s%s%s%s", g.chanRef(c), op, g.pattern(c), end)
	case k == 5:
		g.line("assert(%s != 2)%s", g.pick(g.vars), end)
	case k == 6:
		g.line("d_step { %s = %s; %s = %s }%s", g.pick(g.vars), g.value(), g.pick(g.vars), g.value(), end)
	case k == 7 && g.inline:
		g.line("bump(%s)%s", g.pick(g.vars), end)
	case k == 7 && g.priorities && g.r.IntN(3) == 0:
		g.line("set_priority(_pid, %d)%s", 1+g.r.IntN(3), end)
	case k == 7:
		g.line("skip%s", end)
	case k == 8 && g.r.IntN(3) == 0:
		g.line("select (l : 0 .. 2)%s", end)
	case k == 8:
		g.line("timeout -> %s = %s%s", g.pick(g.vars), g.value(), end)
	case k <= 10:
		g.line("%s = %s%s", g.pick(g.vars), g.value(), end)
	case k == 11:
		g.line("atomic {")
		g.indent++
		g.sequence(2+g.r.IntN(2), depth-1)
		g.indent--
		g.line("}%s", end)
	case k == 12 && g.r.IntN(4) == 0:
		g.line("for (l : 0 .. 1) {")
		g.indent++
		g.sequence(1+g.r.IntN(2), depth-1)
		g.indent--
		g.line("}%s", end)
	case k == 12:
		g.line("if")
		g.options(depth, false, "")
		g.line("fi%s", end)
	case k == 13:
		g.line("{")
		g.indent++
		g.sequence(1+g.r.IntN(3), depth-1)
		g.indent--
		g.line("} unless {")
		g.indent++
		g.line("%s -> %s = %s", g.condition(), g.pick(g.vars), g.value())
		g.indent--
		g.line("}%s", end)
	default:
		label := ""
		if g.r.IntN(3) == 0 {
			// a valid end state while it waits; with liveness, perhaps a
			// progress or an accepting state; or a label to go to
			kind := "end"
			if g.liveness {
				kind = g.pick([]string{"end", "progress", "accept"})
			}
			if g.r.IntN(3) == 0 {
				kind = "L"
			}
			label = fmt.Sprintf("%s%d", kind, g.labels)
			g.line("%s:", label)
			g.labels++
		}
		g.line("do")
		g.options(depth, true, label)
		g.line("od;")
		g.line("skip%s", end) // (a break may not jump into a d_step)
	}
}

// options writes the options of a selection or a loop: each a guard
// and a short sequence, one perhaps an else, a loop's last a break; a
// loop's other options may go to its label (start).
func (g *modelGen) options(depth int, loop bool, start string) {
	n := 1 + g.r.IntN(3)
	for i := range n {
		guard := g.guard()
		switch {
		case loop && i == n-1:
			g.line(":: %s -> break", guard)
			continue
		case i == n-1 && g.r.IntN(3) == 0:
			guard = g.pick([]string{"else", "timeout"})
		}
		g.line(":: %s ->", guard)
		g.indent++
		g.sequence(1+g.r.IntN(2), depth-1)
		if start != "" && g.r.IntN(3) == 0 {
			g.line("; goto %s", start)
		}
		g.indent--
	}
}

// formula is an LTL formula over the globals, of nesting depth at most
// depth: what spin and gmc each translate into a never claim.
func (g *modelGen) formula(depth int) string {
	if depth == 0 || g.r.IntN(4) == 0 {
		cmp := g.pick([]string{"==", "!=", "<"})
		v := g.pick(g.globals)
		if g.remote && g.r.IntN(4) == 0 {
			v = "P0[0]:l"
		}
		return fmt.Sprintf("(%s %s %d)", v, cmp, g.r.IntN(3))
	}
	switch g.r.IntN(9) {
	case 0:
		return "[] " + g.formula(depth-1)
	case 1:
		return "<> " + g.formula(depth-1)
	case 2:
		return "[]<> " + g.formula(depth-1)
	case 3:
		return "<>[] " + g.formula(depth-1)
	case 4:
		return "! " + g.formula(depth-1)
	default:
		op := g.pick([]string{"&&", "||", "->", "U", "V"})
		return fmt.Sprintf("(%s %s %s)", g.formula(depth-1), op, g.formula(depth-1))
	}
}

// randomLivenessModel is randomModel with a claim, an LTL formula over
// the globals, and loops that may be progress or accepting states.
func randomLivenessModel(seed uint64) string {
	g := &modelGen{r: rand.New(rand.NewPCG(seed, 0x51afd7ed558ccd)), liveness: true}
	return g.model()
}

// TestRandomLiveness compares gmc's product searches with pan's on
// generated models with a claim (randomLivenessModel): the claim checked
// for finite violations, acceptance cycles with and without weak
// fairness, and, where the model has progress labels, non-progress
// cycles, each without reduction and with it (the modes of
// TestLivenessConformance); this tests gmc's LTL translation against
// spin's too. Runs with fairness stop at the first error (as there).
// A run over 200,000 states or 20 seconds is skipped.
// -random-liveness N compares N models (each in up to ten modes: a pan
// build each).
func TestRandomLiveness(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the comparison needs SPIN (apt-get install spin)")
	}
	n := *randomLiveness
	if testing.Short() {
		n = 1
	}
	modes := livenessModes()
	dir := t.TempDir()
	for seed := range n {
		src := randomLivenessModel(uint64(seed))
		file := filepath.Join(dir, fmt.Sprintf("live%d.pml", seed))
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, md := range modes {
			if md.np && !strings.Contains(src, "progress") {
				continue
			}
			t.Run(fmt.Sprintf("%d/%s", seed, md.name), func(t *testing.T) {
				t.Parallel()
				spec, diags := lang.Load(file, nil)
				if diags.ErrorCount() > 0 {
					refused(t, file, false, src, diags)
				}
				claim := ""
				if !md.np {
					claim = "p0"
				}
				m, err := vm.Compile(spec, vm.Options{Claim: claim, NonProgress: md.np})
				if err != nil {
					refused(t, file, false, src, err)
				}
				errs := 0
				if md.fair {
					errs = 1
				}
				opts := Options{Cycles: md.cycles, Fair: md.fair, Reduce: md.reduce,
					Budget: search.Budget{MaxDepth: 10000, MaxErrors: errs, MaxStates: 200000, Time: 20 * time.Second}}
				if md.cycles == AcceptanceCycles && !m.HasAcceptLabels() {
					t.Skip("no accept labels: pan -a ignores -a")
				}
				rvFair := md.reduce && md.fair && md.cycles != NoCycles && m.HasRendezvous() && m.NoReduce == ""
				got, err := NewDFS(m, opts).Run()
				if rvFair {
					// pan refuses to reduce with fairness and rendezvous;
					// so does gmc (TestLivenessConformance checks pan's side)
					if err == nil {
						t.Errorf("gmc reduces with fairness and rendezvous")
					}
					return
				}
				if err != nil {
					t.Fatalf("gmc: %v", err)
				}
				if got.Stop.Reason == search.StateBound || got.Stop.Reason == search.TimeLimit {
					t.Skipf("%s: too large for the test's time", got.Stop.Detail)
				}
				panFlags := md.pan
				if claim != "" {
					panFlags = append(slices.Clip(panFlags), "-N", claim)
				}
				build := md.cc
				if md.fair {
					// room for the fairness counters of up to 8
					// processes (pan's default, 2 bits, holds 6)
					build = append(slices.Clip(build), "-DNFAIR=3")
				}
				want, err := spinref.Run(file, spinref.Options{MaxDepth: 10000, MaxErrors: errs, Build: build, PanFlags: panFlags, Timeout: 2 * time.Minute})
				if err != nil {
					t.Fatalf("pan: %v", err)
				}
				checkRandom(t, md.name, fmt.Sprintf("gmc-live%d.pml", seed), src, want, got)
			})
		}
	}
}
