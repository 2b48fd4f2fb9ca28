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

// runnerStates explores m with runnerGraph and counts the distinct
// states the search would store. It gives up (false) on a fatal error or
// after a million nodes.
func runnerStates(t *testing.T, m *vm.Model) (int64, bool) {
	_, stored, ok := runnerGraph(t, m, 1000000)
	keys := map[string]bool{}
	for _, k := range stored {
		keys[k] = true
	}
	return int64(len(keys)), ok
}

// runnerGraph explores m breadth-first with Runners, independently of the
// search, and returns each node's successors (one per move, by node id)
// and, for the nodes the search stores (not inside a rendezvous, nor
// inside an atomic sequence that can go on), their keys. A node is a state
// with the runner's owner, pending offer and sender. ok is false on a
// fatal error or beyond limit nodes.
func runnerGraph(t *testing.T, m *vm.Model, limit int) (succ map[string][]string, stored map[string]string, ok bool) {
	type node struct {
		s                      *vm.State
		owner, pending, sender int
	}
	id := func(n node) string {
		return string(m.Vector(n.s)) + string([]byte{byte(n.owner + 1), byte(n.pending), byte(n.sender + 1)})
	}
	start, err := vm.NewRunner(m)
	if err != nil {
		t.Fatal(err)
	}
	first := node{start.S, start.Owner, start.Pending, start.Sender}
	succ, stored = map[string][]string{id(first): nil}, map[string]string{}
	queue := []node{first}
	for len(queue) > 0 {
		if len(succ) > limit {
			return succ, stored, false
		}
		n := queue[0]
		queue = queue[1:]
		r := vm.ResumeRunner(&vm.Runner{M: m, S: n.s, Owner: n.owner, Pending: n.pending, Sender: n.sender})
		moves, _ := r.Moves()
		if r.Pending == 0 && r.Owner < 0 {
			stored[id(n)] = string(m.Key(n.s, nil))
		}
		var next []string
		for _, mv := range moves {
			c := vm.ResumeRunner(&vm.Runner{M: m, S: n.s, Owner: r.Owner, Pending: r.Pending, Sender: r.Sender})
			for _, e := range c.Do(mv) {
				if e.Fatal {
					return succ, stored, false
				}
			}
			cn := node{c.S, c.Owner, c.Pending, c.Sender}
			k := id(cn)
			next = append(next, k)
			if _, seen := succ[k]; !seen {
				succ[k] = nil
				queue = append(queue, cn)
			}
		}
		succ[id(n)] = next
	}
	return succ, stored, true
}
