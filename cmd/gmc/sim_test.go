package main

import (
	"bytes"
	"encoding/xml"
	"io"
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
