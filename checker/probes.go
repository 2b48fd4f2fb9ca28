package checker

import (
	"math/bits"
	"runtime"
	"time"

	"gmc/store"
	"gmc/vm"
)

// A search that stopped on a bound (states, memory, time, the depth
// bound, a randomized or Monte Carlo search) has a sample of the states it
// visited (Result.Sample). Bitstate probes with independent seeds, run
// afterwards within a budget of time and memory, catch the reachable
// states again, and capture–recapture over the samples estimates how many
// there are (estimate.PartialCapture): the partial search's coverage is
// what it visited over that. A bit of a filter costs far less than a
// stored state, so in the memory the partial search used the probes see
// far more of the state space than it did; the time is what bounds them.

// ProbeOptions configure the probes of a partial search.
type ProbeOptions struct {
	// Runs is the number of probes; at most GOMAXPROCS of them run at once.
	Runs int
	// Seed is the first probe's seed (RunSeeds gives the others).
	Seed uint64
	// K is the hash functions of each filter (0: 3).
	K uint
	// Memory is the bytes of the filters of the probes at work together:
	// each gets the largest power of two of bits that fits its share (at
	// least 2^MinProbeLog2 bits).
	Memory int64
	// Time bounds the probes' wall time, all of them (0: none): each
	// gets its share of it by the rounds they run in.
	Time time.Duration
	// Options are the probes' search options: the partial search's
	// (Reduce, MaxDepth, Interrupt, MaxMemory for the probes at work
	// together), without its bound of states, time or errors; the Store
	// is each probe's filter.
	Options Options
}

// MinProbeLog2 is the smallest filter a probe gets: 2^16 bits, 8 KiB.
const MinProbeLog2 = 16

// Probes are the results of the probes of a partial search.
type Probes struct {
	Results  []*Result
	Seeds    []uint64
	Log2Bits uint
	K        uint
	// Parallel is how many ran at once; Bytes the memory of their
	// filters then.
	Parallel int
	Bytes    int64
	Elapsed  time.Duration // wall time of them all
}

// Complete reports whether every probe ran to its end (the depth bound
// may have cut paths: DepthLimited says).
func (p *Probes) Complete() bool {
	for _, r := range p.Results {
		if r.Stop.Early() {
			return false
		}
	}
	return true
}

// DepthLimited reports whether the depth bound cut a probe's paths.
func (p *Probes) DepthLimited() bool {
	for _, r := range p.Results {
		if r.DepthLimited {
			return true
		}
	}
	return false
}

// RunProbes runs the probes of a partial search of the model compile
// makes (one model per probe), in parallel.
func RunProbes(compile func() (*vm.Model, error), po ProbeOptions) (*Probes, error) {
	at := max(1, min(po.Runs, runtime.GOMAXPROCS(0)))
	share := po.Memory / int64(at) * 8 // bits
	l := uint(MinProbeLog2)
	if share > 0 {
		l = max(l, uint(bits.Len64(uint64(share)))-1)
	}
	l = min(l, store.MaxBitstateLog2)
	k := po.K
	if k == 0 {
		k = 3
	}
	p := &Probes{Seeds: RunSeeds(po.Seed, po.Runs), Log2Bits: l, K: k, Parallel: at, Bytes: int64(at) << l >> 3}
	stores := make([]store.Store, po.Runs)
	for i, seed := range p.Seeds {
		b, err := store.NewBitstate(l, k, seed)
		if err != nil {
			return nil, err
		}
		stores[i] = b
	}
	o := po.Options
	o.MaxStates, o.MaxErrors, o.Progress, o.Observer, o.Recorder, o.Follower, o.Start = 0, 0, nil, nil, nil, nil, nil
	o.Time = 0
	if po.Time > 0 {
		rounds := (po.Runs + at - 1) / at
		o.Time = max(po.Time/time.Duration(rounds), time.Millisecond)
	}
	if o.MaxMemory > 0 {
		o.MaxMemory /= int64(at)
	}
	start := time.Now()
	res, err := Runs(compile, stores, o)
	if err != nil {
		return nil, err
	}
	p.Results, p.Elapsed = res, time.Since(start)
	return p, nil
}
