package checker

import (
	"path/filepath"
	"testing"

	"gmc/vm"
)

// TestRunnerMatchesSearch checks that vm.Runner, which simulation and
// replay use, allows exactly the moves the search takes: a breadth-first
// exploration through Runner.Moves and Runner.Do must reach the same set
// of stored states as the DFS, on the spin-notes, semantics, unreached and
// example models (those without a depth bound or a fatal error, and small
// enough).
func TestRunnerMatchesSearch(t *testing.T) {
	var files []string
	for _, dir := range []string{"../testdata/spinnotes", "../testdata/semantics", "../examples/models", "../testdata/unreached"} {
		f, _ := filepath.Glob(filepath.Join(dir, "*.pml"))
		files = append(files, f...)
	}
	compared := 0
	for _, file := range files {
		c := readNoteCase(t, file)
		if c.spin != "" || c.maxDepth != 100000 {
			continue
		}
		name := filepath.Base(file)
		for _, noMerge := range []bool{false, true} {
			m, err := compileFile(file, noMerge)
			if err != nil {
				t.Fatal(err)
			}
			res, err := NewDFS(m, Options{MaxDepth: 100000}).Run()
			if err != nil {
				t.Fatal(err)
			}
			if res.Stopped != "" || res.DepthLimited {
				continue // a fatal error cut the search short
			}
			stored, ok := runnerStates(t, m)
			if !ok {
				continue
			}
			compared++
			if stored != res.Stored {
				t.Errorf("%s (no merge %v): the runner reaches %d storable states, the search stores %d", name, noMerge, stored, res.Stored)
			}
		}
	}
	t.Logf("%d models compared", compared)
	if compared < 100 {
		t.Errorf("only %d models compared: the test lost its cases", compared)
	}
}

// runnerStates explores m breadth-first with a Runner and counts the
// distinct vectors of the states the search would store: not inside a
// rendezvous, and not inside an atomic sequence that can go on. It gives
// up (false) on a fatal error or after a million nodes.
func runnerStates(t *testing.T, m *vm.Model) (int64, bool) {
	type node struct {
		s                      *vm.State
		owner, pending, sender int
	}
	key := func(n node) string {
		return string(m.Vector(n.s)) + string([]byte{byte(n.owner + 1), byte(n.pending), byte(n.sender + 1)})
	}
	start, err := vm.NewRunner(m)
	if err != nil {
		t.Fatal(err)
	}
	first := node{start.S, start.Owner, start.Pending, start.Sender}
	seen := map[string]bool{key(first): true}
	stored := map[string]bool{}
	queue := []node{first}
	for len(queue) > 0 {
		if len(seen) > 1000000 {
			return 0, false
		}
		n := queue[0]
		queue = queue[1:]
		r := &vm.Runner{M: m, S: n.s, Owner: n.owner, Pending: n.pending, Sender: n.sender}
		r = vm.ResumeRunner(r)
		moves, _ := r.Moves()
		if r.Pending == 0 && r.Owner < 0 {
			stored[string(m.Vector(n.s))] = true
		}
		for _, mv := range moves {
			next := vm.ResumeRunner(&vm.Runner{M: m, S: n.s, Owner: r.Owner, Pending: r.Pending, Sender: r.Sender})
			for _, e := range next.Do(mv) {
				if e.Fatal {
					return 0, false
				}
			}
			c := node{next.S, next.Owner, next.Pending, next.Sender}
			if k := key(c); !seen[k] {
				seen[k] = true
				queue = append(queue, c)
			}
		}
	}
	return int64(len(stored)), true
}
