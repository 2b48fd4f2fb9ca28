package checker

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var cacheTable = flag.Bool("cachetable", false, "run the caching benchmark of 004 table 4.1 on the corpus and print the table (minutes)")

// TestCacheTable reproduces table 4.1 of 004 in shape: for each corpus
// model, caches of 15, 25, 50, 75 and 95% of the state space and every
// policy, the time of the cached search as a factor of the search without
// a cache, and RW, the transitions taken over the state space's
// transitions. A search that takes more than 25 times as long is stopped:
// TO. A cache that cannot hold the search stack: ST.
//
//	go test ./checker -run TestCacheTable -cachetable -v -timeout 1h
func TestCacheTable(t *testing.T) {
	if !*cacheTable {
		t.Skip("the caching benchmark runs with -cachetable")
	}
	var files []string
	for _, pattern := range []string{"../examples/models/*.pml", "/usr/share/doc/spin/examples/Examples/*.pml"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	policies := []Policy{PolicyCost, PolicyRandom, PolicyAge, PolicyHits, PolicyStratified, PolicyDepth}
	// The table is printed row by row as it is measured: it takes minutes.
	w := os.Stderr
	fmt.Fprintf(w, "\n%-22s %9s %5s", "model", "states", "cache")
	for _, p := range policies {
		fmt.Fprintf(w, " %13s", p)
	}
	fmt.Fprintf(w, "\n%-22s %9s %5s", "", "", "")
	for range policies {
		fmt.Fprintf(w, " %6s %6s", "time", "RW")
	}
	fmt.Fprintln(w)
	wins := map[Policy]int{}
	for _, file := range files {
		m, err := compileFile(file, false)
		if err != nil {
			continue
		}
		opts := Options{MaxDepth: 1 << 20, MaxStates: 100000}
		full, err := NewDFS(m, opts).Run()
		if err != nil || !full.Complete || full.Stored < 2000 || full.Stats.Errors > 0 {
			continue
		}
		// the base time: the best of three
		base := full.Elapsed
		for range 2 {
			r, _ := NewDFS(m, opts).Run()
			base = min(base, r.Elapsed)
		}
		for _, pct := range []int64{15, 25, 50, 75, 95} {
			size := int(full.Stored * pct / 100)
			fmt.Fprintf(w, "%-22s %9d %4d%%", filepath.Base(file), full.Stored, pct)
			best, bestTime := Policy(-1), time.Duration(0)
			for _, p := range policies {
				c, _ := NewCache(size, p, 1, false)
				stop := make(chan struct{})
				timer := time.AfterFunc(25*base, func() { close(stop) })
				res, _ := NewDFS(m, Options{MaxDepth: 1 << 20, Store: c, Stop: stop}).Run()
				timer.Stop()
				switch {
				case res.Complete:
					fmt.Fprintf(w, " %6.2f %6.2f", float64(res.Elapsed)/float64(base), float64(res.Transitions)/float64(full.Transitions))
					if best < 0 || res.Elapsed < bestTime {
						best, bestTime = p, res.Elapsed
					}
				case strings.Contains(res.Stopped, "cache"):
					fmt.Fprintf(w, " %6s %6s", "ST", "-")
				default:
					fmt.Fprintf(w, " %6s %6s", "TO", "-")
				}
			}
			if best >= 0 {
				wins[best]++
				fmt.Fprintf(w, "  %s", best)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "\nfastest policy (model and cache size where one finished):")
	for _, p := range policies {
		fmt.Fprintf(w, " %s %d", p, wins[p])
	}
	fmt.Fprintln(w)
}
