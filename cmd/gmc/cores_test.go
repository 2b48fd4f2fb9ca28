package main

import (
	"strings"
	"testing"
	"time"

	"gmc/checker"
)

// TestCoresNote: a long one-core search on a machine of several cores
// is told of -j 0, where the parallel search could have run it, and
// nothing else is.
func TestCoresNote(t *testing.T) {
	base := runFlags{jobs: 1, store: "exact", random: randomFlags{search: "dfs"}, runs: 1}
	long := 2 * coresNoteAfter
	cases := []struct {
		name    string
		f       func(f *runFlags)
		jSet    bool
		opts    checker.Options
		elapsed time.Duration
		cores   int
		want    bool
	}{
		{name: "long, exact", elapsed: long, cores: 8, want: true},
		{name: "long, hc", f: func(f *runFlags) { f.store = "hc" }, elapsed: long, cores: 2, want: true},
		{name: "short", elapsed: coresNoteAfter / 2, cores: 8},
		{name: "one core", elapsed: long, cores: 1},
		{name: "-j 1 given", jSet: true, elapsed: long, cores: 8},
		{name: "-j 2", f: func(f *runFlags) { f.jobs = 2 }, elapsed: long, cores: 8},
		{name: "bitstate", f: func(f *runFlags) { f.store = "bitstate" }, elapsed: long, cores: 8},
		{name: "bfs", f: func(f *runFlags) { f.random.search = "bfs" }, elapsed: long, cores: 8},
		{name: "coverage", f: func(f *runFlags) { f.coverage = true }, elapsed: long, cores: 8},
		{name: "cycles", f: func(f *runFlags) { f.mode.cycles = checker.AcceptanceCycles }, elapsed: long, cores: 8},
	}
	for _, c := range cases {
		f := base
		if c.f != nil {
			c.f(&f)
		}
		note := coresNote(f, c.jSet, c.opts, c.elapsed, c.cores)
		if (note != "") != c.want {
			t.Errorf("%s: note %q, want one: %v", c.name, note, c.want)
			continue
		}
		if c.want && (!strings.Contains(note, "-j 0") || !strings.Contains(note, "differ from pan's")) {
			t.Errorf("%s: %q names neither -j 0 nor what it changes", c.name, note)
		}
	}
}
