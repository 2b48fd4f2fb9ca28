package checker

import (
	"runtime"
	"testing"
	"time"

	"gmc/internal/modeltest"
	"gmc/search"
	"gmc/vm"
)

// TestRunProbes runs probes of peterson_n: each gets its share of the
// memory as the largest filter that fits, they finish without a time
// bound and, with filters far larger than the state space, each stores
// what the exhaustive search does (reduced, as it was); a time bound too
// short stops them.
func TestRunProbes(t *testing.T) {
	const file = "../examples/models/peterson_n.pml"
	compile := func() (*vm.Model, error) { return modeltest.MustCompile(t, file, false), nil }
	m, _ := compile()
	full, err := NewDFS(m, Options{Budget: search.Budget{MaxDepth: 1 << 20}, Reduce: true}).Run()
	if err != nil || !full.Complete() {
		t.Fatalf("exhaustive search: %v, %v", err, full.Stop)
	}
	at := min(3, runtime.NumCPU())
	mem := int64(at) << 20 // 1 MiB each: 2^23 bits
	p, err := RunProbes(compile, ProbeOptions{Runs: 3, Seed: 5, Memory: mem + 1000, Options: Options{Budget: search.Budget{MaxDepth: 1 << 20}, Reduce: true}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Log2Bits != 23 || p.Parallel != at || p.Bytes != mem || len(p.Results) != 3 || !p.Complete() || p.DepthLimited() {
		t.Fatalf("probes: 2^%d bits, %d at a time, %d bytes, %d results, complete %v", p.Log2Bits, p.Parallel, p.Bytes, len(p.Results), p.Complete())
	}
	for i, r := range p.Results {
		if r.Stored != full.Stored || !r.Reduced || r.Sample == nil {
			t.Errorf("probe %d: %d states (reduced %v), want %d", i+1, r.Stored, r.Reduced, full.Stored)
		}
	}
	if p.Seeds[0] != 5 || p.Seeds[1] == p.Seeds[0] {
		t.Errorf("seeds %v", p.Seeds)
	}
	p, err = RunProbes(compile, ProbeOptions{Runs: 2, Memory: 1, Time: time.Nanosecond, Options: Options{Budget: search.Budget{MaxDepth: 1 << 20}}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Log2Bits != MinProbeLog2 || p.Complete() || p.Results[0].Stop.Reason != search.TimeLimit {
		t.Errorf("probes with no time: 2^%d bits, complete %v, %v", p.Log2Bits, p.Complete(), p.Results[0].Stop)
	}
}
