package checker

import (
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"gmc/lang"
	"gmc/search"
	"gmc/store"
	"gmc/vm"
)

// BenchmarkSampleCost measures what the sample of states (Result.Sample)
// costs a search, as gmc run searches (-w 24 -k 3 for the bitstate store;
// reduced, but where noReduce makes a model larger): per model and store,
// each iteration runs the search without the sample and with it, in
// alternating order (the sample read before the run ends: an exact
// search draws it then, sample.Deferred; SAMPLE_UNREAD=1 leaves it
// unread, as a complete search leaves it), and charges each run the
// processor time of the
// whole process while it runs (getrusage: the search's goroutine and the
// collector's; each starts on a heap just collected, so the cycles a
// run's allocations bring, the sample's among them, fall within it).
// Its metrics are the least time of a run without the sample (ms-off),
// the least time with it over that, less one (%cost: the other jobs on
// the machine only ever add time, so the least times are the least
// disturbed), and the median of the ratios with/without, pair by pair,
// less one (%cost-med: alternating in one process cancels the drift of
// the machine's load). Wall-clock ns/op say nothing here.
//
//	go test ./checker -run XXX -bench SampleCost -benchtime 3s
//	go test ./checker -run XXX -bench 'SampleCost/dtp/bitstate' -benchtime 30x
//
// With SAMPLE_COST=on or off in the environment each iteration runs one
// search, with the sample or without, to profile one side (go test
// -cpuprofile, or callgrind: the Go runtime needs GODEBUG=cpu.rdtscp=off
// under valgrind 3.19). Counted instructions vary too on a search of
// milliseconds: whether the collector runs during it, and its assists,
// depend on the heap as it stands.
func BenchmarkSampleCost(b *testing.B) {
	const spin = "/usr/share/doc/spin/examples/Examples/"
	for _, c := range []struct {
		name, file string
		defines    map[string]string
		noReduce   bool
	}{
		// small: every state or one in two is sampled
		{"bakery", "../bench/models/bakery.pml", nil, true},            // 2,995 states
		{"swp", "../bench/models/swp.pml", nil, false},                 // 19,381
		{"peterson_n", "../examples/models/peterson_n.pml", nil, true}, // 43,449
		{"snoopy", spin + "snoopy.pml", nil, true},                     // 61,619
		// large: one in 8 to 32
		{"dtp", spin + "dtp.pml", nil, true},                                             // 223,512
		{"phil_n9", "../examples/models/phil_n.pml", map[string]string{"N": "9"}, false}, // 209,715
		{"cambridge", spin + "cambridge.pml", nil, true},                                 // 532,532
	} {
		if _, err := os.Stat(c.file); err != nil {
			b.Logf("%s: %v (SPIN's examples are installed with spin)", c.name, err)
			continue
		}
		spec, diags := lang.Load(c.file, &lang.Options{Defines: c.defines})
		if diags.ErrorCount() > 0 {
			b.Fatalf("%s: %v", c.file, diags)
		}
		m, err := vm.Compile(spec, vm.Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, bitstate := range []bool{false, true} {
			name := c.name + "/exact"
			if bitstate {
				name = c.name + "/bitstate"
			}
			b.Run(name, func(b *testing.B) {
				run := func(noSample bool) time.Duration {
					opts := Options{Budget: search.Budget{MaxDepth: 1 << 24}, Reduce: !c.noReduce, noSample: noSample}
					if bitstate {
						if opts.Store, err = store.NewBitstate(24, 3, 0); err != nil {
							b.Fatal(err)
						}
					}
					runtime.GC()
					for range 4 {
						runtime.Gosched() // (the last sample's cleanup keeps its arena)
					}
					t0 := processTime()
					res, err := NewDFS(m, opts).Run()
					if err == nil && res.Sample != nil && os.Getenv("SAMPLE_UNREAD") == "" {
						res.Sample.Len() // a deferred sample (the exact store's) is drawn now
					}
					t := processTime() - t0
					if err != nil || !res.Complete() {
						b.Fatal(err, res.Stop)
					}
					return t
				}
				if mode := os.Getenv("SAMPLE_COST"); mode != "" {
					// one mode only, for counting instructions
					for b.Loop() {
						run(mode == "off")
					}
					return
				}
				var off, on, ratio []float64
				i := 0
				for b.Loop() {
					var with, without time.Duration
					if i%2 == 0 {
						without, with = run(true), run(false)
					} else {
						with, without = run(false), run(true)
					}
					i++
					off = append(off, without.Seconds())
					on = append(on, with.Seconds())
					ratio = append(ratio, with.Seconds()/without.Seconds())
				}
				b.ReportMetric(slices.Min(off)*1e3, "ms-off")
				b.ReportMetric((slices.Min(on)/slices.Min(off)-1)*100, "%cost")
				b.ReportMetric((median(ratio)-1)*100, "%cost-med")
			})
		}
	}
}

// processTime is the processor time the process used so far, user and
// system, all threads.
func processTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		panic(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

func median(x []float64) float64 {
	s := slices.Sorted(slices.Values(x))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
