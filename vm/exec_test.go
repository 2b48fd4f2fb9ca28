package vm_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gmc/lang"
	"gmc/vm"
)

// The tests of this file run small models through the vm package's public
// API (lang, vm.Compile, vm.Runner) and check the values and errors that
// result, as SPIN defines them. The expression cases are checked against
// SPIN's simulator too when it is installed (TestExprCasesSpin).

// compile checks and compiles a model given as text.
func compile(t *testing.T, src string) *vm.Model {
	t.Helper()
	return compileWith(t, src, vm.Options{})
}

// compileWith compiles src with opts.
func compileWith(t *testing.T, src string, opts vm.Options) *vm.Model {
	t.Helper()
	spec, diags := lang.Parse("m.pml", []byte(src), nil)
	if diags.ErrorCount() == 0 {
		lang.Check(spec, &diags)
	}
	if diags.ErrorCount() > 0 {
		t.Fatalf("%v\n%s", diags, src)
	}
	m, err := vm.Compile(spec, opts)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// machine runs a model one step at a time.
type machine struct {
	t    *testing.T
	m    *vm.Model
	r    *vm.Runner
	errs []*vm.RuntimeError // every error the steps raised
}

func start(t *testing.T, src string) *machine {
	t.Helper()
	m := compile(t, src)
	r, err := vm.NewRunner(m)
	if err != nil {
		t.Fatal(err)
	}
	return &machine{t: t, m: m, r: r}
}

// step takes the first possible move (pan's order: the highest pid first)
// of process pid, or of any process if pid < 0. It reports whether there
// was one and it completed (a fatal error leaves the state as it was).
func (x *machine) step(pid int) bool {
	x.t.Helper()
	moves, _ := x.r.Moves()
	for _, mv := range moves {
		if pid >= 0 && mv.Pid != pid {
			continue
		}
		errs := x.r.Do(mv)
		x.errs = append(x.errs, errs...)
		for _, e := range errs {
			if e.Fatal {
				return false
			}
		}
		return true
	}
	return false
}

// run takes steps until no process can move or a fatal error stops it.
func (x *machine) run() {
	x.t.Helper()
	for n := 0; x.step(-1); n++ {
		if n > 10000 {
			x.t.Fatal("runs for ever")
		}
	}
}

// global returns the value of a global (or an element or field of one,
// named as in a simulator's dump: a[1], s.f).
func (x *machine) global(name string) int64 {
	x.t.Helper()
	for _, it := range x.m.GlobalItems(x.r.S) {
		if it.Name == name {
			return it.Value
		}
	}
	x.t.Fatalf("no global %s", name)
	return 0
}

// local returns the value of a local of process pid.
func (x *machine) local(pid int, name string) int64 {
	x.t.Helper()
	for _, it := range x.m.LocalItems(x.r.S, pid) {
		if it.Name == name {
			return it.Value
		}
	}
	x.t.Fatalf("process %d has no local %s", pid, name)
	return 0
}

// fatal returns the message of the fatal error that stopped the run, or "".
func (x *machine) fatal() string {
	for _, e := range x.errs {
		if e.Fatal {
			return e.Msg
		}
	}
	return ""
}

// expect checks the values of globals.
func (x *machine) expect(want map[string]int64) {
	x.t.Helper()
	for name, v := range want {
		if got := x.global(name); got != v {
			x.t.Errorf("%s = %d, want %d", name, got, v)
		}
	}
}

// An exprCase is the body of init over the globals decl; afterwards the
// globals have the values want. The values are SPIN's: TestExprCasesSpin
// checks them with spin's simulator.
type exprCase struct {
	name string
	decl string
	body string
	want map[string]int64
}

var exprCases = []exprCase{
	{"byte wraps", "byte a, b, c, d", "a = 255; a++; b--; c = 300; d = -1",
		map[string]int64{"a": 0, "b": 255, "c": 44, "d": 255}},
	{"byte arithmetic is done in int", "byte a = 200, b = 100; short s; byte c; int m", "s = a + b; c = a + b; m = a * b * 100",
		map[string]int64{"s": 300, "c": 44, "m": 2000000}},
	{"bit keeps the lowest bit", "bit t = 1, u, v", "t++; u = 2; v = 3",
		map[string]int64{"t": 0, "u": 0, "v": 1}},
	{"bool keeps the lowest bit", "bool p, q, r", "p = 2; q = 3; r = (5 > 4)",
		map[string]int64{"p": 0, "q": 1, "r": 1}},
	{"short wraps", "short s = 32767, t, u, v = -32768", "s++; t = 40000; u = -40000; v--",
		map[string]int64{"s": -32768, "t": -25536, "u": 25536, "v": 32767}},
	{"int wraps when stored", "int i = 2147483647, j = -2147483647, k", "i++; j = j - 2; k = 65536 * 65535",
		map[string]int64{"i": -2147483648, "j": 2147483647, "k": -65536}},
	{"unsigned fields wrap at their width", "unsigned u : 3 = 7, v : 3, w : 5, x : 1", "u++; v = 9; w = -1; x = 3",
		map[string]int64{"u": 0, "v": 1, "w": 31, "x": 1}},
	{"unsigned fields read as unsigned", "unsigned u : 4 = 15; int i", "i = u - 16",
		map[string]int64{"i": -1}},
	{"division and modulo truncate towards zero", "int a, b, c, d, e", "a = -7 / 2; b = -7 % 2; c = 7 % -2; d = 7 / -2; e = -7 / -2",
		map[string]int64{"a": -3, "b": -1, "c": 1, "d": -3, "e": 3}},
	{"bitwise operators", "int a, b, c, d; byte e", "a = ~0; b = -8 >> 1; c = 1 << 30; d = (12 & 10) | (12 ^ 10); e = ~0",
		map[string]int64{"a": -1, "b": -4, "c": 1073741824, "d": 14, "e": 255}},
	{"logical and conditional expressions", "int a, b, c; byte z", "a = (2 > 1 && 0 || 3); b = (z -> 10 : 20); c = !5 + !0",
		map[string]int64{"a": 1, "b": 20, "c": 1}},
	{"array elements and struct fields truncate as their type", "typedef T { byte f; short g[2] }; T v; byte arr[2]",
		"arr[1] = 256 + 7; v.f = 257; v.g[1] = 32768",
		map[string]int64{"arr[1]": 7, "v.f": 1, "v.g[1]": -32768}},
	{"an index is evaluated before it is used", "byte i = 1; byte a[3]", "a[i] = i + 1; i = a[i]; a[i] = 9",
		map[string]int64{"a[1]": 2, "a[2]": 9, "i": 2}},
}

// TestExpressions checks the values of expressions and assignments: the
// truncation of each type when a value is stored, arithmetic in int.
func TestExpressions(t *testing.T) {
	for _, c := range exprCases {
		t.Run(c.name, func(t *testing.T) {
			x := start(t, c.decl+";\ninit { "+c.body+" }\n")
			x.run()
			if len(x.errs) > 0 {
				t.Fatalf("errors: %v", x.errs)
			}
			x.expect(c.want)
		})
	}
}

// TestExprCasesSpin checks the values exprCases expect with SPIN's own
// simulator, so that the table is SPIN's and not a copy of what gmc
// computes.
func TestExprCasesSpin(t *testing.T) {
	for _, c := range exprCases {
		checkWithSpin(t, c.name, c.decl, c.body, c.want, "")
	}
}

// checkWithSpin runs the model decl; init { body } with spin's simulator
// (skipping the test without it, or with -short: it checks a table, not
// gmc) and compares the values of the globals in want, and the messages
// left in channel q when msgs is not empty (as fmt prints [][]int64), with
// SPIN's. A process that waits for timeout prints them, so that they are
// printed also when init blocks.
func checkWithSpin(t *testing.T, name, decl, body string, want map[string]int64, msgs string) {
	t.Helper()
	if testing.Short() {
		t.Skip("checks the table, not gmc: not with -short")
	}
	spin, err := exec.LookPath("spin")
	if err != nil {
		t.Skip("spin is not installed: the expected values are not checked against it")
	}
	var prints []string
	for v := range want {
		prints = append(prints, fmt.Sprintf("printf(\"@@ %s=%%d\\n\", %s)", v, v))
	}
	check := "active proctype Check() {\n\tbyte m0, m1;\n\tatomic { timeout;\n\tprintf(\"@@ start\\n\")"
	if len(prints) > 0 {
		check += ";\n\t" + strings.Join(prints, ";\n\t")
	}
	if msgs != "" {
		check += ";\n\tdo :: q?m0,m1 -> printf(\"@@ msg=%d %d\\n\", m0, m1) :: empty(q) -> break od"
	}
	src := decl + ";\ninit { " + body + " }\n" + check + " }\n}\n"
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m.pml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(spin, "-n1", "m.pml")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput() // it exits 4 after a warning about a truncation
	if !strings.Contains(string(out), "@@ start") {
		t.Fatalf("%s: spin did not get to the checks (%v):\n%s\n%s", name, err, out, src)
	}
	got := map[string]int64{}
	var left []string
	for _, m := range spinValue.FindAllStringSubmatch(string(out), -1) {
		if m[1] == "msg" {
			left = append(left, "["+m[2]+"]")
			continue
		}
		got[m[1]], _ = strconv.ParseInt(m[2], 10, 64)
	}
	for v, w := range want {
		if g, ok := got[v]; !ok || g != w {
			t.Errorf("%s: SPIN gives %s = %d (printed: %v), the table says %d", name, v, g, ok, w)
		}
	}
	if msgs != "" {
		if g := "[" + strings.Join(left, " ") + "]"; g != msgs {
			t.Errorf("%s: SPIN leaves %s in q, the table says %s", name, g, msgs)
		}
	}
}

var spinValue = regexp.MustCompile(`@@ (\S+)=(-?\d+(?: -?\d+)?)`)

// TestRuntimeErrors checks the run-time errors that stop a search. pan
// itself crashes on a division by zero (SIGFPE: its C code divides); gmc
// reports it instead. On an index out of bounds pan reports "assertion
// violated - invalid array index" and goes on with the value C's memory
// gives (another variable's bytes); gmc stops there: the same report and
// counts as pan's with -c1, not with -c0 (see the report of this change).
func TestRuntimeErrors(t *testing.T) {
	for _, c := range []struct {
		name, decl, body, want string
		after                  map[string]int64 // the values when it stopped
	}{
		{"division by zero", "byte x = 5, y, z", "z = 1; x = x / y; z = 2", "division by zero", map[string]int64{"x": 5, "z": 1}},
		{"modulo by zero", "byte x = 5, y, z", "z = 1; x = x % y; z = 2", "division by zero", map[string]int64{"x": 5, "z": 1}},
		{"division by zero in a condition", "byte x = 5, y, z", "x / y > 0 -> z = 2", "division by zero", map[string]int64{"z": 0}},
		{"index past the end", "byte a[4]; byte i = 4, z", "z = 1; a[i] = 1; z = 2", "index out of range: 4 not in 0..3", map[string]int64{"z": 1}},
		{"negative index", "byte a[4]; int i = -1, z", "z = a[i]", "index out of range: -1 not in 0..3", map[string]int64{"z": 0}},
		{"index of a local array", "byte z", "byte b[2]; z = b[z + 2]", "index out of range: 2 not in 0..1", map[string]int64{"z": 0}},
		{"uninitialised channel", "chan c; byte z", "c!1; z = 1", "bad queue - q_full", map[string]int64{"z": 0}}, // pan reads the channel (uninit.go): no channel type, so its q_full fails for good
	} {
		t.Run(c.name, func(t *testing.T) {
			x := start(t, c.decl+";\ninit { "+c.body+" }\n")
			x.run()
			if got := x.fatal(); got != c.want {
				t.Errorf("fatal error %q, want %q (errors %v)", got, c.want, x.errs)
			}
			x.expect(c.after)
		})
	}
}

// TestBitArrays checks that an element of an array of bit or bool keeps
// the byte it is given in the verifier (pan's uchar) and its low bit in
// the simulator (vm.Options.Simulator), as a bit that is not in an array
// does in both (testdata/semantics/bit_array.pml has pan's counts).
func TestBitArrays(t *testing.T) {
	src := "typedef T { bool h[2] };\nT t;\nbit b[2];\nbit c;\nbyte x, y, z;\ninit { t.h[1] = 3; b[1] = 2; c = 2; x = b[1]; y = c; z = t.h[1] }\n"
	for _, sim := range []bool{false, true} {
		m := compileWith(t, src, vm.Options{Simulator: sim})
		r, err := vm.NewRunner(m)
		if err != nil {
			t.Fatal(err)
		}
		x := &machine{t: t, m: m, r: r}
		x.run()
		want := map[string]int64{"x": 2, "y": 0, "z": 3}
		if sim {
			want = map[string]int64{"x": 0, "y": 0, "z": 1}
		}
		x.expect(want)
	}
}

// TestAssertionNotFatal checks that a failing assert is reported and the
// step completes (pan counts it and goes on with -c0).
func TestAssertionNotFatal(t *testing.T) {
	x := start(t, "byte z;\ninit { assert(z == 1); z = 2 }\n")
	x.run()
	if len(x.errs) != 1 || x.errs[0].Fatal || x.errs[0].Msg != "assertion violated (z == 1)" {
		t.Fatalf("errors %v, want one assertion violation", x.errs)
	}
	x.expect(map[string]int64{"z": 2})
}

// messages returns the messages of the channel a global chan variable
// holds.
func (x *machine) messages(name string) [][]int64 {
	x.t.Helper()
	c := x.m.ChanContents(x.r.S, int(x.global(name)))
	if c == nil {
		x.t.Fatalf("%s holds no channel", name)
	}
	return c.Messages
}

func (x *machine) expectMessages(name string, want string) {
	x.t.Helper()
	if got := fmt.Sprint(x.messages(name)); got != want {
		x.t.Errorf("%s holds %s, want %s", name, got, want)
	}
}

// sendRecvCases are bodies of init over a channel q of capacity 4 and a
// few bytes, with the messages q holds afterwards and values; the values
// are SPIN's (TestSendRecvCasesSpin checks them).
var sendRecvCases = []struct {
	name, body string
	msgs       string           // q's messages afterwards, as fmt prints [][]int64
	want       map[string]int64 // values afterwards
}{
	{"send appends", "q!3,1; q!1,2; q!2,3", "[[3 1] [1 2] [2 3]]", nil},
	{"sorted send keeps the messages ordered", "q!3,1; q!!1,2; q!!2,3; q!!2,0", "[[1 2] [2 0] [2 3] [3 1]]", nil},
	{"sorted send puts a message after its equals", "q!!2,0; q!!1,1; q!!2,0", "[[1 1] [2 0] [2 0]]", nil},
	{"receive takes the first message", "q!3,1; q!1,2; q?a,b", "[[1 2]]", map[string]int64{"a": 3, "b": 1}},
	{"receive with a constant matches the first message only", "q!3,1; q!1,2; q?1,b; done = 1", "[[3 1] [1 2]]", map[string]int64{"b": 0, "done": 0}},
	{"receive with eval", "q!3,1; q!1,2; a = 3; q?eval(a),b", "[[1 2]]", map[string]int64{"b": 1}},
	{"random receive takes the first match anywhere", "q!3,1; q!1,2; q!1,5; q??1,b", "[[3 1] [1 5]]", map[string]int64{"b": 2}},
	{"random receive without a match blocks", "q!3,1; q??7,b; done = 1", "[[3 1]]", map[string]int64{"done": 0}},
	{"copy receive leaves the message", "q!3,1; q?<a,b>", "[[3 1]]", map[string]int64{"a": 3, "b": 1}},
	{"random copy receive", "q!3,1; q!4,2; q??<4,b>", "[[3 1] [4 2]]", map[string]int64{"b": 2}},
	{"poll changes nothing, its variables match anything", "q!3,1; a = 7; if :: q?[3,a] -> done = 1 :: else fi; if :: q?[a,2] -> done = done + 10 :: else fi",
		"[[3 1]]", map[string]int64{"a": 7, "done": 1}},
	{"random poll", "q!3,1; q!4,2; q??[4,2] -> done = 1", "[[3 1] [4 2]]", map[string]int64{"done": 1}},
	{"receive into _", "q!3,1; q?_,b", "[]", map[string]int64{"b": 1}},
	{"channel tests", "q!1,1; q!2,2; a = len(q); if :: nempty(q) -> b = 1 :: else fi; if :: nfull(q) -> n = 1 :: else fi; " +
		"if :: full(q) -> done = 1 :: empty(q) -> done = 2 :: else -> done = 3 fi",
		"[[1 1] [2 2]]", map[string]int64{"a": 2, "b": 1, "n": 1, "done": 3}},
	{"send on a full channel blocks", "q!1,1; q!2,2; q!3,3; q!4,4; n = full(q); q!5,5; done = 1",
		"[[1 1] [2 2] [3 3] [4 4]]", map[string]int64{"n": 1, "done": 0}},
	{"receive on an empty channel blocks", "q?a,b; done = 1", "[]", map[string]int64{"done": 0}},
	{"fields are truncated to their type", "q!256+5,-1", "[[5 255]]", nil},
}

const sendRecvDecl = "chan q = [4] of { byte, byte }; byte a, b, n, done"

// TestSendReceive checks every send and receive form on a buffered
// channel: what is taken, what stays, what is stored, what blocks.
func TestSendReceive(t *testing.T) {
	for _, c := range sendRecvCases {
		t.Run(c.name, func(t *testing.T) {
			x := start(t, sendRecvDecl+";\ninit { "+c.body+" }\n")
			x.run()
			if len(x.errs) > 0 {
				t.Fatalf("errors: %v", x.errs)
			}
			x.expectMessages("q", c.msgs)
			x.expect(c.want)
		})
	}
}

// TestSendRecvCasesSpin checks sendRecvCases with SPIN's simulator.
func TestSendRecvCasesSpin(t *testing.T) {
	for _, c := range sendRecvCases {
		checkWithSpin(t, c.name, sendRecvDecl, c.body, c.want, c.msgs)
	}
}

// TestRendezvous checks a handshake on a rendezvous channel: the send is
// offered first, then only a receive that takes it can move; a receive
// whose constants do not match does not take it; else and timeout do not
// interfere.
func TestRendezvous(t *testing.T) {
	x := start(t, `chan rv = [0] of { byte, byte };
byte got, sent, other;
active proctype S() { rv!5,7; sent = 1 }
active proctype R() {
	if
	:: rv?4,got -> other = 1
	:: rv?5,got
	fi
}
`)
	if !x.step(0) {
		t.Fatal("the send is not offered")
	}
	if x.r.Pending == 0 || x.r.Sender != 0 {
		t.Fatalf("after the send: pending %d sender %d, want an offer by process 0", x.r.Pending, x.r.Sender)
	}
	moves, _ := x.r.Moves()
	if len(moves) != 1 || moves[0].Pid != 1 || !moves[0].T.Recv {
		t.Fatalf("during the offer the moves are %v, want R's matching receive only", moves)
	}
	if !x.step(1) {
		t.Fatal("the receive does not take the offer")
	}
	if x.r.Pending != 0 || x.global("got") != 7 || x.global("other") != 0 {
		t.Errorf("after the handshake: pending %d got %d other %d", x.r.Pending, x.global("got"), x.global("other"))
	}
	if msgs := x.messages("rv"); len(msgs) != 0 {
		t.Errorf("the rendezvous channel holds %v", msgs)
	}
	x.run()
	x.expect(map[string]int64{"sent": 1})

	// No receiver: the send is not even offered.
	y := start(t, "chan rv = [0] of { byte }; byte z;\nactive proctype S() { rv!1; z = 1 }\n")
	if moves, _ := y.r.Moves(); len(moves) != 0 {
		t.Errorf("a send nobody can receive is offered: %v", moves)
	}
}

// TestProcesses checks run, _pid and _nr_pr, and the removal of processes:
// only the last one can end, so a process that reached its end waits for
// the younger ones, and the pid of a process that ended is given again.
func TestProcesses(t *testing.T) {
	x := start(t, `byte p1, p2, p3, n1, n2, go;
proctype A(byte k) { byte mine = _pid + k; go == 1 }
proctype B() { skip }
init {
	p1 = run A(10);
	p2 = run B();
	n1 = _nr_pr;
	_nr_pr == 2;
	p3 = run B();
	n2 = _nr_pr
}
`)
	for x.step(0) && x.global("n1") == 0 {
	}
	x.expect(map[string]int64{"p1": 1, "p2": 2, "n1": 3})
	if got := x.local(1, "mine"); got != 11 {
		t.Errorf("A's mine = %d, want _pid + k = 11", got)
	}
	// init waits for _nr_pr == 2: B (pid 2, the last) ends first.
	if x.step(0) {
		t.Fatal("init moved past _nr_pr == 2 with three processes")
	}
	for x.step(2) {
	}
	if x.r.S.NrProcs() != 2 {
		t.Fatalf("%d processes after B ended, want 2", x.r.S.NrProcs())
	}
	for x.step(0) {
	}
	x.expect(map[string]int64{"p3": 2, "n2": 3}) // B's pid again
	// A waits for go; B (pid 2) ends and init (pid 0) cannot end before A.
	for x.step(2) {
	}
	if x.step(0) {
		t.Error("init, at its end, ended before the younger A")
	}
	if x.r.S.NrProcs() != 2 {
		t.Errorf("%d processes, want init and A", x.r.S.NrProcs())
	}
}

// TestEndWaitsForYounger checks that a process at its end whose pid is not
// the last stays (its slot is kept) until the younger ones are gone.
func TestEndWaitsForYounger(t *testing.T) {
	x := start(t, `byte go;
active proctype Old() { skip }
active proctype Young() { go == 1 }
init { go = 1 }
`)
	// pids: Old 0, Young 1, init 2. Old runs its skip and waits at its end.
	if !x.step(0) || x.step(0) {
		t.Fatal("Old should take its skip, then wait at its end")
	}
	x.run()
	if n := x.r.S.NrProcs(); n != 0 {
		t.Errorf("%d processes left, want all gone in reverse order", n)
	}
}

// TestTooManyProcesses checks the bound of 255 processes: the run that
// would start the 256th is a fatal error, as in pan.
func TestTooManyProcesses(t *testing.T) {
	x := start(t, `byte n;
proctype P() { n > 250 }
init { do :: run P() -> n++ od }
`)
	for x.step(0) {
	}
	if got := x.fatal(); got != "too many processes" {
		t.Fatalf("fatal error %q, want too many processes", got)
	}
	if x.r.S.NrProcs() != vm.MaxProcs || x.global("n") != vm.MaxProcs-1 {
		t.Errorf("%d processes, n = %d; want %d and %d", x.r.S.NrProcs(), x.global("n"), vm.MaxProcs, vm.MaxProcs-1)
	}
}

// TestLocalChannelsGoWithTheProcess checks that a process's local channels
// are removed with it (using one then is a fatal error) and their ids given
// again.
func TestLocalChannelsGoWithTheProcess(t *testing.T) {
	x := start(t, `chan g = [1] of { byte }; byte c1, c2;
proctype P(byte k) { chan mine = [2] of { byte }; mine!k; g!mine }
init {
	chan got;
	run P(1); g?got; c1 = got;
	_nr_pr == 1;
	run P(2); g?got; c2 = got;
	got?_
}
`)
	x.run()
	if c1, c2 := x.global("c1"), x.global("c2"); c1 != 2 || c2 != 2 {
		t.Errorf("P's channel was %d, then %d: want 2 both times (g is 1)", c1, c2)
	}
	if got := x.fatal(); !strings.Contains(got, "channel 2 does not exist") {
		t.Errorf("receiving from the channel of a process that ended: %q, want a fatal error", got)
	}
}
