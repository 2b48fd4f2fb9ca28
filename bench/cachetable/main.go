package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
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
	only := flag.String("policies", "", "only these policies, comma-separated (to rerun a row's cells)")
	sizeList := flag.String("sizes", "", "only these cache sizes, percent, comma-separated")
	flag.Parse()
	if err := choose(*only, *sizeList); err != nil {
		fmt.Fprintln(os.Stderr, "cachetable:", err)
		os.Exit(2)
	}
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

// choose keeps the policies and sizes the flags name.
func choose(only, sizeList string) error {
	if only != "" {
		policies = nil
		for _, name := range strings.Split(only, ",") {
			p, err := store.ParsePolicy(name)
			if err != nil {
				return err
			}
			policies = append(policies, p)
		}
	}
	if sizeList != "" {
		sizes = nil
		for _, f := range strings.Split(sizeList, ",") {
			pct, err := strconv.ParseInt(f, 10, 64)
			if err != nil || pct <= 0 || pct > 100 {
				return fmt.Errorf("-sizes: %q is not a percentage", f)
			}
			sizes = append(sizes, pct)
		}
	}
	return nil
}

// timeout is how much slower than the uncached search a cached one may
// be before it is stopped (TO): the bound issue 22 sets at half the
// states.
const timeout = 20

// minStates is the fewest states a model must have, reduced or not, for
// its times to mean something.
const minStates = 2000

func run(args []string, maxStates int64, reduce bool) error {
	models, err := corpus.Select("cachetable", args, corpus.Default, corpus.Options{MinStates: minStates, MaxStates: maxStates}, os.Stderr)
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
	failed := map[int64]map[store.Policy]int{}  // TO or ST
	guarded := map[int64]map[store.Policy]int{} // the guard switched to stratified eviction
	for _, pct := range sizes {
		wins[pct] = map[store.Policy]int{}
		failed[pct] = map[store.Policy]int{}
		guarded[pct] = map[store.Policy]int{}
	}
	measured := 0
	for _, cm := range models {
		m := cm.M
		// the base: the uncached search, its time the best of three
		var full *checker.Result
		var base time.Duration
		for range 3 {
			r, cpu, err := timed(0, func(stop chan struct{}) (*checker.Result, error) {
				return checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth, MaxStates: maxStates, Interrupt: stop}, Reduce: reduce}).Run()
			})
			if err != nil {
				return fmt.Errorf("%s: %w", cm.Name, err)
			}
			if full == nil || cpu < base {
				full, base = r, cpu
			}
		}
		if full.Stored < minStates {
			// reduction left too few states to time
			fmt.Fprintf(os.Stderr, "cachetable: %s left out: %d states reduced\n", cm.Name, full.Stored)
			continue
		}
		measured++
		for _, pct := range sizes {
			size := int(full.Stored * pct / 100)
			fmt.Fprintf(w, "%-22s %9d %4d%%", cm.Name, full.Stored, pct)
			best, bestTime := store.Policy(-1), time.Duration(0)
			for _, p := range policies {
				c, err := store.NewCache(size, p, 1, false)
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				res, cpu, err := timed(timeout*base, func(stop chan struct{}) (*checker.Result, error) {
					return checker.NewDFS(m, checker.Options{Budget: search.Budget{MaxDepth: corpus.MaxDepth, Interrupt: stop}, Store: c, Reduce: reduce}).Run()
				})
				if err != nil {
					return fmt.Errorf("%s: %w", cm.Name, err)
				}
				mark := " "
				if c.FellBack() > 0 {
					mark = "*"
					guarded[pct][p]++
				}
				switch {
				case res.Complete():
					fmt.Fprintf(w, " %6.2f %5.2f%s", float64(cpu)/float64(base), float64(res.Transitions)/float64(full.Transitions), mark)
					if best < 0 || cpu < bestTime {
						best, bestTime = p, cpu
					}
				case res.Stop.Reason == search.CacheFull:
					fmt.Fprintf(w, " %6s %6s", "ST", "-")
					failed[pct][p]++
				default:
					fmt.Fprintf(w, " %6s %5s%s", "TO", "-", mark)
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
	counts(w, "rows where each policy was fastest, by cache size:", wins)
	counts(w, fmt.Sprintf("rows where each policy did not finish (TO: over %dx the uncached time, ST: stack), of %d, by cache size:", timeout, measured), failed)
	counts(w, fmt.Sprintf("rows where the guard switched the policy to stratified eviction (* after RW: over %d times the distinct states stored, store.GuardRedundancy), by cache size:", store.GuardRedundancy), guarded)
	return nil
}

// counts prints a count per cache size and policy under its title.
func counts(w io.Writer, title string, n map[int64]map[store.Policy]int) {
	fmt.Fprintf(w, "\n%s\n%5s", title, "cache")
	for _, p := range policies {
		fmt.Fprintf(w, " %10s", p)
	}
	fmt.Fprintln(w)
	for _, pct := range sizes {
		fmt.Fprintf(w, "%4d%%", pct)
		for _, p := range policies {
			fmt.Fprintf(w, " %10d", n[pct][p])
		}
		fmt.Fprintln(w)
	}
}

// timed runs a search and returns the processor time it took (the
// process's, user and system: on a loaded machine it varies far less
// than the wall clock's); with a limit, the search is interrupted when
// it has taken that much.
func timed(limit time.Duration, search func(stop chan struct{}) (*checker.Result, error)) (*checker.Result, time.Duration, error) {
	runtime.GC() // what earlier searches left is not this one's cost
	stop, over := make(chan struct{}), make(chan struct{})
	start := cpuTime()
	if limit > 0 {
		go func() {
			tick := time.NewTicker(10 * time.Millisecond)
			defer tick.Stop()
			for {
				select {
				case <-over:
					return
				case <-tick.C:
					if cpuTime()-start > limit {
						close(stop)
						return
					}
				}
			}
		}()
	}
	res, err := search(stop)
	close(over)
	return res, cpuTime() - start, err
}
