package checker

import (
	"testing"
	"time"

	"gmc/internal/modeltest"
	"gmc/lang"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// TestTimeBoundInUnstoredTree: a search that stores one state and then
// tries moves without end, in a tree of states it does not store (an
// atomic loop, down to the depth bound), stops at its time bound: the
// bounds are checked every so many moves, not only every so many states
// stored. Also the product search (-l) and the estimate from the stack
// that follows a stopped search (which lists the same tree).
func TestTimeBoundInUnstoredTree(t *testing.T) {
	m := modeltest.MustCompile(t, "testdata/bounds/atomic_tree.pml", false)
	spec, diags := lang.Load("testdata/bounds/atomic_tree.pml", nil)
	if diags.ErrorCount() > 0 {
		t.Fatal(diags)
	}
	np, err := vm.Compile(spec, vm.Options{NonProgress: true})
	if err != nil {
		t.Fatal(err)
	}
	budget := search.Budget{MaxDepth: 10000, Time: 200 * time.Millisecond}
	for _, c := range []struct {
		name string
		m    *vm.Model
		opts Options
	}{
		{"dfs", m, Options{Budget: budget}},
		{"non-progress", np, Options{Budget: budget, Cycles: NonProgressCycles}},
	} {
		t.Run(c.name, func(t *testing.T) {
			modeltest.StopsAtTimeLimit(t, func() (search.Stop, error) {
				res, err := NewDFS(c.m, c.opts).Run()
				if err != nil {
					return search.Stop{}, err
				}
				return res.Stop, nil
			})
		})
	}
}

// fillingStore is an exact store that holds room states and panics with
// store.ErrFull at the next, as a store.Exact does when its arena can
// have no more chunks.
type fillingStore struct {
	exact *store.Exact
	room  int
}

func (f *fillingStore) Insert(v []byte) bool {
	if f.exact.Len() == f.room && !f.exact.Has(v) {
		panic(store.ErrFull)
	}
	return f.exact.Insert(v)
}

func (f *fillingStore) Len() int                     { return f.exact.Len() }
func (f *fillingStore) Bytes() (states, table int64) { return f.exact.Bytes() }

// TestStoreFull: a search whose store is full (store.ErrFull) stops at
// the memory bound, saying why, with the states it stored: the
// depth-first search with and without reduction, and the breadth-first.
// (The product search takes only the stores of package store, and
// recovers the same way: unwound.)
func TestStoreFull(t *testing.T) {
	m := modeltest.MustCompile(t, "../examples/models/peterson_n.pml", false)
	const room = 500
	for _, c := range []struct {
		name string
		run  func(Options) (*Result, error)
		opts Options
	}{
		{"dfs", func(o Options) (*Result, error) { return NewDFS(m, o).Run() }, Options{}},
		{"dfs reduced", func(o Options) (*Result, error) { return NewDFS(m, o).Run() }, Options{Reduce: true}},
		{"bfs", func(o Options) (*Result, error) { return NewBFS(m, o).Run() }, Options{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.opts.Store = &fillingStore{exact: store.NewExact(), room: room}
			res, err := c.run(c.opts)
			if err != nil {
				t.Fatal(err)
			}
			if res.Stop.Reason != search.MemoryBound || res.Stop.Detail != store.ErrFull.Error() {
				t.Errorf("stop %+v, want the memory bound: %v", res.Stop, store.ErrFull)
			}
			if res.Stored != room {
				t.Errorf("stored %d, want %d", res.Stored, room)
			}
		})
	}
}
