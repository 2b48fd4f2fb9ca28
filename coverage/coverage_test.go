package coverage

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gmc/checker"
	"gmc/lang"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

var update = flag.Bool("update", false, "rewrite the golden reports in testdata/coverage")

func compile(t *testing.T, file string, conditions bool) *vm.Model {
	t.Helper()
	spec, diags := lang.Load(file, nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	m, err := vm.Compile(spec, vm.Options{Conditions: conditions})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// analyze runs an exhaustive search of file with an analyzer (and the
// store given, nil for the exact one) and returns its report.
func analyze(t *testing.T, file string, st store.Store) *Report {
	t.Helper()
	m := compile(t, file, true)
	a := New(m)
	res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: 10000, MaxErrors: 0}, Observer: a, Store: st}).Run()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete() {
		t.Fatalf("%s: search incomplete: %s", file, res.Stop)
	}
	return a.Report("")
}

// TestReports compares the report on each model of testdata/coverage
// with its golden file (go test ./coverage -update rewrites them; read
// the diff).
func TestReports(t *testing.T) {
	files, _ := filepath.Glob("../testdata/coverage/*.pml")
	if len(files) < 3 {
		t.Fatalf("only %d models in testdata/coverage", len(files))
	}
	for _, file := range files {
		var b bytes.Buffer
		analyze(t, file, nil).Write(&b)
		golden := strings.TrimSuffix(file, ".pml") + ".golden"
		if *update {
			if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if b.String() != string(want) {
			t.Errorf("%s: report differs from %s (run with -update and read the diff)\ngot:\n%s", file, golden, b.String())
		}
	}
}

// TestLinkedQueue is 003's story: a harness that never empties the
// queue. Both analyses must point at the blocking path of take: the
// option of extract for an empty queue and the waiting branch of take
// never taken (structure), their guards never true (conditions), and the
// case of extract's assertion for an empty queue never true
// (specification); the reading pairs the code with its guards.
func TestLinkedQueue(t *testing.T) {
	r := analyze(t, "../testdata/coverage/linkedqueue.pml", nil)
	untaken := map[int]bool{}
	for _, p := range r.Procs {
		for _, s := range p.Untaken {
			untaken[s.Pos.Line] = true
		}
	}
	if !untaken[19] || !untaken[29] {
		t.Errorf("options never taken at lines %v, want 19 (extract: empty(q)) and 29 (take: x == NONE)", untaken)
	}
	never := map[string]bool{}
	for _, g := range r.Gaps {
		if g.Never && g.Evaluated {
			never[g.Text+" "+g.Pos.String()] = true
		}
	}
	for _, want := range []string{"empty(q) ../testdata/coverage/linkedqueue.pml:19:5", "x == 0 ../testdata/coverage/linkedqueue.pml:29:5", "x == 0 ../testdata/coverage/linkedqueue.pml:22:9"} {
		if !never[want] {
			t.Errorf("condition %s not reported never true; gaps: %v", want, r.Gaps)
		}
	}
	rd := r.Reading
	if rd.Verdict != VerdictBoth {
		t.Errorf("verdict %q, want %q", rd.Verdict, VerdictBoth)
	}
	paired := map[int]bool{}
	for _, p := range rd.Harness {
		paired[p.Transition.Pos.Line] = p.Transition.Pos.Line == p.Condition.Pos.Line
	}
	if !paired[19] || !paired[29] {
		t.Errorf("the reading does not pair the blocking path with its guards: %+v", rd.Harness)
	}
	if len(rd.Spec) != 1 || rd.Spec[0].Pos.Line != 22 {
		t.Errorf("specification gaps %+v, want extract's x == NONE (line 22)", rd.Spec)
	}
}

// TestFigure8 checks the two mismatches of 003 figure 8.
func TestFigure8(t *testing.T) {
	for file, want := range map[string]string{
		"../testdata/coverage/fig8a.pml": VerdictMissingCode,
		"../testdata/coverage/fig8b.pml": VerdictIncomplete,
	} {
		if got := analyze(t, file, nil).Reading.Verdict; got != want {
			t.Errorf("%s: verdict %q, want %q", file, got, want)
		}
	}
}

// TestEveryStore runs the analyses with the bitstate store and a state
// cache: on these small models both search the whole state space, and
// the report must be the exhaustive search's.
func TestEveryStore(t *testing.T) {
	file := "../testdata/coverage/linkedqueue.pml"
	var want bytes.Buffer
	analyze(t, file, nil).Write(&want)
	bits, err := store.NewBitstate(24, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	cache, err := store.NewCache(20, store.PolicyRandom, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	for name, store := range map[string]store.Store{"bitstate": bits, "cache": cache} {
		var got bytes.Buffer
		analyze(t, file, store).Write(&got)
		if got.String() != want.String() {
			t.Errorf("%s: report differs from the exhaustive search's:\n%s\nwant:\n%s", name, got.String(), want.String())
		}
	}
	if cache.Evictions == 0 {
		t.Errorf("the cache never evicted a state: the test does not test caching")
	}
}

// TestConditionsChangeNothing compiles the example models with and
// without condition reporting: the fingerprint (trails replay either
// way) and the search's counts must be the same.
func TestConditionsChangeNothing(t *testing.T) {
	files, _ := filepath.Glob("../examples/models/*.pml")
	for _, file := range files {
		plain, observed := compile(t, file, false), compile(t, file, true)
		if plain.Fingerprint() != observed.Fingerprint() {
			t.Errorf("%s: condition reporting changes the fingerprint", file)
		}
		if len(observed.Conds) == 0 {
			t.Errorf("%s: no conditions", file)
		}
		opts := checker.Options{Budget: search.Budget{MaxDepth: 10000, MaxStates: 200000}}
		r1, err1 := checker.NewDFS(plain, opts).Run()
		opts.Observer = New(observed)
		r2, err2 := checker.NewDFS(observed, opts).Run()
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if r1.Stored != r2.Stored || r1.Matched != r2.Matched || r1.AtomicSteps != r2.AtomicSteps || r1.Stats.NumErrors != r2.Stats.NumErrors {
			t.Errorf("%s: counts differ with condition reporting: %d/%d/%d/%d vs %d/%d/%d/%d", file,
				r1.Stored, r1.Matched, r1.AtomicSteps, r1.Stats.NumErrors, r2.Stored, r2.Matched, r2.AtomicSteps, r2.Stats.NumErrors)
		}
	}
}
