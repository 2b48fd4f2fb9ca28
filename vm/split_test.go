package vm_test

import (
	"fmt"
	"strings"
	"testing"

	"gmc/internal/modeltest"
	"gmc/vm"
)

// localChans has processes that create channels (buffered and
// rendezvous), run by other processes, beside global ones: the splitter's
// global part is built from pieces of the key then.
const localChans = `
chan g = [2] of { byte };
chan r = [0] of { byte };
proctype Relay(chan out) {
	chan mine = [1] of { byte, short };
	chan sync = [0] of { byte };
	byte x;
	do
	:: g?x -> mine!x,300; mine?x,_; out!x
	:: x > 1 -> break
	od
}
proctype Sink() { byte y; do :: r?y -> y++ :: y > 2 -> break od }
init {
	atomic { run Relay(r); run Sink() };
	g!1; g!2;
	run Relay(r)
}
`

// TestSplitter checks the parts of every stored state of models with
// local channels, rendezvous and none: every byte of the key is in one
// part, the global part starts with the key's header, a process part
// with its proctype, and no two keys have the same parts (collapse
// compression would confuse them).
func TestSplitter(t *testing.T) {
	models := map[string]*vm.Model{"localChans": compile(t, localChans)}
	for _, f := range []string{"testdata/dump/rendezvous.pml", "testdata/dump/processes.pml", "../examples/models/channels.pml", "../examples/models/leader_n.pml"} {
		models[f] = compileFile(t, f, vm.Options{})
	}
	for name, m := range models {
		_, stored, ok := modeltest.Graph(t, m, 200000)
		if !ok || len(stored) < 20 {
			t.Fatalf("%s: %d stored states (the graph was cut: %v)", name, len(stored), !ok)
		}
		sp := m.Splitter()
		keys := map[string]string{} // the parts, joined, and their key
		for _, key := range stored {
			k := []byte(key)
			parts := sp.Split(k, nil)
			n := 0
			for _, p := range parts {
				n += len(p)
			}
			if n != len(k) {
				t.Fatalf("%s: parts of %d bytes for a key of %d", name, n, len(k))
			}
			if string(parts[0][:2]) != key[:2] {
				t.Fatalf("%s: the global part does not start with the header", name)
			}
			if len(parts)-1 != int(k[0]) {
				t.Fatalf("%s: %d process parts for %d processes", name, len(parts)-1, k[0])
			}
			var j strings.Builder
			for _, p := range parts {
				fmt.Fprintf(&j, "%d:%s", len(p), p)
			}
			if other, dup := keys[j.String()]; dup && other != key {
				t.Fatalf("%s: two keys with the same parts", name)
			}
			keys[j.String()] = key
		}
		t.Logf("%s: %d states", name, len(stored))
	}
}
