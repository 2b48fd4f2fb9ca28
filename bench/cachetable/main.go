package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"gmc/bench/internal/corpus"
	"gmc/checker"
	"gmc/search"
	"gmc/store"
)

func main() {
	models := flag.String("models", "", "these models instead of the corpus, space-separated, each FILE or FILE:NAME=VALUE,... (#defines)")
	maxStates := flag.Int64("max", 100000, "leave out models with more states")
	noReduce := flag.Bool("no-reduce", false, "no partial-order reduction (by default the searches reduce, as gmc run does)")
	flag.Parse()
	if err := run(strings.Fields(*models), *maxStates, !*noReduce); err != nil {
		fmt.Fprintln(os.Stderr, "cachetable:", err)
		os.Exit(1)
	}
}

// The table's columns: every policy, at 004's cache sizes.
var (
	policies = []store.Policy{store.PolicyCost, store.PolicyRandom, store.PolicyAge, store.PolicyHits, store.PolicyStratified, store.PolicyDepth}
	sizes    = []int64{15, 25, 50, 75, 95}
)

// timeout is how much slower than the uncached search a cached one may
// be before it is stopped (TO): the bound issue 22 sets at half the
// states.
const timeout = 20

func run(args []string, maxStates int64, reduce bool) error {
	models, err := corpus.Select("cachetable", args, corpus.Default, corpus.Options{MinStates: 2000, MaxStates: maxStates}, os.Stderr)
	if err != nil {
		return err
	}
	w := os.Stdout
	fmt.Fprintf(w, "%-22s %9s %5s", "model", "states", "cache")
	for _, p := range policies {
		fmt.Fprintf(w, " %13s", p)
	}
	fmt.Fprintf(w, "\n%-22s %9s %5s", "", "", "")
	for range policies {
		fmt.Fprintf(w, " %6s %6s", "time", "RW")
	}
	fmt.Fprintln(w)
	wins := map[int64]map[store.Policy]int{}
	failed := map[int64]map[store.Policy]int{} // TO or ST
	for _, pct := range sizes {
		wins[pct] = map[store.Policy]int{}
		failed[pct] = map[store.Policy]int{}
	}
	for _, cm := range models {
		m := cm.M
		// the base: the uncached search, its time the best of three
		var full *checker.Result
		for range 3 {
			r, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth, MaxStates: maxStates}, Reduce: reduce}).Run()
			if err != nil {
				return fmt.Errorf("%s: %w", cm.Name, err)
			}
			if full == nil || r.Elapsed < full.Elapsed {
				full = r
			}
		}
		base := full.Elapsed
		for _, pct := range sizes {
			size := int(full.Stored * pct / 100)
			fmt.Fprintf(w, "%-22s %9d %4d%%", cm.Name, full.Stored, pct)
			best, bestTime := store.Policy(-1), time.Duration(0)
			for _, p := range policies {
				c, err := store.NewCache(size, p, 1, false)
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				stop := make(chan struct{})
				timer := time.AfterFunc(timeout*base, func() { close(stop) })
				res, err := checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth, Interrupt: stop}, Store: c, Reduce: reduce}).Run()
				timer.Stop()
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				switch {
				case res.Complete():
					fmt.Fprintf(w, " %6.2f %6.2f", float64(res.Elapsed)/float64(base), float64(res.Transitions)/float64(full.Transitions))
					if best < 0 || res.Elapsed < bestTime {
						best, bestTime = p, res.Elapsed
					}
				case res.Stop.Reason == search.CacheFull:
					fmt.Fprintf(w, " %6s %6s", "ST", "-")
					failed[pct][p]++
				default:
					fmt.Fprintf(w, " %6s %6s", "TO", "-")
					failed[pct][p]++
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
	fmt.Fprintf(w, "\nrows where each policy did not finish (TO: over %dx the uncached time, ST: stack), of %d, by cache size:\n%5s", timeout, len(models), "cache")
	for _, p := range policies {
		fmt.Fprintf(w, " %10s", p)
	}
	fmt.Fprintln(w)
	for _, pct := range sizes {
		fmt.Fprintf(w, "%4d%%", pct)
		for _, p := range policies {
			fmt.Fprintf(w, " %10d", failed[pct][p])
		}
		fmt.Fprintln(w)
	}
	return nil
}
