package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gmc/checker"
	"gmc/search"
)

// model is a file of examples/models, by path from the repository root.
func model(t *testing.T, name string) string {
	t.Helper()
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, "examples", "models", name)
}

func TestRoot(t *testing.T) {
	root, err := Root()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "bench", "internal", "corpus")); err != nil {
		t.Errorf("Root() = %s, which does not hold this package: %v", root, err)
	}
	files, err := Files(Default[:1])
	if err != nil || len(files) == 0 {
		t.Errorf("Files(%q) = %v, %v: the default corpus is not found from the root", Default[:1], files, err)
	}
}

// TestLoad checks what Load keeps: the state bounds, errors, defines,
// and files that are not models.
func TestLoad(t *testing.T) {
	leader, bugs := model(t, "leader_n.pml"), model(t, "bugs.pml")
	all, skipped, err := Load([]string{leader, bugs, "no-such-model.pml"}, nil, Options{MaxStates: 1 << 20, KeepErrors: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || len(skipped) != 1 || skipped[0].Arg != "no-such-model.pml" {
		t.Fatalf("kept %d, skipped %v: want leader_n and bugs kept, the missing file skipped", len(all), skipped)
	}
	for _, m := range all {
		if !m.Full.Complete() || m.Full.Stored == 0 {
			t.Errorf("%s: exhaustive search %s with %d states", m.Name, m.Full.Stop, m.Full.Stored)
		}
	}
	small := all[0].Full.Stored

	// A model with errors is left out unless KeepErrors; one with fewer
	// states than MinStates or more than MaxStates too.
	kept, skipped, _ := Load([]string{bugs}, nil, Options{MaxStates: 1 << 20})
	if len(kept) != 0 || len(skipped) != 1 || !strings.Contains(skipped[0].Reason, "error") {
		t.Errorf("bugs.pml without KeepErrors: kept %d, skipped %v", len(kept), skipped)
	}
	if kept, _, _ := Load([]string{leader}, nil, Options{MinStates: small + 1, MaxStates: 1 << 20}); len(kept) != 0 {
		t.Errorf("leader_n.pml (%d states) kept with MinStates %d", small, small+1)
	}
	if kept, _, _ := Load([]string{leader}, nil, Options{MaxStates: small - 1}); len(kept) != 0 {
		t.Errorf("leader_n.pml (%d states) kept with MaxStates %d", small, small-1)
	}

	// Defines reach the model, its name and its recompilation.
	kept, _, _ = Load([]string{leader + ":N=4"}, nil, Options{MaxStates: 1 << 20})
	if len(kept) != 1 {
		t.Fatal("leader_n.pml:N=4 left out")
	}
	m := kept[0]
	if m.Name != "leader_n.pml N=4" || m.Full.Stored == small {
		t.Errorf("leader_n.pml:N=4: name %q, %d states (default N: %d)", m.Name, m.Full.Stored, small)
	}
	again, err := m.Compile()
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	res, err := checker.NewDFS(again, checker.Options{Budget: search.Budget{MaxDepth: MaxDepth}}).Run()
	if err != nil {
		t.Fatal(err)
	}
	if res.Stored != m.Full.Stored {
		t.Errorf("Compile: the recompiled model has %d states, want %d", res.Stored, m.Full.Stored)
	}
}
