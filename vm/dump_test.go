package vm_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"gmc/internal/spinref"
	"gmc/lang"
	"gmc/vm"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/dump")

// dumpModels are the models of testdata/dump, each a few constructs SPIN
// compiles in its own way (see the comment at the top of each).
func dumpModels(t *testing.T) []string {
	t.Helper()
	models, err := filepath.Glob("testdata/dump/*.pml")
	if err != nil || len(models) < 20 {
		t.Fatalf("testdata/dump holds %d models (%v), want 20 or more", len(models), err)
	}
	return models
}

// compileFile loads and compiles a model file.
func compileFile(t *testing.T, path string, opts vm.Options) *vm.Model {
	t.Helper()
	spec, diags := lang.Load(path, nil)
	if diags.ErrorCount() > 0 {
		t.Fatalf("%s: %v", path, diags)
	}
	m, err := vm.Compile(spec, opts)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

// goldenDump is what testdata/dump/NAME.golden holds: the dump with
// statement merging, then without.
func goldenDump(t *testing.T, path string) string {
	return "-- merged --\n" + compileFile(t, path, vm.Options{}).Dump() +
		"-- not merged (--no-merge, spin -o3) --\n" + compileFile(t, path, vm.Options{NoMerge: true}).Dump()
}

// TestDumpGolden checks the transition tables of the models of
// testdata/dump against their golden files (-update rewrites them; read
// the diff). TestDumpMatchesPan checks the golden models against SPIN.
func TestDumpGolden(t *testing.T) {
	for _, path := range dumpModels(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".pml")
		t.Run(name, func(t *testing.T) {
			got := goldenDump(t, path)
			golden := strings.TrimSuffix(path, ".pml") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("the dump differs from %s (run with -update and read the diff):\n%s", golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff lists the lines of want and got that differ, position by
// position (enough to see what changed in a dump).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n\twant %q\n\tgot  %q\n", i+1, wl, gl)
		}
	}
	return b.String()
}

// dumpLine is one transition of a pan -d listing (pan's or gmc's), without
// the fields that are not SPIN's in gmc's (tr: gmc's transition number
// where pan prints its code case) or that gmc does not have (pan's tp).
type dumpLine struct {
	src, dst, id, org int
	tp                string // pan's tp (gmc prints it in reduced dumps only)
	flags             string
	line              int
	text              string
}

func (l dumpLine) String() string {
	org := ""
	if l.org > 0 {
		org = fmt.Sprintf(" org %d", l.org)
	}
	tp := ""
	if l.tp != "" {
		tp = " tp " + l.tp
	}
	return fmt.Sprintf("state %d -> %d [id %d%s%s] [%s] line %d => %s", l.src, l.dst, l.id, tp, org, l.flags, l.line, l.text)
}

// dumpUnit is the listing of one proctype, init or claim.
type dumpUnit struct {
	name  string // "proctype P", "init", "claim never_0"
	lines []dumpLine
}

var (
	dumpHeader = regexp.MustCompile(`^(proctype \S+|init|claim \S+)$`)
	dumpTrans  = regexp.MustCompile(`^\tstate +(\d+) -\(tr +\d+\)-> state +(\d+)  \[id +(\d+)(?: tp +([\d,]+))?(?: org +(\d+))?\] \[([-A-Za-z]{5})\] (.*):(\d+) => (.*)$`)
)

// parseDump reads a pan -d listing or gmc's dump; a transition line it
// cannot read is an error (a change of either format must not make the
// comparison empty).
func parseDump(out string) ([]dumpUnit, error) {
	var units []dumpUnit
	for _, text := range strings.Split(out, "\n") {
		if m := dumpHeader.FindStringSubmatch(text); m != nil {
			units = append(units, dumpUnit{name: m[1]})
			continue
		}
		if !strings.HasPrefix(text, "\tstate") {
			continue
		}
		m := dumpTrans.FindStringSubmatch(text)
		if m == nil || len(units) == 0 {
			return nil, fmt.Errorf("cannot read %q", text)
		}
		n := func(s string) int { v, _ := strconv.Atoi(s); return v }
		u := &units[len(units)-1]
		u.lines = append(u.lines, dumpLine{src: n(m[1]), dst: n(m[2]), id: n(m[3]), tp: m[4], org: n(m[5]),
			flags: m[6], line: n(m[8]), text: m[9]})
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("no proctype in the listing:\n%s", out)
	}
	return units, nil
}

// panDiff is a place where gmc's dump of a golden model differs from pan's
// and is known to: the lines of one source state of one unit (state 0:
// the whole unit) have another line number in gmc's dump (line > 0), or
// are not in it at all (line 0). Each says why.
type panDiff struct {
	unit  string
	state int
	line  int
	why   string
	merge int // 1: only with merging, -1: only without, 0: both
}

// Reasons shared by several entries.
const (
	whyEscp = "pan lists the start of an escape that covers an escape (it follows the escp links of the state's " +
		"first transition); its transitions are copied into the lists that lead there, so no process is ever at " +
		"that state and gmc has no such control state"
)

// panDifferences are the known differences, by golden model. The test
// fails when one of them is no longer seen: remove it then.
var panDifferences = map[string][]panDiff{
	// The escape { y == 4 } covers the escape y == 3 of the do.
	"unless.pml": {{unit: "proctype P", state: 27, why: whyEscp}},
}

// TestDumpMatchesPan checks, when SPIN is installed, that gmc's dump of
// each golden model is pan's (pan -d, with and without merging): the same
// proctypes, source states in the same order, and for each transition
// the same target, pan's id and org, the flags (atomic, d_step, accept,
// end, progress, local/global), the line and the text. The differences
// known and explained are in panDifferences. With -short it checks two
// models, one with merging and one without.
func TestDumpMatchesPan(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed: the dumps are not compared with pan -d")
	}
	// -short: one build of SPIN each, about half a second.
	short := map[string]bool{"atomic.pml": false, "unless.pml": true} // with -o3?
	for _, path := range dumpModels(t) {
		base := filepath.Base(path)
		for _, noMerge := range []bool{false, true} {
			if o3, ok := short[base]; testing.Short() && (!ok || o3 != noMerge) {
				continue
			}
			t.Run(fmt.Sprintf("%s/nomerge=%v", base, noMerge), func(t *testing.T) {
				t.Parallel()
				out, err := spinref.Dump(path, spinref.Options{NoMerge: noMerge, CCFlags: []string{"-UNOCLAIM", "-w"}, Timeout: 2 * time.Minute})
				if err != nil {
					t.Fatal(err)
				}
				pan, err := parseDump(out)
				if err != nil {
					t.Fatalf("pan -d: %v", err)
				}
				gmc, err := parseDump(compileFile(t, path, vm.Options{NoMerge: noMerge}).Dump())
				if err != nil {
					t.Fatalf("gmc: %v", err)
				}
				merge := 1
				if noMerge {
					merge = -1
				}
				for _, d := range panDifferences[base] {
					if d.merge == 0 || d.merge == merge {
						if pan, err = d.apply(pan); err != nil {
							t.Errorf("%v: remove it from panDifferences", err)
						}
					}
				}
				compareDumps(t, pan, gmc)
			})
		}
	}
}

// apply makes the known difference d to pan's listing, and says so if
// pan's listing does not have it.
func (d panDiff) apply(units []dumpUnit) ([]dumpUnit, error) {
	for i, u := range units {
		if u.name != d.unit {
			continue
		}
		if d.state == 0 {
			return slices.Delete(units, i, i+1), nil
		}
		var kept []dumpLine
		seen := false
		for _, l := range u.lines {
			if l.src != d.state {
				kept = append(kept, l)
				continue
			}
			if d.line == 0 {
				seen = true
				continue
			}
			seen = seen || l.line != d.line
			l.line = d.line
			kept = append(kept, l)
		}
		if !seen {
			break
		}
		units[i].lines = kept
		return units, nil
	}
	return units, fmt.Errorf("the known difference %+v is not in pan's listing", d)
}

// compareDumps reports every difference between pan's listing and gmc's.
func compareDumps(t *testing.T, pan, gmc []dumpUnit) {
	t.Helper()
	names := func(us []dumpUnit) (out []string) {
		for _, u := range us {
			out = append(out, u.name)
		}
		return out
	}
	if !slices.Equal(names(pan), names(gmc)) {
		t.Fatalf("pan lists %q, gmc %q", names(pan), names(gmc))
	}
	for i, p := range pan {
		g := gmc[i]
		for j := 0; j < max(len(p.lines), len(g.lines)); j++ {
			switch {
			case j >= len(g.lines):
				t.Errorf("%s: gmc lacks pan's %v", p.name, p.lines[j])
			case j >= len(p.lines):
				t.Errorf("%s: gmc has more than pan: %v", p.name, g.lines[j])
			case g.lines[j].tp == "" && p.lines[j].tp != "":
				pl := p.lines[j]
				pl.tp = ""
				if pl != g.lines[j] {
					t.Errorf("%s, line %d of its listing:\n\tpan %v\n\tgmc %v", p.name, j+1, pl, g.lines[j])
				}
			case p.lines[j] != g.lines[j]:
				t.Errorf("%s, line %d of its listing:\n\tpan %v\n\tgmc %v", p.name, j+1, p.lines[j], g.lines[j])
			}
		}
	}
}

// TestDumpReducedMatchesPan checks, when SPIN is installed, gmc's dump of
// the tables as pan built with partial-order reduction uses them (tp
// codes, L/G after pan's start-up) against pan -d of the default build,
// on the models of the reduction's cases (checker/testdata/por), and with
// -a on those with accept labels. With -short it checks one model.
func TestDumpReducedMatchesPan(t *testing.T) {
	if !spinref.Available() {
		t.Skip("spin or a C compiler is not installed")
	}
	models, err := filepath.Glob("../checker/testdata/por/*.pml")
	if err != nil || len(models) < 50 {
		t.Fatalf("checker/testdata/por holds %d models (%v)", len(models), err)
	}
	for _, path := range models {
		base := filepath.Base(path)
		if testing.Short() && base != "flags_chan.pml" {
			continue
		}
		for _, cycles := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/cycles=%v", base, cycles), func(t *testing.T) {
				t.Parallel()
				m := compileFile(t, path, vm.Options{})
				if cycles && !hasAccept(m) {
					t.Skip("no accept labels: pan ignores -a")
				}
				opts := spinref.Options{CCFlags: []string{"-w"}, Build: []string{}, Timeout: 2 * time.Minute}
				if cycles {
					opts.PanFlags = []string{"-a"}
				}
				out, err := spinref.Dump(path, opts)
				if err != nil {
					t.Fatal(err)
				}
				pan, err := parseDump(out)
				if err != nil {
					t.Fatalf("pan -d: %v", err)
				}
				gmc, err := parseDump(m.DumpReduced(cycles))
				if err != nil {
					t.Fatalf("gmc: %v", err)
				}
				// ltl claims: pan names the model's file where gmc names
				// _spin_nvr.tmp's lines; only the units of the model count.
				pan, gmc = withoutClaims(pan), withoutClaims(gmc)
				compareDumps(t, pan, gmc)
			})
		}
	}
}

func hasAccept(m *vm.Model) bool {
	for _, pt := range m.Units {
		for _, pc := range pt.PCs {
			if pc.Accept {
				return true
			}
		}
	}
	return false
}

func withoutClaims(us []dumpUnit) []dumpUnit {
	return slices.DeleteFunc(us, func(u dumpUnit) bool { return strings.HasPrefix(u.name, "claim ") })
}
