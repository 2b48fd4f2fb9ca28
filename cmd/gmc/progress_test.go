package main

import (
	"strings"
	"testing"
	"time"

	"gmc/checker"
	"gmc/store"
)

// TestCacheWarning: a cached search that stores every state again and
// again is told within the first seconds, once per doubling of its
// redundancy, with the time the same states would take uncached.
func TestCacheWarning(t *testing.T) {
	for _, p := range []store.Policy{store.PolicyCost, store.PolicyStratified} {
		c, err := store.NewCache(100, p, 1, false)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 50 {
			c.Insert([]byte{byte(i), 1, 2, 3})
		}
		warn := cacheWarning(c)
		steps := []struct {
			stored  int64
			elapsed time.Duration
			want    bool
		}{
			{1000, time.Second, false},         // too early to tell
			{150, 4 * time.Second, false},      // redundancy 3: below the mark
			{1000, 4 * time.Second, true},      // 20
			{1500, 5 * time.Second, false},     // 30: not yet twice 20
			{4000, 8 * time.Second, true},      // 80
			{4000, 10 * time.Second, false},    // 80 again
			{100000, 10 * time.Second, true},   // 2000
			{100000, 100 * time.Second, false}, // the same
		}
		for _, s := range steps {
			msg := warn(checker.Progress{Stored: s.stored, Elapsed: s.elapsed})
			if (msg != "") != s.want {
				t.Fatalf("%s: %d states in %v: warning %q, want one: %v", p, s.stored, s.elapsed, msg, s.want)
			}
			if msg == "" {
				continue
			}
			if !strings.Contains(msg, "without a cache they would take") {
				t.Errorf("%s: %q gives no projection", p, msg)
			}
			if hint := strings.Contains(msg, "--policy stratified"); hint != (p != store.PolicyStratified) {
				t.Errorf("%s: %q: hint of stratified %v", p, msg, hint)
			}
		}
	}
}
