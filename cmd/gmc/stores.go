package main

import (
	"fmt"
	"io"
	"time"

	"gmc/checker"
	"gmc/estimate"
	"gmc/store"
	"gmc/vm"
)

// The stores a run can keep its visited states in, by --store's names
// (docs/references.md#cli-contract): exact (the default), hc, collapse,
// bitstate (--bitstate) and cache (--cache N).

// storeUsage is --store's help.
const storeUsage = "the set of visited states: `S` = exact (every state whole, the default), " +
	"hc (hash compaction, pan -DHC4: a 64-bit fingerprint per state, 62-bit with -j N; a state may be omitted, with the probability the report gives), " +
	"collapse (collapse compression, pan -DCOLLAPSE: exact; the global part and each process's part kept once each, a state is the tuple of their numbers), " +
	"bitstate (as --bitstate) or cache (as --cache N)"

// chooseStore settles f.store from --store and its shorthands --bitstate
// and --cache, and says so when they contradict. It sets f.bitstate for
// --store bitstate.
func (f *runFlags) chooseStore() error {
	short := ""
	switch {
	case f.bitstate && f.cache != "":
		return fmt.Errorf("--cache and -bitstate are two different stores: choose one")
	case f.bitstate:
		short = "bitstate"
	case f.cache != "":
		short = "cache"
	}
	switch f.store {
	case "":
		f.store = "exact"
		if short != "" {
			f.store = short
		}
	case "exact", "hc", "collapse", "bitstate", "cache":
		if short != "" && short != f.store {
			flag := "--bitstate"
			if short == "cache" {
				flag = "--cache"
			}
			return fmt.Errorf("--store %s and %s contradict (%s is --store %s): choose one", f.store, flag, flag, short)
		}
	default:
		return fmt.Errorf("--store %q: want exact, hc, collapse, bitstate or cache", f.store)
	}
	if f.store == "cache" && f.cache == "" {
		return fmt.Errorf("--store cache needs the cache's size: --cache N (states) or --cache SIZE (512MB)")
	}
	f.bitstate = f.store == "bitstate"
	return nil
}

// newStore makes the store --store names for a search of m: nil for the
// exact store (the search makes its own) unless -w sizes its table, a new
// filter for bitstate. The cache is made once, by runRun.
func newStore(f runFlags, m *vm.Model) (store.Store, error) {
	var st store.Store
	switch f.store {
	case "hc":
		st = store.NewHashCompact()
	case "collapse":
		st = store.NewCollapse(m.Splitter())
	case "bitstate":
		return store.NewBitstate(f.log2Bits, f.hashes, f.seed)
	case "exact":
		if f.presize > 0 {
			st = store.NewExact()
		}
	}
	presize(st, f)
	return st, nil
}

// The sizes -w may give a store's table (f.presize): 2^10 slots, 8 KiB,
// to 2^36, 512 GiB.
const (
	minPresize = 10
	maxPresize = 36
)

// presize gives st's table the size -w asks for, if it asked.
func presize(st any, f runFlags) {
	if p, ok := st.(store.Presizer); ok && f.presize > 0 {
		p.Presize(f.presize)
	}
}

// storeName is the name of the store st for the report (nil: exact).
func storeName(st store.Store) string {
	if _, _, ok := hashCompaction(st); ok {
		return "hc"
	}
	switch st.(type) {
	case *store.Collapse, *store.CollapseTable:
		return "collapse"
	case *store.Bitstate:
		return "bitstate"
	case *store.Cache:
		return "cache"
	}
	return "exact"
}

// sharedStore makes the store of a parallel search (-j N) of m, the
// lock-free table of --store's kind: exact, compact (hc), or of
// collapse's tuples.
func sharedStore(f runFlags, m *vm.Model) store.Concurrent {
	var st store.Concurrent
	switch f.store {
	case "hc":
		st = store.NewCompactTable(f.jobs)
	case "collapse":
		st = store.NewCollapseTable(f.jobs, func() store.Splitter { return m.Splitter() })
	default:
		st = store.NewTable(f.jobs)
	}
	presize(st, f)
	return st
}

