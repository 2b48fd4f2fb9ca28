package repotest

import (
	"os/exec"
	"strings"
	"testing"
)

// layer orders gmc's packages as the data flows (source → lang → vm →
// the searches → estimate → cmd): a package may import only packages of a
// lower layer. The internal helpers are below everything.
var layer = map[string]int{
	"gmc/internal/atomicfile": 0,
	"gmc/internal/hll":        0,
	"gmc/internal/hugepage":   0,
	"gmc/internal/prefetch":   0,
	"gmc/internal/vhash":      0,
	"gmc/sim/msc":             0, // a run's chart: fed events, knows no model
	"gmc/ltl":                 0, // LTL to never claims: a leaf lang imports
	"gmc/lang":                1,
	"gmc/vm":                  2,
	"gmc/search":              2, // plain values every search and estimate share
	"gmc/sample":              2, // the sample of states every search keeps, which estimate reads
	"gmc/store":               3,
	"gmc/trail":               3,
	"gmc/estimate":            3, // numbers from a search's counts and its stop
	"gmc/walk":                4,
	"gmc/sim":                 4, // simulation and replay: no search
	"gmc/checker":             5,
	"gmc/random":              6,
	"gmc/script":              6,
	"gmc/coverage":            6,
	"gmc/cmd/gmc":             9,
}

// TestLayers checks that data flows one way: no package imports one of
// its own layer or above (so sim, for instance, never imports a search),
// and every non-test package has a layer.
func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", "gmc/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := fields[0]
		if strings.HasPrefix(pkg, "gmc/internal/spinref") || pkg == "gmc/internal/modeltest" || pkg == "gmc/internal/repotest" || strings.HasPrefix(pkg, "gmc/bench") {
			continue // tools of the tests and benchmarks
		}
		own, ok := layer[pkg]
		if !ok {
			t.Errorf("%s has no layer: add it to layer", pkg)
			continue
		}
		for _, imp := range fields[1:] {
			if l, ok := layer[imp]; ok && l >= own {
				t.Errorf("%s (layer %d) imports %s (layer %d): data flows the other way", pkg, own, imp, l)
			}
		}
	}
}
