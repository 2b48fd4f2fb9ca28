package checker

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/vm"
)

// modelsIn lists the models (*.pml) of the directories dirs, in order.
func modelsIn(dirs ...string) []string {
	var files []string
	for _, dir := range dirs {
		f, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
		files = append(files, f...)
	}
	return files
}

// expectation is what SPIN reported for one spin-notes case in one mode.
type expectation struct {
	stored, matched, transitions, atomic, depth, errors int64
}

// countsOf is a search's counts as pan's are compared with them.
func countsOf(res *Result) expectation {
	return expectation{res.Stored, res.Matched, res.Transitions, res.AtomicSteps, int64(res.DepthReached), res.NumErrors}
}

var expectRE = regexp.MustCompile(`expect (merge|nomerge):\s+stored=(\d+) matched=(\d+) transitions=(\d+) atomic=(\d+) depth=(\d+) errors=(\d+)`)

type noteCase struct {
	file     string
	maxDepth int
	spin     string
	expect   map[string]expectation
}

func readNoteCase(t *testing.T, file string) noteCase {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := noteCase{file: file, maxDepth: 100000, expect: map[string]expectation{}}
	for _, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "*"))
		switch {
		case strings.HasPrefix(line, "pan:"):
			if m := regexp.MustCompile(`-m(\d+)`).FindStringSubmatch(line); m != nil {
				c.maxDepth, _ = strconv.Atoi(m[1])
			}
		case strings.HasPrefix(line, "spin:"):
			c.spin = strings.TrimSpace(strings.TrimPrefix(line, "spin:"))
		}
		if m := expectRE.FindStringSubmatch(line); m != nil {
			n := func(i int) int64 { v, _ := strconv.ParseInt(m[i], 10, 64); return v }
			c.expect[m[1]] = expectation{n(2), n(3), n(4), n(5), n(6), n(7)}
		}
	}
	return c
}

// verify runs gmc's exhaustive search on a model file.
func verify(t *testing.T, file string, noMerge bool, maxDepth int) (*Result, error) {
	m, err := modeltest.Compile(file, noMerge)
	if err != nil {
		return nil, err
	}
	return NewDFS(m, Options{Budget: search.Budget{MaxDepth: maxDepth}}).Run()
}

// verifyModel runs the search pan's conformance runs do (-c0 -m100000)
// and returns the result with the model.
func verifyModel(t *testing.T, file string, noMerge bool) (*Result, *vm.Model) {
	m, err := modeltest.Compile(file, noMerge)
	if err != nil {
		t.Fatal(err)
	}
	res, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 100000}}).Run()
	if err != nil {
		t.Fatal(err)
	}
	return res, m
}

// notYet lists the cases whose rule gmc does not implement yet, with the
// rule; each entry is a gap to close, not a tolerance.
var notYet = map[string]string{}

// TestSpinNotes checks every rule of docs/references.md#spin-notes, as the models in
// testdata/spinnotes with the counts the installed SPIN gave for them.
func TestSpinNotes(t *testing.T) { testCounts(t, "../testdata/spinnotes") }

// TestSemantics checks the further rules gmc learned from SPIN's sources,
// as the models in testdata/semantics (same format as spinnotes).
func TestSemantics(t *testing.T) { testCounts(t, "../testdata/semantics") }

// testCounts runs every model in dir in both modes and compares the counts
// with the ones recorded in the model's header.
func testCounts(t *testing.T, dir string) {
	files, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
	if len(files) == 0 {
		t.Fatal("no cases in " + dir)
	}
	for _, file := range files {
		c := readNoteCase(t, file)
		name := strings.TrimSuffix(filepath.Base(file), ".pml")
		if c.spin != "" {
			t.Run(name, func(t *testing.T) {
				t.Skip("needs SPIN option " + c.spin + ", which gmc does not have")
			})
			continue
		}
		if len(c.expect) == 0 {
			t.Errorf("%s: no expect lines", file)
		}
		for _, mode := range []string{"nomerge", "merge"} {
			want, ok := c.expect[mode]
			if !ok {
				continue
			}
			t.Run(name+"/"+mode, func(t *testing.T) {
				if why, ok := notYet[name]; ok {
					t.Skip("not implemented yet: " + why)
				}
				if why, ok := notYet[mode]; ok {
					t.Skip("not implemented yet: " + why)
				}
				res, err := verify(t, file, mode == "nomerge", c.maxDepth)
				if err != nil {
					t.Fatal(err)
				}
				got := countsOf(res)
				if got != want {
					t.Errorf("got    stored=%d matched=%d transitions=%d atomic=%d depth=%d errors=%d\nwant   stored=%d matched=%d transitions=%d atomic=%d depth=%d errors=%d",
						got.stored, got.matched, got.transitions, got.atomic, got.depth, got.errors,
						want.stored, want.matched, want.transitions, want.atomic, want.depth, want.errors)
				}
			})
		}
	}
}
