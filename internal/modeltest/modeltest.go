package modeltest

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"gmc/lang"
	"gmc/search"
	"gmc/vm"
)

// Compile loads, checks and compiles a model file (statement merging on
// unless noMerge).
func Compile(file string, noMerge bool) (*vm.Model, error) {
	spec, diags := lang.Load(file, nil)
	if diags.ErrorCount() > 0 {
		return nil, fmt.Errorf("%v", diags)
	}
	return vm.Compile(spec, vm.Options{NoMerge: noMerge})
}

// MustCompile is Compile that fails the test on an error.
func MustCompile(t testing.TB, file string, noMerge bool) *vm.Model {
	t.Helper()
	m, err := Compile(file, noMerge)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Sources returns the text of the files the glob patterns match: a fuzz
// target's seeds.
func Sources(patterns ...string) [][]byte {
	var srcs [][]byte
	for _, pattern := range patterns {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if src, err := os.ReadFile(file); err == nil {
				srcs = append(srcs, src)
			}
		}
	}
	return srcs
}

// FuzzModel compiles src, a fuzzer's input, with opts, when the front end
// accepts it (without reading any other file), and returns nil when it
// does not. A d_step that never ends stops after 2^16 rounds
// (vm.Options.DstepLoops), not vm.DefaultDstepLoops, so that such an
// input does not hold up the fuzzer for seconds.
func FuzzModel(src []byte, opts vm.Options) *vm.Model {
	noFiles := &lang.Options{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	spec, diags := lang.Parse("f.pml", src, noFiles)
	if spec == nil || diags.ErrorCount() > 0 {
		return nil
	}
	lang.Check(spec, &diags)
	if diags.ErrorCount() > 0 {
		return nil
	}
	opts.DstepLoops = 1 << 16
	m, err := vm.Compile(spec, opts)
	if err != nil {
		return nil
	}
	return m
}

// StopsAtTimeLimit runs a search whose time bound is short (run returns
// how it stopped, and its error) and checks that it stops by that bound
// within 30 seconds: a search that does not look at its bound would run
// on for ever, and the test with it.
func StopsAtTimeLimit(t testing.TB, run func() (search.Stop, error)) {
	t.Helper()
	type result struct {
		stop search.Stop
		err  error
	}
	done := make(chan result, 1)
	go func() {
		stop, err := run()
		done <- result{stop, err}
	}()
	select {
	case r := <-done:
		switch {
		case r.err != nil:
			t.Error(r.err)
		case r.stop.Reason != search.TimeLimit:
			t.Errorf("stopped by %v, want the time limit", r.stop)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("still searching 30 s after its time bound")
	}
}

// Graph explores m breadth-first with Runners, independently of the
// search, and returns each node's successors (one per move, by node id)
// and, for the nodes the search stores (not inside a rendezvous, nor
// inside an atomic sequence that can go on), their keys. A node is a state
// with the runner's owner, pending offer and sender. ok is false on a
// fatal error or beyond limit nodes.
func Graph(t testing.TB, m *vm.Model, limit int) (succ map[string][]string, stored map[string]string, ok bool) {
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

// Subset is files under -short: n of them, spread evenly over the list so
// that the quick test loop still meets models of every kind; without
// -short, all of them.
func Subset(files []string, n int) []string {
	if !testing.Short() || len(files) <= n {
		return files
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, files[i*len(files)/n])
	}
	return out
}
