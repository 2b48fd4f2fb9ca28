package main

import (
	"bytes"
	"os"
	"path/filepath"
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
