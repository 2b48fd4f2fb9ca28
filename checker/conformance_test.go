package checker

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"gmc/internal/modeltest"
	"gmc/internal/spinref"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// The conformance rule (docs/references.md#conformance): on every model of the corpus that SPIN
// verifies, gmc's search finds the same states stored and matched (and so
// transitions), atomic steps, depth and errors as SPIN's pan, with
// statement merging (spin -a) and without it (spin -o3 -a), without
// partial-order reduction (pan -DNOREDUCE) and with it (pan's default
// build, docs/references.md#spin-por); with statement merging, with the
// collapse and hash-compaction stores as well.

const spinExamples = "/usr/share/doc/spin/examples/Examples"

// corpusExclusions are the SPIN examples left out of the comparison, each
// with the reason.
var corpusExclusions = map[string]string{
	"life.pml":       "runs forever by design (docs/references.md#spin-example-counts)",
	"wordcount.pml":  "reads STDIN (docs/references.md#spin-example-counts)",
	"ltl_gen.pml":    "an LTL generator, not a model to verify (docs/references.md#spin-example-counts)",
	"petersonN.pml":  "too slow for CI (docs/references.md#spin-example-counts)",
	"patterns.pml":   "SPIN rejects it",
	"ex_6.pml":       "42 million states (84 million without merging): too large for CI",
	"p108.pml":       "Ackermann's function, meant for simulation (its comment says so): more than 5 million states with -c0",
	"App.F.pftp.pml": "more than 14 million states: too large for CI",
}

// corpus lists the models the conformance test runs.
func corpus(t *testing.T) []string {
	var models []string
	for _, dir := range []string{spinExamples, spinExamples + "/Exercises", spinExamples + "/LTL", spinExamples + "/Book_1991"} {
		files, _ := filepath.Glob(dir + "/*.pml")
		for _, f := range files {
			if why, ok := corpusExclusions[filepath.Base(f)]; ok && why != "" {
				continue
			}
			models = append(models, f)
		}
	}
	own, _ := filepath.Glob("../examples/models/*.pml")
	models = append(models, own...)
	sort.Strings(models)
	return models
}

// shortCorpus is the conformance test's corpus under -short, each model
// in one mode (merging or not; sort.pml also reduced), pan compiled without optimization (it is
// the compiler's time that counts on models this small): two small models
// that between them have buffered channels, atomic sequences, d_step and
// process creation (rendezvous are in the rules' cases, TestSpinNotes). The full corpus, in both modes,
// runs without -short (CI).
var shortCorpus = map[string]bool{ // model: without statement merging
	"../examples/models/atomic.pml": true,
	spinExamples + "/sort.pml":      false,
}

