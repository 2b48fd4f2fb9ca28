package checker

import (
	"runtime"
	"sync"

	"gmc/store"
	"gmc/vm"
)

// BitstateSeries runs one bitstate search per filter size (log2 of the
// bits) with k hash functions and the given seed, on every core, and
// returns the results in the order of sizes. Each run compiles its own
// model with compile (a model is not shared between searches); opts
// apply to every run, with its own Bitstate store.
func BitstateSeries(compile func() (*vm.Model, error), sizes []int, k uint, seed uint64, opts Options) ([]*Result, error) {
	results := make([]*Result, len(sizes))
	errs := make([]error, len(sizes))
	one := func(i int) (*Result, error) {
		m, err := compile()
		if err != nil {
			return nil, err
		}
		bits, err := store.NewBitstate(uint(sizes[i]), k, seed)
		if err != nil {
			return nil, err
		}
		o := opts
		o.Store = bits
		return NewDFS(m, o).Run()
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(runtime.NumCPU(), len(sizes)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				results[i], errs[i] = one(i)
			}
		}()
	}
	// largest first: the longest runs start early
	for i := len(sizes) - 1; i >= 0; i-- {
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
