package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"gmc/checker"

	"github.com/mattn/go-isatty"
)

// showProgress sets up the progress of a search on stderr: a line
// updated in place when stderr is a terminal (and the output is not
// JSON), and pan-style lines every --progress-lines states (JSON lines
// with --json). It returns
// what to call when the search is over (it clears the line).
func showProgress(opts *checker.Options, f runFlags, stderr io.Writer) (done func()) {
	live := !f.json && stderr == io.Writer(os.Stderr) && isatty.IsTerminal(os.Stderr.Fd())
	if !live && f.lines <= 0 {
		return func() {}
	}
	next := f.lines
	if f.lines > 0 {
		opts.ProgressEvery = 10 * time.Millisecond
	}
	last := time.Time{}
	shown := false
	opts.Progress = func(p checker.Progress) {
		if f.lines > 0 && p.Stored >= next {
			if shown {
				fmt.Fprint(stderr, "\r\x1b[K")
				shown = false
			}
			if f.json {
				writeJSONLine(stderr, progressJSON{Depth: p.MaxDepth, States: p.Stored, Transitions: p.Transitions,
					MemoryBytes: p.Memory, ElapsedS: p.Elapsed.Seconds()})
			} else {
				fmt.Fprintln(stderr, progressLine(p))
			}
			for next <= p.Stored {
				next += f.lines
			}
		}
		if live && time.Since(last) >= time.Second/4 {
			last = time.Now()
			fmt.Fprintf(stderr, "\r\x1b[K%s", liveLine(p))
			shown = true
		}
	}
	return func() {
		if shown {
			fmt.Fprint(stderr, "\r\x1b[K")
		}
	}
}

// progressJSON is a progress line of --json --progress-lines: one JSON
// object a line on stderr.
type progressJSON struct {
	Depth       int     `json:"depth"`
	States      int64   `json:"states"`
	Transitions int64   `json:"transitions"`
	MemoryBytes int64   `json:"memory_bytes"`
	ElapsedS    float64 `json:"elapsed_s"`
}

// writeJSONLine prints v as one line of JSON.
func writeJSONLine(w io.Writer, v any) {
	b, _ := json.Marshal(v) // plain structs: cannot fail
	fmt.Fprintf(w, "%s\n", b)
}

// progressLine is pan's periodic line.
func progressLine(p checker.Progress) string {
	return fmt.Sprintf("Depth= %7d States= %8.3g Transitions= %8.3g Memory= %9.3f\tt= %8.3g R= %7.0g",
		p.MaxDepth, float64(p.Stored), float64(p.Transitions), float64(p.Memory)/(1<<20), p.Elapsed.Seconds(),
		float64(p.Stored)/max(p.Elapsed.Seconds(), 1e-9))
}

// liveLine is the line a terminal shows while a search runs.
func liveLine(p checker.Progress) string {
	line := fmt.Sprintf("gmc: %s states, depth %d (max %d), %s states/s, %.0f MB, %.1f s",
		count(float64(p.Stored)), p.Depth, p.MaxDepth, count(float64(p.Stored)/max(p.Elapsed.Seconds(), 1e-9)),
		float64(p.Memory)/(1<<20), p.Elapsed.Seconds())
	if e := p.Estimate; e != nil {
		line += fmt.Sprintf(", coverage ~%.3g%% (stack estimate, pessimistic)", e.Percent)
	}
	return line
}

// count writes n with a k or M suffix.
func count(n float64) string {
	switch {
	case n >= 1e6:
		return fmt.Sprintf("%.3gM", n/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.3gk", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}
