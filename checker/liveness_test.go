package checker

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gmc/internal/spinref"
	"gmc/lang"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

// livenessRow is one row of testdata/liveness/expected.tsv: what pan
// 6.5.2 printed for a model in one mode (regen.sh there made them; the
// rules are docs/references.md#spin-claims and #spin-nested-search).
type livenessRow struct {
	model, mode, flags string
	want               [6]int64 // stored matched transitions atomic depth errors
}

func readLivenessRows(t *testing.T) []livenessRow {
	f, err := os.Open("testdata/liveness/expected.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []livenessRow
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 9 || cols[0] == "model" {
			continue
		}
		r := livenessRow{model: cols[0], mode: cols[1], flags: cols[2]}
		for i := range r.want {
			if r.want[i], err = strconv.ParseInt(cols[3+i], 10, 64); err != nil {
				t.Fatalf("%s: %v", sc.Text(), err)
			}
		}
		rows = append(rows, r)
	}
	return rows
}

// livenessSearch runs the search a row's pan flags ask for: the model
// with its first claim (or -N's, or np_ for the non-progress modes), -a,
// -l, -f, -c and -m as pan reads them; with the store newStore makes for
// the model (nil: the exact store).
func livenessSearch(t *testing.T, r livenessRow, newStore func(*vm.Model) store.Store) (*Result, error) {
	_, res, err := livenessRun(t, r, newStore)
	return res, err
}

// livenessRun is livenessSearch, which also returns the model searched
// (compiled with the claim).
func livenessRun(t *testing.T, r livenessRow, newStore func(*vm.Model) store.Store) (*vm.Model, *Result, error) {
	spec, diags := lang.Load(filepath.Join("testdata/liveness", r.model+".pml"), nil)
	if diags.ErrorCount() > 0 {
		return nil, nil, fmt.Errorf("%v", diags)
	}
	var opts Options
	vmOpts := vm.Options{}
	claim := ""
	if names := vm.ClaimNames(spec); len(names) > 0 {
		claim = names[0]
	}
	flags := strings.Fields(r.flags)
	for i := 0; i < len(flags); i++ {
		f := flags[i]
		switch {
		case f == "-a":
			opts.Cycles = AcceptanceCycles
		case f == "-l":
			opts.Cycles = NonProgressCycles
		case f == "-f":
			opts.Fair = true
		case f == "-N":
			i++
			claim = flags[i]
		case strings.HasPrefix(f, "-c"):
			n, _ := strconv.Atoi(f[2:])
			opts.MaxErrors = n
		case strings.HasPrefix(f, "-m"):
			n, _ := strconv.Atoi(f[2:])
			opts.MaxDepth = n
		}
	}
	if !strings.Contains(r.flags, "-c") {
		opts.MaxErrors = 1
	}
	if strings.HasPrefix(r.mode, "nonprogress") {
		vmOpts.NonProgress = true
	} else {
		vmOpts.Claim = claim
	}
	m, err := vm.Compile(spec, vmOpts)
	if err != nil {
		return nil, nil, err
	}
	if opts.Cycles == AcceptanceCycles && !m.HasAcceptLabels() {
		opts.Cycles = NoCycles // pan: "no accept labels are defined, so option -a has no effect (ignored)"
	}
	if newStore != nil {
		opts.Store = newStore(m)
	}
	res, err := NewDFS(m, opts).Run()
	return m, res, err
}

// livenessKnownDiffs are rows gmc does not reproduce yet, each with what
// is known. The test fails when one of them starts to agree with pan, so
// that the list only ever shrinks.
var livenessKnownDiffs = map[string]string{}

// productStores are the stores the product search keeps its tags in,
// by --store name: every one must give pan's counts (hash compaction but
// for an omission, of probability under 10^-10 on these models).
var productStores = map[string]func(*vm.Model) store.Store{
	"exact":    nil,
	"collapse": func(m *vm.Model) store.Store { return store.NewCollapse(m.Splitter()) },
	"hc":       func(*vm.Model) store.Store { return store.NewHashCompact() },
}

func TestLivenessExpected(t *testing.T) {
	for _, r := range readLivenessRows(t) {
		name := r.model + " " + r.mode + " " + r.flags
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			for storeName, newStore := range productStores {
				res, err := livenessSearch(t, r, newStore)
				if err != nil {
					t.Fatal(err)
				}
				got := [6]int64{res.Stored, res.Matched, res.Transitions, res.AtomicSteps, int64(res.DepthReached), res.NumErrors}
				if _, known := livenessKnownDiffs[name]; known {
					if got == r.want {
						t.Fatalf("--store %s agrees with pan now: take it off livenessKnownDiffs", storeName)
					}
				} else if got != r.want {
					t.Errorf("--store %s: stored matched transitions atomic depth errors: got %v, pan %v", storeName, got, r.want)
				}
			}
			if why, known := livenessKnownDiffs[name]; known {
				t.Skipf("known difference with pan: %s", why)
			}
		})
	}
}

// livenessBuilds are the pan builds of expected.tsv's modes (regen.sh).
var livenessBuilds = map[string][]string{
	"safety-claim":     {"-DNOREDUCE", "-DSAFETY"},
	"acceptance":       {"-DNOREDUCE"},
	"acceptance-fair":  {"-DNOREDUCE"},
	"nonprogress":      {"-DNOREDUCE", "-DNP"},
	"nonprogress-fair": {"-DNOREDUCE", "-DNP"},
}

