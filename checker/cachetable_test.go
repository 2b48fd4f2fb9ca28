package checker

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

var (
	cacheTable       = flag.Bool("cachetable", false, "run the caching benchmark of 004 table 4.1 on the corpus and print the table (minutes)")
	cacheTableMax    = flag.Int64("cachetable-max", 100000, "-cachetable: leave out models with more states")
	cacheTableModels = flag.String("cachetable-models", "", "-cachetable: these models instead of the corpus, space-separated, each FILE or FILE:NAME=VALUE,... (#defines)")
)

// TestCacheTable reproduces table 4.1 of 004 in shape: for each corpus
// model, caches of 15, 25, 50, 75 and 95% of the state space and every
// policy, the time of the cached search as a factor of the search without
// a cache, and RW, the transitions taken over the state space's
// transitions. A search that takes more than 25 times as long is stopped:
// TO. A cache that cannot hold the search stack: ST.
//
// The last line counts, for each cache size, the rows each policy was
// fastest in.
//
//	go test ./checker -run TestCacheTable -cachetable -v -timeout 1h
//	go test ./checker -run TestCacheTable -cachetable -v -timeout 2h \
//		-cachetable-max 1000000 -cachetable-models "../examples/models/leader_n.pml:N=6"
func TestCacheTable(t *testing.T) {
	if !*cacheTable {
		t.Skip("the caching benchmark runs with -cachetable")
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
	sizes := []int64{15, 25, 50, 75, 95}
	wins := map[int64]map[Policy]int{}
	for _, pct := range sizes {
		wins[pct] = map[Policy]int{}
	}
	for _, cm := range benchCorpus(strings.Fields(*cacheTableModels), 2000, *cacheTableMax) {
		m, full, name := cm.m, cm.full, cm.name
		search := Options{MaxDepth: 1 << 20, MaxStates: *cacheTableMax}
		// the base time: the best of three
		base := full.Elapsed
		for range 2 {
			r, _ := NewDFS(m, search).Run()
			base = min(base, r.Elapsed)
		}
		for _, pct := range sizes {
			size := int(full.Stored * pct / 100)
			fmt.Fprintf(w, "%-22s %9d %4d%%", name, full.Stored, pct)
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
				wins[pct][best]++
				fmt.Fprintf(w, "  %s", best)
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintf(w, "\nrows where each policy was fastest, by cache size:\n%5s", "cache")
	for _, p := range policies {
		fmt.Fprintf(w, " %10s", p)
	}
	fmt.Fprintln(w)
	for _, pct := range sizes {
		fmt.Fprintf(w, "%4d%%", pct)
		for _, p := range policies {
			fmt.Fprintf(w, " %10d", wins[pct][p])
		}
		fmt.Fprintln(w)
	}
}