func TestConformance(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the conformance test needs SPIN (apt-get install spin)")
	}
	if _, err := os.Stat(spinExamples); err != nil {
		t.Skip("SPIN's example models are not installed")
	}
	type row struct{ name, mode, pan, gmc, verdict, listing string }
	var (
		mu   sync.Mutex
		rows []row
	)
	// The models run two at a time (each subtest runs SPIN, cc, pan and
	// gmc); the group waits for all of them before the table is printed.
	models := corpus(t)
	if testing.Short() {
		models = slices.Sorted(maps.Keys(shortCorpus))
	}
	t.Run("corpus", func(t *testing.T) {
		for _, model := range models {
			name := strings.TrimPrefix(strings.TrimPrefix(model, spinExamples+"/"), "../")
			for i := range 3 {
				// merged, -o3, and merged with reduction (reduced and
				// -o3 agreed too, checked by hand: a fourth build of
				// every model would take CI past its time)
				noMerge, reduce := i == 1, i == 2
				if testing.Short() && (noMerge != shortCorpus[model] || reduce && !strings.HasSuffix(model, "/sort.pml")) {
					continue
				}
				mode := "merge"
				if noMerge {
					mode = "-o3"
				}
				popts := spinref.Options{NoMerge: noMerge, Optimize: !testing.Short(), Timeout: 10 * time.Minute}
				if reduce {
					mode = "por/" + mode
					popts.Build = []string{"-DSAFETY", "-DNOCLAIM"}
				}
				t.Run(name+"/"+mode, func(t *testing.T) {
					t.Parallel()
					want, err := spinref.Run(model, popts)
					if err != nil {
						t.Fatalf("spin: %v", err)
					}
					m, err := modeltest.Compile(model, noMerge)
					if err != nil {
						t.Fatalf("gmc: %v", err)
					}
					got, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: spinref.DefaultMaxDepth}, Reduce: reduce}).Run()
					if err != nil {
						t.Fatalf("gmc: %v", err)
					}
					verdict := "ok"
					if got.Stored != want.Stored || got.Matched != want.Matched || got.Transitions != want.Transitions ||
						got.Stats.NumErrors != want.Errors || got.AtomicSteps != want.AtomicSteps || int64(got.DepthReached) != want.DepthReached {
						verdict = "DIFFERENT"
						t.Errorf("pan %d/%d a%d d%d e%d, gmc %d/%d a%d d%d e%d",
							want.Stored, want.Matched, want.AtomicSteps, want.DepthReached, want.Errors,
							got.Stored, got.Matched, got.AtomicSteps, got.DepthReached, got.Stats.NumErrors)
					}
					if !noMerge {
						// the other exact stores, and hash compaction (but
						// for an omission: under 10^-6 on these models),
						// must count what pan counts too
						for name, st := range map[string]store.Store{"collapse": store.NewCollapse(m.Splitter()), "hc": store.NewHashCompact()} {
							other, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: spinref.DefaultMaxDepth}, Reduce: reduce, Store: st}).Run()
							if err != nil {
								t.Fatalf("gmc --store %s: %v", name, err)
							}
							if other.Stored != want.Stored || other.Matched != want.Matched || other.Stats.NumErrors != want.Errors ||
								other.AtomicSteps != want.AtomicSteps || int64(other.DepthReached) != want.DepthReached {
								verdict = "DIFFERENT"
								t.Errorf("pan %d/%d a%d d%d e%d, gmc --store %s %d/%d a%d d%d e%d", want.Stored, want.Matched, want.AtomicSteps,
									want.DepthReached, want.Errors, name, other.Stored, other.Matched, other.AtomicSteps, other.DepthReached, other.Stats.NumErrors)
							}
						}
					}
					listing := compareUnreached(t, model, m, got, want)
					mu.Lock()
					rows = append(rows, row{name, mode, fmt.Sprintf("%d/%d", want.Stored, want.Matched),
						fmt.Sprintf("%d/%d", got.Stored, got.Matched), verdict, listing})
					mu.Unlock()
				})
			}
		}
	})
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].name != rows[j].name {
			return rows[i].name < rows[j].name
		}
		return rows[i].mode > rows[j].mode
	})
	var table strings.Builder
	fmt.Fprintf(&table, "\n%-40s %-6s %24s %24s  %-9s %s\n", "model", "mode", "pan stored/matched", "gmc stored/matched", "counts", "unreached")
	for _, r := range rows {
		fmt.Fprintf(&table, "%-40s %-6s %24s %24s  %-9s %s\n", r.name, r.mode, r.pan, r.gmc, r.verdict, r.listing)
	}
	t.Log(table.String())
}

// compareUnreached compares gmc's unreached listing with pan's, when pan
// printed one (it does not after a search that stopped early). It
// returns the verdict for the table.
func compareUnreached(t *testing.T, model string, m *vm.Model, got *Result, want *spinref.Result) string {
	panList := unreachedSection(want.Report)
	if panList == "" {
		return "-"
	}
	if got.Stop.Early() {
		t.Errorf("pan listed unreached states, but gmc's search stopped: %s", got.Stop)
		return "DIFFERENT"
	}
	verdict := "same"
	var b strings.Builder
	WriteUnreached(&b, m, got)
	// pan runs on a copy of the model in its own directory: its file
	// names are relative to the model's directory.
	gmcList := strings.ReplaceAll(b.String(), filepath.Dir(model)+"/", "")
	if gmcList != panList {
		t.Errorf("unreached listing differs\ngmc:\n%s\npan:\n%s", gmcList, panList)
		return "DIFFERENT"
	}
	return verdict
}

// unreachedSection is the part of a pan report from the first "unreached
// in" line through the last "(k of n states)" line ("" if none).
func unreachedSection(report string) string {
	start := strings.Index(report, "unreached in ")
	if start < 0 {
		return ""
	}
	rest := report[start:]
	end := strings.LastIndex(rest, " states)\n")
	if end < 0 {
		return ""
	}
	return rest[:end+len(" states)\n")]
}
