package vm

import (
	"strings"
	"testing"

	"gmc/lang"
)

// compileSource checks and compiles a model given as text.
func compileSource(t *testing.T, src string, opts Options) *Model {
	t.Helper()
	spec, diags := lang.Parse("m.pml", []byte(src), nil)
	if diags.ErrorCount() == 0 {
		lang.Check(spec, &diags)
	}
	if diags.ErrorCount() > 0 {
		t.Fatalf("%v", diags)
	}
	m, err := Compile(spec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// runOne runs process 0 of a one-process model to its end, taking the
// first executable transition each time (else when nothing else is), and
// returns its printf output.
func runOne(t *testing.T, src string) string {
	t.Helper()
	m := compileSource(t, src, Options{})
	s, err := m.InitialState()
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	machine := NewMachine(m)
	machine.Print = func(text string, errs []string) {
		for _, e := range errs {
			out.WriteString("error: " + e + "\n")
		}
		out.WriteString(text)
	}
	for step := 0; s.NrProcs() > 0; step++ {
		if step > 1000 {
			t.Fatal("runs for ever")
		}
		pt := m.ProcType(s, 0)
		var taken *Trans
		for _, tr := range pt.PCs[m.PC(s, 0)].Trans {
			if !tr.Else && machine.Guard(s, 0, tr) {
				taken = tr
				break
			}
		}
		if taken == nil {
			for _, tr := range pt.PCs[m.PC(s, 0)].Trans {
				if tr.Else && machine.Guard(s, 0, tr) {
					taken = tr
				}
			}
		}
		if taken == nil {
			t.Fatalf("blocked after output %q", out.String())
		}
		next := s.Clone()
		if !machine.Effect(next, taken) {
			t.Fatalf("%s: %v", taken.Text, machine.Errors)
		}
		s = next
	}
	return out.String()
}

// TestValues checks integer widths, truncation on assignment, arithmetic,
// channel operations and printf against what SPIN 6.5.2 prints for the
// same model (spin -T).
func TestValues(t *testing.T) {
	got := runOne(t, `
mtype = { red, green };
chan q = [4] of { byte, mtype };
active proctype p() {
	byte b = 255; bit t = 1; short s = 32767; int i = -7; unsigned u : 3 = 7;
	byte x, y; mtype m;
	b++; t = t + 1; s++; u++;
	printf("%d %d %d %d\n", b, t, s, u);
	printf("%d %d %d %d\n", i / 2, i % 2, ~0, 1 << 3);
	printf("%d %d\n", (b == 0 -> 10 : 20), (b != 0 -> 10 : 20));
	b = 300; s = -40000; printf("%d %d\n", b, s);
	q!3,red; q!1,green; q!!2,red; q!!0,green;
	q?x,m; printf("%d ", x); printm(m); printf("\n");
	q??3,m; printf("%d %d\n", len(q), m);
	q?<x,m>; printf("%d %d\n", x, len(q));
	q?[2,red] -> printf("yes\n");
	printf("%c%c %x %o %u\n", 72, 105, 255, 8, 5);
}`)
	want := `0 0 -32768 0
-3 -1 -1 8
10 20
44 25536
0 green
2 2
2 2
yes
Hi ff 10 5
`
	if got != want {
		t.Errorf("got:\n%s\nwant (spin -T):\n%s", got, want)
	}
}

// TestDisassemble checks that transition code prints one instruction per
// line, for reading the compiler's output.
func TestDisassemble(t *testing.T) {
	m := compileSource(t, `byte x; active proctype p() { x > 2 -> x = x + 1 }`, Options{NoMerge: true})
	code := m.Types[0].PCs[m.Types[0].Start].Trans[0].Code.String()
	t.Log("\n" + code)
	for _, op := range []string{"loadg", "const", "gt", "jzfail", "guardok"} {
		if !strings.Contains(code, op) {
			t.Errorf("disassembly lacks %s:\n%s", op, code)
		}
	}
}

// TestTraceKeepsFingerprint checks that compiling with trace marks (for
// simulation and replay) changes neither the fingerprint trails carry nor
// what the model does.
func TestTraceKeepsFingerprint(t *testing.T) {
	src := `byte x; chan c = [1] of { byte };
active proctype p() { do :: x < 3 -> x++; c!x; c?_ :: else -> break od; d_step { x > 2 -> if :: x == 3 -> x = 0 :: else fi } }`
	for _, noMerge := range []bool{false, true} {
		plain := compileSource(t, src, Options{NoMerge: noMerge})
		traced := compileSource(t, src, Options{NoMerge: noMerge, Trace: true})
		if plain.Fingerprint() != traced.Fingerprint() {
			t.Errorf("no merge %v: tracing changes the fingerprint", noMerge)
		}
	}
}

// TestRendezvousRefusals: spin refuses enabled() in a model with a
// rendezvous channel, and pan's build priorities (an #error in pan.c),
// which SPIN's simulator runs; so does Compile, with the position of
// the first use.
func TestRendezvousRefusals(t *testing.T) {
	for _, c := range []struct {
		src, want string
		sim       bool // the simulator refuses it too
	}{
		{"chan c = [0] of { byte };\nactive proctype P() priority 2 { c!1 }\nactive proctype Q() { c?_ }\n",
			"m.pml:2:1: error: use of priorities cannot be combined with rendezvous", false},
		{"chan c = [0] of { byte };\nactive proctype P() { set_priority(_pid, 2); c!1 }\nactive proctype Q() { c?_ }\n",
			"m.pml:2:23: error: use of priorities cannot be combined with rendezvous", false},
		{"active proctype P() { chan c = [0] of { byte }; enabled(0) -> c!1 }\n",
			"m.pml:1:49: error: cannot use enabled() in models with synchronous channels", true},
		{"chan c = [1] of { byte };\nactive proctype P() priority 2 { enabled(0) -> c!1 }\n", "", false},
	} {
		spec, diags := lang.Parse("m.pml", []byte(c.src), nil)
		if diags.ErrorCount() == 0 {
			lang.Check(spec, &diags)
		}
		if diags.ErrorCount() > 0 {
			t.Fatalf("%v", diags)
		}
		_, err := Compile(spec, Options{})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.want != "" && (err == nil || !strings.HasPrefix(err.Error(), c.want)):
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
		if _, err := Compile(spec, Options{Simulator: true}); (err != nil) != c.sim {
			t.Errorf("%q: the simulator's compile: %v", c.src, err)
		}
	}
}