// parallelRefused says why a parallel search (-j N) cannot run what f
// asks ("": it can).
func parallelRefused(f runFlags, opts checker.Options) string {
	switch {
	case f.jobs < 1 || f.jobs > checker.MaxWorkers:
		return fmt.Sprintf("want 1 to %d cores", checker.MaxWorkers)
	case f.random.search != "dfs":
		return "the parallel search is the exhaustive one (--search dfs)"
	case f.mode.claim != "" || f.mode.cycles != checker.NoCycles || opts.StackProviso:
		return "the parallel search checks safety properties only, without a never claim or cycles (--safety --no-claim: assertions and end states; -j 1 checks the others)"
	case f.store != "exact" && f.store != "hc" && f.store != "collapse":
		return "the parallel search keeps its states in the exact, hc or collapse store"
	case f.script != "" || f.coverage || f.runs > 1:
		return "--script, --coverage and --runs go with the one-core search (-j 1)"
	case f.pan.every || f.pan.iterative() != checker.NotIterative:
		return "-e, -i and -I go with the one-core search (-j 1)"
	}
	return ""
}

// coresNoteAfter is how long a one-core search runs before gmc tells
// its user of the other cores: long enough that a quick check is left
// in peace, short enough to matter on the searches that take minutes.
const coresNoteAfter = 10 * time.Second

// coresNote is what gmc tells the user of a one-core search (-j 1, the
// default, not given: jSet) that took elapsed on a machine of cores
// cores, when the parallel search could have run it ("": nothing to
// tell). The default stays one core: that search is pan's, counts and
// depth (the conformance rule); the parallel one is pan -DNCORE's
// kind, its reduced counts its own.
func coresNote(f runFlags, jSet bool, opts checker.Options, elapsed time.Duration, cores int) string {
	if f.jobs != 1 || jSet || cores < 2 || elapsed < coresNoteAfter {
		return ""
	}
	all := f
	all.jobs = min(cores, checker.MaxWorkers)
	if parallelRefused(all, opts) != "" {
		return ""
	}
	return fmt.Sprintf("gmc: note: this search ran %.0f s on one of the machine's %d cores (-j 1, pan's depth-first search); -j 0 runs it on all of them, storing the same states with --no-reduce and, reduced, counts that may differ from pan's", elapsed.Seconds(), cores)
}

// bytesPerState is what the store used per state stored: its states and
// its table.
func bytesPerState(res *checker.Result) float64 {
	if res.Stored == 0 {
		return 0
	}
	return float64(res.Memory.Vectors+res.Memory.Table) / float64(res.Stored)
}

// hashCompaction reports whether st is hash compaction, one core's or
// the parallel search's, and then its fingerprints' bits and the
// probability that it omitted a state.
func hashCompaction(st store.Store) (bits int, omission float64, ok bool) {
	switch st := st.(type) {
	case *store.HashCompact:
		return 64, st.Omission(), true
	case *store.Table:
		if st.Compact() {
			return 62, st.Omission(), true
		}
	}
	return 0, 0, false
}

// collapsed is a store of collapse compression, one core's or the
// parallel search's: it counts the parts it keeps.
type collapsed interface{ Parts() (global, procs int) }

// writeStoreLines prints what hash compaction and collapse say of their
// states after the counts (pan prints its hash conflicts there).
func writeStoreLines(w io.Writer, st store.Store) {
	if bits, omission, ok := hashCompaction(st); ok {
		fmt.Fprintf(w, "\nhash compaction: %d-bit fingerprints, %d kept\n", bits, st.Len())
		// (n(n-1)/2 pairs, each alike with probability 2^-bits)
		fmt.Fprintf(w, "probability of an omission: %.3g (two of the %d states with one fingerprint: at most n(n-1)/2^%d)\n", omission, st.Len(), bits+1)
	}
	switch st.(type) {
	case *store.Collapse, *store.CollapseTable:
		g, p := st.(collapsed).Parts()
		fmt.Fprintf(w, "\ncollapse: %d global parts, %d process parts, kept once each\n", g, p)
	}
}

// hcJSON is the hash-compaction part of run --json.
type hcJSON struct {
	FingerprintBits int     `json:"fingerprint_bits"`
	Omission        float64 `json:"omission_probability"`
}

// collapseJSON is the collapse part of run --json.
type collapseJSON struct {
	GlobalParts  int `json:"global_parts"`
	ProcessParts int `json:"process_parts"`
}

// storeJSON fills the parts of out that hash compaction and collapse
// have.
func storeJSON(out *runJSON, st store.Store) {
	if bits, omission, ok := hashCompaction(st); ok {
		out.HashCompaction = &hcJSON{FingerprintBits: bits, Omission: omission}
	}
	switch st.(type) {
	case *store.Collapse, *store.CollapseTable:
		g, p := st.(collapsed).Parts()
		out.Collapse = &collapseJSON{g, p}
	}
}

// omissionFacts adds what hash compaction says of the coverage.
func omissionFacts(f *estimate.Facts, st store.Store) {
	if _, omission, ok := hashCompaction(st); ok {
		f.Store = estimate.HashCompactStore
		f.Omission = omission
	}
}
