package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestReplScript drives the REPL with lines on a reader that is not a
// terminal: load, set and show, run on the loaded model with the flags
// set, a model changed on disk reloaded, errors that leave the session
// going, help, quit.
func TestReplScript(t *testing.T) {
	inModels(t)
	script := []string{
		"show", "load ok.pml", "set c 0", "set bogus 1", "show", "run -n",
		"frobnicate", "load missing.pml", "help set", "help run",
		"!edit", "run -n", "check syntax.pml", "quit", "run -n",
	}
	// "!edit" stands for a change of the model on disk between commands:
	// the lines go through a pipe, so that the edit comes between them
	var out, errs bytes.Buffer
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := stdin
	defer func() { stdin = old }()
	stdin = pr
	done := make(chan int)
	go func() { done <- gmc([]string{"repl"}, &out, &errs) }()
	for _, line := range script {
		if line == "!edit" {
			time.Sleep(20 * time.Millisecond) // a modification time of its own
			b, _ := os.ReadFile("ok.pml")
			if err := os.WriteFile("ok.pml", append(b, []byte("\n/* edited */\n")...), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		pw.Write([]byte(line + "\n"))
	}
	pw.Close()
	if code := <-done; code != exitOK {
		t.Fatalf("repl: exit %d", code)
	}
	o, e := out.String(), errs.String()
	for _, want := range []string{
		"model: (none: load M.pml)", "loaded ok.pml", "flag: -c 0", "31 states, stored",
		"coverage: 100% (exhaustive search completed)", "set FLAG [VALUE]", "-max-states N",
		"ok.pml changed on disk: reloading", "(exit 2)",
	} {
		if !strings.Contains(o, want) {
			t.Errorf("the session's output lacks %q:\n%s", want, o)
		}
	}
	for _, want := range []string{"no command has a flag -bogus", `unknown command "frobnicate"`, "missing.pml"} {
		if !strings.Contains(e, want) {
			t.Errorf("the session's errors lack %q:\n%s", want, e)
		}
	}
	if n := strings.Count(o, "31 states, stored"); n != 2 {
		t.Errorf("%d runs reported, want 2 (none after quit)", n)
	}
}

// TestReplTerminal drives gmc repl in a pseudo-terminal (tmux): a run on
// the model given, a long run showing its progress and interrupted with
// Ctrl-C (its report so far printed, the prompt back), Ctrl-C at the
// prompt, quit; the history is kept in the configuration directory.
func TestReplTerminal(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: the terminal test of gmc repl needs it (apt-get install tmux)")
	}
	dir := t.TempDir()
	bin := buildGMC(t, dir)
	models, _ := filepath.Abs("../../examples/models")
	sock := filepath.Join(dir, "tmux.sock")
	tmux := func(args ...string) string {
		out, _ := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		return string(out)
	}
	defer tmux("kill-server")
	config := filepath.Join(dir, "config")
	cmd := "env XDG_CONFIG_HOME=" + config + " HOME=" + dir + " " + bin + " repl " + filepath.Join(models, "peterson.pml")
	if out := tmux("new-session", "-d", "-s", "t", "-x", "200", "-y", "50", cmd); out != "" {
		t.Fatalf("tmux: %s", out)
	}
	screen := func() string { return tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", "t") }
	wait := func(what string) string {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if s := screen(); strings.Contains(s, what) {
				return s
			}
		}
		t.Fatalf("the screen never showed %q:\n%s", what, screen())
		return ""
	}
	wait("gmc> ")
	tmux("send-keys", "-t", "t", "run -n", "Enter")
	wait("coverage: 100% (exhaustive search completed)")
	// a run of millions of states, interrupted
	tmux("send-keys", "-t", "t", "run -n -DN=8 "+filepath.Join(models, "leader_n.pml"), "Enter")
	wait("states/s, ") // the live progress line: the search is running
	tmux("send-keys", "-t", "t", "C-c")
	s := wait("(exit 3)")
	if !strings.Contains(s, "gmc: search stopped: interrupted") || !strings.Contains(s, "coverage:") {
		t.Errorf("the interrupted run's report:\n%s", s)
	}
	// Ctrl-C at the prompt clears the line; the session goes on
	tmux("send-keys", "-t", "t", "this line is dropped", "C-c")
	tmux("send-keys", "-t", "t", "show", "Enter")
	s = wait("model: ")
	if strings.Contains(s, "unknown command") {
		t.Errorf("Ctrl-C at the prompt did not clear the line:\n%s", s)
	}
	tmux("send-keys", "-t", "t", "quit", "Enter")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if strings.Contains(tmux("has-session", "-t", "t"), "can't find") || strings.Contains(tmux("has-session", "-t", "t"), "no server") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("quit did not end the session:\n%s", screen())
		}
	}
	b, err := os.ReadFile(filepath.Join(config, "gmc", "history"))
	if err != nil || !strings.Contains(string(b), "run -n") || !strings.Contains(string(b), "show") {
		t.Errorf("history: %v %q", err, b)
	}
}

