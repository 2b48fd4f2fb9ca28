package vm_test

import (
	"bytes"
	"slices"
	"testing"

	"gmc/internal/modeltest"
	"gmc/vm"
)

// TestKeyer checks that a Keyer builds the keys Model.Key builds, over the
// states of a model whose channels change (processes with local channels
// created and ended), taken in breadth-first order so that consecutive
// keys are of different layouts, as a search's are; and that Offsets
// finds each state's Procs and Chans from its bytes.
func TestKeyer(t *testing.T) {
	m := modeltest.MustCompile(t, "testdata/keyer/layouts.pml", false)
	r, err := vm.NewRunner(m)
	if err != nil {
		t.Fatal(err)
	}
	k := vm.NewKeyer(m)
	var buf []byte
	seen := map[string]bool{}
	queue := []*vm.State{r.S.Clone()}
	layouts := map[int]bool{}
	for len(queue) > 0 && len(seen) < 5000 {
		s := queue[0]
		queue = queue[1:]
		want := m.Key(s, nil)
		buf = k.Key(s, buf)
		if !bytes.Equal(buf, want) {
			t.Fatalf("Keyer.Key = %v, Model.Key = %v", buf, want)
		}
		layouts[len(s.Chans)] = true
		procs, chans := m.Offsets(s.Buf, nil, nil)
		if !slices.Equal(procs, s.Procs) || !slices.Equal(chans, s.Chans) {
			t.Fatalf("Offsets = %v, %v; the state's %v, %v", procs, chans, s.Procs, s.Chans)
		}
		r.S, r.Owner, r.Pending, r.Sender = s, -1, 0, -1
		moves, _ := r.Moves()
		for _, mv := range moves {
			r.S, r.Owner, r.Pending, r.Sender = s, -1, 0, -1
			r.Do(mv)
			if key := string(m.Vector(r.S)); !seen[key] {
				seen[key] = true
				queue = append(queue, r.S.Clone())
			}
		}
	}
	if len(layouts) < 3 {
		t.Errorf("%d channel layouts met, want at least 3", len(layouts))
	}
}
