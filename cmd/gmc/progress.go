package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"gmc/checker"
	"gmc/store"

	"github.com/mattn/go-isatty"
)

// showProgress sets up the progress of a search on stderr: a line
// updated in place when stderr is a terminal (and the output is not
// JSON), pan-style lines every --progress-lines states (JSON lines
// with --json), and the warnings warn (if not nil) has to give as the
// search goes, whatever the output. It returns what to call when the
// search is over (it clears the line).
func showProgress(opts *checker.Options, f runFlags, stderr io.Writer, warn func(checker.Progress) string) (done func()) {
	live := !f.json && stderr == io.Writer(os.Stderr) && isatty.IsTerminal(os.Stderr.Fd())
	if !live && f.lines <= 0 && warn == nil {
		return func() {}
	}
	next := f.lines
	if f.lines > 0 {
		opts.ProgressEvery = 10 * time.Millisecond
	}
	last := time.Time{}
	shown := false
	opts.Progress = func(p checker.Progress) {
		if warn != nil {
			if msg := warn(p); msg != "" {
				if shown {
					fmt.Fprint(stderr, "\r\x1b[K")
					shown = false
				}
				fmt.Fprintln(stderr, msg)
			}
		}
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

// cacheWarnAfter is when a cached search is first checked for
// exploring states again: early enough that the warning comes within
// ten seconds (issue: a search that ran fifteen minutes without a word),
// late enough for the count of distinct states to have settled.
const cacheWarnAfter = 3 * time.Second

// cacheWarnRedundancy is the redundancy (states stored over distinct
// states) past which a cached search is said to explore states again
// and again: in docs/caching.md, stratified searches with half the
// states took at most 1.6 times the transitions (RW), the searches that
// ran away reached tens within seconds (age on peterson_n: 46 after 3 s).
const cacheWarnRedundancy = 4

// cacheWarning returns the warning showProgress gives of a cached
// search that explores states again and again: the redundancy, and the
// time the same distinct states would have taken without a cache. It
// warns again when the redundancy has doubled.
func cacheWarning(cache *store.Cache) func(checker.Progress) string {
	warned := 0.0
	return func(p checker.Progress) string {
		if p.Elapsed < cacheWarnAfter {
			return ""
		}
		distinct := max(cache.DistinctEstimate(), 1)
		r := float64(p.Stored) / distinct
		if r < cacheWarnRedundancy || r < 2*warned {
			return ""
		}
		warned = r
		hint := "a larger --cache explores less again"
		if cache.Rule() != store.PolicyStratified { // (the guard may have switched already: GuardRedundancy)
			hint = "a larger --cache, or --policy stratified, explores less again"
		}
		return fmt.Sprintf("gmc: warning: the state cache explores states again and again: %s states stored in %.1f s, ~%s distinct (redundancy %.3g); without a cache they would take ~%.2g s: %s",
			count(float64(p.Stored)), p.Elapsed.Seconds(), count(distinct), r, p.Elapsed.Seconds()/r, hint)
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