// TestReplComplete: Tab completes commands, a command's flags, flags to
// set, and file names.
func TestReplComplete(t *testing.T) {
	inModels(t)
	r := &repl{settings: map[string]string{}, flags: map[string]map[string]bool{}}
	for line, want := range map[string]string{
		"ru":              "run",
		"run -max-s":      "run -max-states",
		"certify --par":   "certify --parallel",
		"set no-m":        "set no-merge",
		"load fig":        "load fig8b.pml",
		"run -n dead":     "run -n deadlock.pml",
		"estimate -sizes": "estimate -sizes",
	} {
		got := r.complete(line)
		if len(got) != 1 || got[0] != want {
			t.Errorf("complete(%q) = %q, want [%q]", line, got, want)
		}
	}
	if got := r.complete(""); len(got) < 10 {
		t.Errorf("complete(\"\") = %q: want every command", got)
	}
}

// TestReplCycle runs a model with a never claim in the REPL and replays
// the trail of its acceptance cycle: the claim's moves, the cycle's start
// and its closing are shown.
func TestReplCycle(t *testing.T) {
	inModels(t)
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader("load accept.pml\nrun\nreplay\nquit\n")
	var out, errs bytes.Buffer
	if code := gmc([]string{"repl"}, &out, &errs); code != exitOK {
		t.Fatalf("repl: exit %d: %s", code, errs.String())
	}
	for _, want := range []string{"acceptance cycle", "Never claim moves to line 5", "<<<<<START OF CYCLE>>>>>", "gmc: the cycle closes"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the session's output lacks %q:\n%s", want, out.String())
		}
	}
}

// replSession runs the lines in gmc repl and returns its output and
// errors.
func replSession(t *testing.T, lines ...string) (string, string) {
	t.Helper()
	old := stdin
	defer func() { stdin = old }()
	stdin = strings.NewReader(strings.Join(lines, "\n") + "\n")
	var out, errs bytes.Buffer
	if code := gmc([]string{"repl"}, &out, &errs); code != exitOK {
		t.Fatalf("repl: exit %d: %s", code, errs.String())
	}
	return out.String(), errs.String()
}

// TestReplSet: a flag that takes a value is not set without one, a
// switch takes only a boolean, and a value set for run's -c N does not
// turn on replay's switch -c.
func TestReplSet(t *testing.T) {
	inModels(t)
	out, errs := replSession(t, "set c", "set u", "set no-merge maybe", "set c 1", "set no-merge false", "show",
		"run assert.pml", "replay assert.pml")
	for _, want := range []string{"set c needs a value: -c takes one in run", "set u needs a value: -u takes one in sim, replay",
		"set no-merge maybe: -no-merge is a switch"} {
		if !strings.Contains(errs, want) {
			t.Errorf("the session's errors lack %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "flag: -c 1\n") || !strings.Contains(out, "flag: -no-merge false\n") || strings.Contains(out, "flag: -u") {
		t.Errorf("show lists other flags than -c 1 and -no-merge false:\n%s", out)
	}
	if strings.Contains(out, "q[") || !strings.Contains(out, "assertion violated") {
		t.Errorf("replay ran with its -c switch on, or did not replay:\n%s", out)
	}
}

// totalMemory returns the "total actual memory usage" figures of a
// session's reports, in MB.
func totalMemory(t *testing.T, out string) []float64 {
	t.Helper()
	var mb []float64
	for _, m := range regexp.MustCompile(`(?m)^ *([0-9.]+)\ttotal actual memory usage`).FindAllStringSubmatch(out, -1) {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		mb = append(mb, v)
	}
	return mb
}

// TestReplMemory: each run of a session reports its own memory: a small
// run after a large one reports about what it reports alone, not the
// large run's heap.
func TestReplMemory(t *testing.T) {
	big, err := os.ReadFile("../../examples/models/phil_n.pml")
	if err != nil {
		t.Fatal(err)
	}
	inModels(t)
	if err := os.WriteFile("phil_n.pml", big, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs := replSession(t, "run -n ok.pml", "run -n -DN=9 phil_n.pml", "run -n ok.pml")
	mb := totalMemory(t, out)
	if len(mb) != 3 {
		t.Fatalf("%d reports, want 3:\n%s%s", len(mb), out, errs)
	}
	alone, large, after := mb[0], mb[1], mb[2]
	if large < alone+8 {
		t.Fatalf("the large run reports %.3f MB, the small one %.3f MB: not large enough to tell", large, alone)
	}
	if after > alone+(large-alone)/4 {
		t.Errorf("the small run reports %.3f MB after the large run's %.3f MB, %.3f MB alone: the large run's memory carried over", after, large, alone)
	}
}
