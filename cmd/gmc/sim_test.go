package main

import (
	"bytes"
	"encoding/xml"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// promptReader is a model's STDIN that records what the simulation had
// printed when the model first waited for input.
type promptReader struct {
	out    *bytes.Buffer
	seen   string
	inputs *strings.Reader
}

func (r *promptReader) Read(p []byte) (int, error) {
	if r.seen == "" {
		r.seen = r.out.String()
	}
	return r.inputs.Read(p)
}

// TestSimPromptBeforeInput: a simulation's output is buffered (a write
// per line costs more than a step), but what a model prints before it
// reads STDIN, its prompt, is out before the read waits.
func TestSimPromptBeforeInput(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "prompt.pml")
	src := `chan STDIN; int c;
init { printf("type a letter: "); STDIN?c; printf("got %c\n", c) }
`
	if err := os.WriteFile(model, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	in := &promptReader{out: &out, inputs: strings.NewReader("x")}
	old := stdin
	defer func() { stdin = old }()
	stdin = in
	if code := gmc([]string{"sim", "-seed", "1", model}, &out, &errs); code != exitOK {
		t.Fatalf("exit %d: %s", code, errs.String())
	}
	if !strings.Contains(in.seen, "type a letter: ") {
		t.Errorf("when the model read STDIN, the output was %q", in.seen)
	}
	if !strings.Contains(out.String(), "got x") {
		t.Errorf("output %q", out.String())
	}
}

// TestMSCFile checks that --msc writes an SVG document where it is told
// to, for a simulation and a replay, and nothing when it cannot.
func TestMSCFile(t *testing.T) {
	inModels(t)
	gmc([]string{"run", "assert.pml"}, io.Discard, io.Discard)
	for _, args := range [][]string{
		{"sim", "--seed", "1", "--msc", "sim.svg", "deadlock.pml"},
		{"replay", "--msc", "replay.svg", "assert.pml"},
	} {
		gmc(args, io.Discard, io.Discard)
		b, err := os.ReadFile(args[len(args)-2])
		if err != nil {
			t.Fatalf("gmc %s: %v", strings.Join(args, " "), err)
		}
		var doc struct {
			XMLName xml.Name
			ViewBox string `xml:"viewBox,attr"`
		}
		if err := xml.Unmarshal(b, &doc); err != nil || doc.XMLName.Local != "svg" || doc.ViewBox == "" {
			t.Errorf("gmc %s: not an SVG document with a viewBox (%v): %.200s", strings.Join(args, " "), err, b)
		}
	}
	if code := gmc([]string{"sim", "--msc", "nodir/x.svg", "hello.pml"}, io.Discard, io.Discard); code == exitOK {
		t.Error("--msc into a missing directory: exit 0")
	}
	if files, _ := filepath.Glob("nodir*"); len(files) > 0 {
		t.Errorf("left %v", files)
	}
}

// interactiveCases are gmc sim -i sessions: the command line and what
// the user types; the output is kept in testdata/cli/NAME.golden (as
// TestCLI's, -update rewrites them).
var interactiveCases = []struct {
	name  string
	args  []string
	input string
}{
	// a choice at each step, then q: no final report, as spin -i
	{"sim_i_quit", []string{"sim", "--seed", "1", "-i", "choices.pml"}, "1\n2\n1\nq\n"},
	// a run to its end: with one choice, or one process, no question
	{"sim_i_end", []string{"sim", "--seed", "1", "-i", "-p", "choices_if.pml"}, "1\n2\n"},
	// the end of the input ends the session cleanly
	{"sim_i_eof", []string{"sim", "--seed", "1", "-i", "choices.pml"}, "1\n"},
	// answers out of range, of an option that cannot move, not numbers
	{"sim_i_bad", []string{"sim", "--seed", "1", "-i", "choices.pml"}, "9\n3\nx\n0\n1\nq\n"},
	// -u: the bound is checked after the choice, as spin -i does
	{"sim_i_u", []string{"sim", "--seed", "1", "-i", "-u2", "-p", "choices.pml"}, "1\n2\n2\n"},
	// -n is spin's seed flag
	{"sim_n", []string{"sim", "-n5", "-p", "choices.pml"}, ""},
}

func TestSimInteractive(t *testing.T) {
	wd, _ := os.Getwd()
	for _, c := range interactiveCases {
		t.Run(c.name, func(t *testing.T) {
			inModels(t)
			old := stdin
			defer func() { stdin = old }()
			stdin = strings.NewReader(c.input)
			var stdout, stderr bytes.Buffer
			code := gmc(c.args, &stdout, &stderr)
			got := normalize("$ gmc " + strings.Join(c.args, " ") + " <<< " + strconv.Quote(c.input) + "\n-- exit " + strconv.Itoa(code) +
				" --\n-- stdout --\n" + stdout.String() + "-- stderr --\n" + stderr.String())
			golden := filepath.Join(wd, "testdata/cli", c.name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (run with -update and read the diff)\ngot:\n%s\nwant:\n%s", golden, got, want)
			}
		})
	}
}

// TestInteractiveMatchesSpin gives spin -i and gmc sim -i the same
// answers and wants the same output: the menus (the numbering of every
// option, the executable ones listed, else last), the prompt, the steps
// taken. The sessions avoid what gmc does not copy: spin -i's menu of a
// lone process's options ("Select stmnt"), its counts after a refused
// answer (not reset: the next menu may answer itself), its [IF] step
// line for an else, and its loop at the end of the input.
func TestInteractiveMatchesSpin(t *testing.T) {
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin not installed")
	}
	sessions := []struct {
		model, input string
		opts         []string
	}{
		{"choices.pml", "1\nq\n", nil},
		{"choices.pml", "1\n2\n1\nq\n", []string{"-p"}},
		{"choices.pml", "4\n1\n1\n", []string{"-p", "-g"}},
		{"choices.pml", "4\n1\n1\n", []string{"-u3"}},
		{"choices_if.pml", "1\n2\n1\n3\n1\n1\n", nil},
		{"choices_if.pml", "1\n2\n1\n3\n1\n1\n", []string{"-p", "-l"}},
		{"choices_if.pml", "1\nq\n", []string{"-u3"}},
	}
	inModels(t)
	for _, s := range sessions {
		args := append(append([]string{"-i"}, s.opts...), s.model)
		cmd := exec.Command("spin", args...)
		cmd.Stdin = strings.NewReader(s.input)
		want, err := cmd.Output()
		if err != nil {
			t.Fatalf("spin %s: %v", strings.Join(args, " "), err)
		}
		old := stdin
		stdin = strings.NewReader(s.input)
		var got bytes.Buffer
		gmc(append([]string{"sim", "--seed", "1"}, args...), &got, io.Discard)
		stdin = old
		if got.String() != string(want) {
			t.Errorf("gmc sim %s <<< %q differs from spin's:\ngmc:\n%s\nspin:\n%s", strings.Join(args, " "), s.input, got.String(), want)
		}
	}
}

// TestReplInteractive: sim -i in the REPL reads its choices from the
// session's lines, and the session goes on after it.
func TestReplInteractive(t *testing.T) {
	inModels(t)
	out, errs := replSession(t, "load choices.pml", "sim -i", "1", "2", "q", "show")
	for _, want := range []string{"Select [1-4]: Select a statement\n\tchoice 1: proc  1 (B:1) choices.pml:11 (state 2) [printf('x=%d\\\\n',x)]",
		"\tchoice 2: proc  0 (A:1) choices.pml:4 (state 2) [x = (x+1)]\nSelect [1-2]: gmc> model: choices.pml"} {
		if !strings.Contains(out, want) {
			t.Errorf("the session's output lacks %q:\n%s%s", want, out, errs)
		}
	}
}
