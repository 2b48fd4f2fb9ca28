package vm

import (
	"maps"
	"slices"
	"testing"
)

// TestFixedReceives checks which receives Compile finds name their
// channel by variables no statement writes (recvTest.fixed: the
// receives whose processes the index of takers may leave out of an
// offer's pass, offers.go). TestOpenReceiver checks that the passes are
// right whatever is marked; this checks that the index is used where it
// can be, and not where a statement changes the channel.
func TestFixedReceives(t *testing.T) {
	m := compileSource(t, `
chan get[2] = [0] of { byte };
chan g = [0] of { byte };
chan moved[2] = [0] of { byte };
chan h = [0] of { byte };
byte gi;
proctype P(byte i; chan c) {
	byte x, j;
	chan d = g;
	do
	:: get[i]?x            /* a parameter indexes a global array */
	:: get[1]?x            /* a constant index */
	:: g?x                 /* a global channel */
	:: c?x                 /* a parameter */
	:: get[j]?x; j = 1 - j /* an index some statement writes */
	:: d?x                 /* a local initialised by a statement */
	:: moved[i]?x          /* an array one statement writes an element of */
	:: h?x                 /* a global a statement writes */
	:: get[gi]?x           /* a global index no statement writes */
	od
}
init {
	run P(0, g); run P(1, h);
	moved[1] = g;
	h = g
}`, Options{})
	want := map[string]bool{
		"get[i]?x":   true,
		"get[1]?x":   true,
		"g?x":        true,
		"c?x":        true,
		"get[j]?x":   false,
		"d?x":        false,
		"moved[i]?x": false,
		"h?x":        false,
		"get[gi]?x":  true,
	}
	got := map[string]bool{}
	for _, pt := range m.Types {
		for _, tr := range pt.Trans {
			if tr.Recv && tr.Code.recv != nil {
				got[tr.Text] = tr.Code.recv.fixed
			}
		}
	}
	for text, fixed := range want {
		g, ok := got[text]
		switch {
		case !ok:
			t.Errorf("%s: no receive test (receives with one: %v)", text, slices.Sorted(maps.Keys(got)))
		case g != fixed:
			t.Errorf("%s: fixed %v, want %v", text, g, fixed)
		}
	}
}
