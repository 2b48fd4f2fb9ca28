package sim

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSimMatchesSpin simulates each model of testdata/sim/corpus.txt (the
// models of the repository and SPIN's examples on which SPIN's simulator
// makes no random choice) with gmc and with spin, -p and a bound of 500
// steps, and compares their outputs byte for byte. It checks that spin
// prints the same run under two seeds, so that the list holds only such
// models. Not with -short; skipped when spin is not installed.
func TestSimMatchesSpin(t *testing.T) {
	if testing.Short() {
		t.Skip("runs spin on every model of testdata/sim/corpus.txt")
	}
	if _, err := exec.LookPath("spin"); err != nil {
		t.Skip("spin is not installed: gmc's simulations are not compared with SPIN's")
	}
	f, err := os.Open("../testdata/sim/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var models []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line != "" {
			models = append(models, line)
		}
	}
	if len(models) < 100 {
		t.Fatalf("only %d models in testdata/sim/corpus.txt", len(models))
	}
	for _, model := range models {
		path := model
		if !filepath.IsAbs(path) {
			path = filepath.Join("..", path)
		}
		t.Run(model, func(t *testing.T) {
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%v (SPIN's examples are installed with spin)", err)
			}
			got := run(t, path, false, Options{Steps: true, MaxSteps: 500})
			// run left the model in the working directory, as spin wants it
			base := filepath.Base(path)
			want := spinSim(t, base, "-n1")
			if other := spinSim(t, base, "-n2"); other != want {
				t.Fatalf("spin's run depends on the seed: remove %s from testdata/sim/corpus.txt", model)
			}
			if got != want {
				t.Errorf("got:\n%s\nwant (spin -p -u500):\n%s", got, want)
			}
		})
	}
}

// spinSim returns what spin -p -u500 prints on stdout for model, with seed
// option seed.
func spinSim(t *testing.T, model, seed string) string {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, "spin", "-p", "-u500", seed, model).Output()
	if err != nil && ctx.Err() != nil {
		t.Fatalf("spin: %v", err)
	}
	return string(out)
}
