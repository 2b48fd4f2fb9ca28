package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSecondInterrupt: a search stuck where it never looks at the first
// interrupt ends at the second, with exit status 3 and a message, where
// gmc once ignored every Ctrl-C after the first. The step that keeps it
// is a d_step of 2^28 rounds of a hundred statements (the byte wraps:
// the loop never ends, and pan runs it forever; gmc stops it after
// vm.DefaultDstepLoops rounds, minutes here).
func TestSecondInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gmc and waits for it (-short)")
	}
	dir := t.TempDir()
	bin := buildGMC(t, dir)
	model := filepath.Join(dir, "m.pml")
	src := "byte i; int j; active proctype p() { d_step { do :: i++; " +
		strings.Repeat("j = j*3 + 1; ", 100) + "\n:: else -> break od } }\n"
	if err := os.WriteFile(model, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", model)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(time.Second)
	for range 2 {
		if err := cmd.Process.Signal(os.Interrupt); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	select {
	case err := <-done:
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != exitIncomplete {
			t.Errorf("gmc ended with %v, want exit status %d", err, exitIncomplete)
		}
		if !strings.Contains(stderr.String(), "interrupted again") {
			t.Errorf("stderr %q does not say why it stopped", stderr.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("gmc still runs 30 s after two interrupts")
	}
}

// buildGMC builds gmc into dir and returns its path, for a test that runs
// it as a user does (in a terminal, or sent signals).
func buildGMC(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "gmc")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
