package checker

import (
	"maps"
	"math"
	"testing"

	"gmc/internal/modeltest"
	"gmc/lang"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// TestSample checks the sample of states a search keeps against the
// states it stored: with the exact store, the sample is exactly the
// stored states whose hash falls below θ, and it detects no omission;
// with a bitstate store too small for the model, what it samples are
// reachable states, its omissions are reachable states it did not visit,
// and visited / (visited + omitted) is not below the run's coverage.
func TestSample(t *testing.T) {
	m := modeltest.MustCompile(t, "../examples/models/peterson_n.pml", false)
	exact := store.NewExact()
	full, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 1 << 20}, Store: exact}).Run()
	if err != nil || !full.Complete() {
		t.Fatalf("exhaustive search: %v, %v", err, full.Stop)
	}
	reachable := map[uint64]bool{}
	exact.Each(func(v []byte) { reachable[sample.Hash(v)] = true })
	if len(reachable) != int(full.Stored) {
		t.Fatalf("%d distinct sample hashes of %d states", len(reachable), full.Stored)
	}
	smp := full.Sample
	if smp.Omitted() != 0 {
		t.Errorf("the exact store omitted %d sampled states", smp.Omitted())
	}
	inSample := map[uint64]bool{}
	smp.Each(func(h uint64, _ bool) { inSample[h] = true })
	for h := range reachable {
		if smp.Keeps(h) != inSample[h] {
			t.Fatalf("state of hash %#x: below θ %v, sampled %v", h, smp.Keeps(h), inSample[h])
		}
	}
	if smp.Level() == 0 {
		t.Errorf("%d states and θ never halved", full.Stored)
	}

	bits, err := store.NewBitstate(14, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 1 << 20}, Store: bits}).Run()
	if err != nil {
		t.Fatal(err)
	}
	smp = res.Sample
	smp.Each(func(h uint64, omitted bool) {
		if !reachable[h] {
			t.Fatalf("sampled state %#x (omitted %v) is not reachable", h, omitted)
		}
	})
	n, d := float64(smp.Len()), float64(smp.Omitted())
	truth := float64(res.Stored) / float64(full.Stored)
	if d == 0 || truth > 0.9 {
		t.Fatalf("a filter of 2^14 bits for %d states: coverage %.3f, %v omissions sampled; want a lossy run", full.Stored, truth, d)
	}
	// the bound is an upper bound of the coverage but for sampling error:
	// allow 4 standard deviations
	bound := n / (n + d)
	if sd := math.Sqrt(bound * (1 - bound) / (n + d)); bound+4*sd < truth {
		t.Errorf("visited %v omitted %v sampled: bound %.4f below the coverage %.4f", n, d, bound, truth)
	}
	t.Logf("%d states, bitstate coverage %.4f, bound %.4f (level %d)", full.Stored, truth, bound, smp.Level())
}

// TestSampleRepeats: a search that skips the bitstate filter's repeats
// (DFS.repeats, store.Bitstate.Repeated) keeps the same sample, visited
// states and omissions alike, as one that checks every arrival, with a
// filter small enough to omit states; the safety search and the product
// search (non-progress cycles) alike.
func TestSampleRepeats(t *testing.T) {
	for _, np := range []bool{false, true} {
		spec, diags := lang.Load("../examples/models/peterson_n.pml", nil)
		if diags.ErrorCount() > 0 {
			t.Fatal(diags)
		}
		m, err := vm.Compile(spec, vm.Options{NonProgress: np})
		if err != nil {
			t.Fatal(err)
		}
		run := func(skip bool) map[uint64]bool {
			bits, err := store.NewBitstate(14, 1, 0)
			if err != nil {
				t.Fatal(err)
			}
			opts := Options{Budget: search.Budget{MaxDepth: 1 << 20}, Store: bits}
			if np {
				opts.Cycles = NonProgressCycles
			}
			d := NewDFS(m, opts)
			if d.repeats == nil {
				t.Fatal("a search on a new bitstate store does not skip its repeats")
			}
			if !skip {
				d.repeats = nil
			}
			res, err := d.Run()
			if err != nil {
				t.Fatal(err)
			}
			entries := map[uint64]bool{} // hash → omitted
			res.Sample.Each(func(h uint64, omitted bool) { entries[h] = omitted })
			if res.Sample.Omitted() == 0 {
				t.Fatalf("non-progress %v: %d states stored, no omission sampled: want a lossy run", np, res.Stored)
			}
			return entries
		}
		all, skipped := run(false), run(true)
		if !maps.Equal(all, skipped) {
			t.Errorf("non-progress %v: %d entries checking every arrival, %d skipping repeats, or they differ", np, len(all), len(skipped))
		}
	}
}