// TestLivenessBitstate runs every row of expected.tsv with bitstate
// storage against pan built with -DBITSTATE as well (pan -w24, no state
// lost on models this small): the product search keeps the phase and the
// fairness counters in the hashed key and the stacks apart, as pan's
// b_store and onstack_* do, so its counts are not the full store's.
func TestLivenessBitstate(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the test needs SPIN (apt-get install spin)")
	}
	if testing.Short() {
		t.Skip("a pan build per row: the full suite runs it")
	}
	for _, r := range readLivenessRows(t) {
		name := r.model + " " + r.mode + " " + r.flags
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			if _, known := livenessKnownDiffs[name]; known {
				t.Skip("a known difference with the full store")
			}
			flags := append(strings.Fields(r.flags), "-w24")
			maxErrors := 1 // pan's default, -c1
			for _, f := range flags {
				if strings.HasPrefix(f, "-c") {
					maxErrors, _ = strconv.Atoi(f[2:])
				}
			}
			build := append(slices.Clip(livenessBuilds[r.mode]), "-DBITSTATE")
			ref, err := spinref.Run(filepath.Join("testdata/liveness", r.model+".pml"), spinref.Options{MaxErrors: maxErrors, Build: build, PanFlags: flags})
			if err != nil {
				t.Skipf("pan: %v", err)
			}
			bits, err := store.NewBitstate(24, 3, 0)
			if err != nil {
				t.Fatal(err)
			}
			res, err := livenessSearch(t, r, func(*vm.Model) store.Store { return bits })
			if err != nil {
				t.Fatal(err)
			}
			got := [6]int64{res.Stored, res.Matched, res.Transitions, res.AtomicSteps, int64(res.DepthReached), res.NumErrors}
			want := [6]int64{ref.Stored, ref.Matched, ref.Transitions, ref.AtomicSteps, ref.DepthReached, ref.Errors}
			if got != want {
				t.Errorf("stored matched transitions atomic depth errors: gmc %v, pan -DBITSTATE %v", got, want)
			}
		})
	}
}

// TestLivenessTrails follows the trail of the first error of every row
// of expected.tsv that has errors, on the model with its claim, as gmc
// replay does: the trail must be one the search could take (the claim's
// steps in its turns), reach its error, and, for a cycle, lead back to
// the state where its cycle starts (which is where pan's trail says, or
// the path has no such state).
func TestLivenessTrails(t *testing.T) {
	followed := 0
	for _, r := range readLivenessRows(t) {
		if r.want[5] == 0 || strings.HasPrefix(r.model, "trace") || strings.HasPrefix(r.model, "notrace") {
			continue
		}
		name := r.model + " " + r.mode + " " + r.flags
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			m, res, err := livenessRun(t, r, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Errors) == 0 {
				t.Fatal("no error kept")
			}
			e := res.Errors[0]
			cycle := -1
			if e.Kind.IsCycle() {
				cycle = e.Cycle
				if cycle < 0 || cycle >= len(e.Trail) {
					t.Fatalf("%s: the cycle starts at step %d of %d", e.Msg, cycle, len(e.Trail))
				}
			}
			if e.Kind != AcceptStutter && len(e.Trail) < e.Depth {
				t.Errorf("%s at depth %d: a trail of %d steps", e.Msg, e.Depth, len(e.Trail))
			}
			end, raised, err := trail.Follow(m, trail.Entries(m, e.Trail), cycle)
			if err != nil {
				t.Fatalf("%s: %v", e.Msg, err)
			}
			switch e.Kind {
			case ClaimEnd:
				if !m.ClaimEnded(end.S) && m.NrPr(end.S) != 0 {
					t.Errorf("the trail of %q ends with the claim at state %d", e.Msg, m.ClaimPC(end.S))
				}
			case AssertionViolated:
				found := false
				for _, x := range raised {
					found = found || x.Msg == e.Msg
				}
				if !found {
					t.Errorf("the trail's last step raises %v, not %q", raised, e.Msg)
				}
			case AcceptStutter:
				if moves, _ := end.Moves(); len(moves) > 0 || !m.Accepting(end.S) {
					t.Errorf("accept stutter: the trail ends where %d moves are possible (accepting: %v)", len(moves), m.Accepting(end.S))
				}
			}
			followed++
		})
	}
	if followed < 40 {
		t.Errorf("only %d trails followed", followed)
	}
}

// TestLivenessFairManyProcs runs a fair search with more processes than
// pan's default build takes (testdata/liveness/fair_seven.pml, pan's
// counts built with -DNFAIR=3 in its header): the fairness counters of
// the two phases must not share their bits in a state's tags.
func TestLivenessFairManyProcs(t *testing.T) {
	r := livenessRow{model: "fair_seven", mode: "acceptance-fair", flags: "-a -f -c1 -m10000",
		want: [6]int64{256, 7099, 9221, 0, 1018, 1}}
	for storeName, newStore := range productStores {
		res, err := livenessSearch(t, r, newStore)
		if err != nil {
			t.Fatal(err)
		}
		got := [6]int64{res.Stored, res.Matched, res.Transitions, res.AtomicSteps, int64(res.DepthReached), res.NumErrors}
		if got != r.want {
			t.Errorf("--store %s: stored matched transitions atomic depth errors: got %v, pan %v", storeName, got, r.want)
		}
	}
}
