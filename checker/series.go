package checker

import (
	"runtime"
	"sync"

	"gmc/internal/hugepage"
	"gmc/store"
	"gmc/vm"
)

// BitstateSeries runs one bitstate search per filter size (log2 of the
// bits) with k hash functions and the given seed, on every core, and
// returns the results in the order of sizes. Each run compiles its own
// model with compile (a model is not shared between searches); opts
// apply to every run, with its own Bitstate store.
func BitstateSeries(compile func() (*vm.Model, error), sizes []int, k uint, seed uint64, opts Options) ([]*Result, error) {
	order := make([]int, len(sizes))
	for i := range order {
		order[i] = len(sizes) - 1 - i // largest first: the longest runs start early
	}
	return parallel(order, func(i int) (*Result, error) {
		return bitstateRun(compile, uint(sizes[i]), k, seed, opts)
	})
}

// Runs runs one search per store (bitstate stores with the seeds of
// RunSeeds, for independent runs whose samples of states capture–recapture
// compares), on every core, and returns the results in the order of
// stores. Models and opts are as for BitstateSeries; each store must be
// new.
func Runs(compile func() (*vm.Model, error), stores []store.Store, opts Options) ([]*Result, error) {
	order := make([]int, len(stores))
	for i := range order {
		order[i] = i
	}
	return parallel(order, func(i int) (*Result, error) {
		m, err := compile()
		if err != nil {
			return nil, err
		}
		o := opts
		o.Store = stores[i]
		return NewDFS(m, o).Run()
	})
}

// RunSeeds returns t seeds for independent runs: seed itself first (one
// run is the run of --seed), then seeds spread by splitmix64, so that
// runs whose seeds differ by little do not share hash functions.
func RunSeeds(seed uint64, t int) []uint64 {
	out := make([]uint64, t)
	for i := range out {
		if i == 0 {
			out[i] = seed
			continue
		}
		z := seed + uint64(i)*0x9e3779b97f4a7c15
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		out[i] = z ^ z>>31
	}
	return out
}

func bitstateRun(compile func() (*vm.Model, error), log2Bits, k uint, seed uint64, opts Options) (*Result, error) {
	m, err := compile()
	if err != nil {
		return nil, err
	}
	bits, err := store.NewBitstate(log2Bits, k, seed)
	if err != nil {
		return nil, err
	}
	o := opts
	o.Store = bits
	return NewDFS(m, o).Run()
}

// parallel runs one(i) for every i of order on every core, starting them
// in that order, and returns the results by i; the first error in the
// order of i, if any.
func parallel(order []int, one func(i int) (*Result, error)) ([]*Result, error) {
	results := make([]*Result, len(order))
	errs := make([]error, len(order))
	work := make(chan int)
	var wg sync.WaitGroup
	if len(order) >= runtime.GOMAXPROCS(0) {
		defer hugepage.Busy()()
	}
	for w := 0; w < min(runtime.GOMAXPROCS(0), len(order)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i], errs[i] = one(i)
			}
		}()
	}
	for _, i := range order {
		work <- i
	}
	close(work)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}
