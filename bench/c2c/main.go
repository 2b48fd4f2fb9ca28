package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

func main() {
	cpus := flag.String("cpus", "0,1", "the two processors, a comma between them")
	n := flag.Int("n", 500000, "round trips")
	flag.Parse()
	a, b, err := parseCPUs(*cpus)
	if err != nil || a == b || *n <= 0 {
		fmt.Fprintf(os.Stderr, "c2c: -cpus wants two different processors, as 0,1, and -n a positive count\n")
		os.Exit(2)
	}
	rt, err := roundTrip(a, b, *n)
	if err != nil {
		fmt.Fprintf(os.Stderr, "c2c: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("processors %d and %d: a cache line's round trip %.0f ns\n", a, b, float64(rt.Nanoseconds())/float64(*n))
}

// parseCPUs reads "A,B".
func parseCPUs(s string) (a, b int, err error) {
	parts := strings.Split(s, ",")
	if len(parts) != 2 {
		return 0, 0, fmt.Errorf("want two processors")
	}
	if a, err = strconv.Atoi(strings.TrimSpace(parts[0])); err != nil {
		return 0, 0, err
	}
	b, err = strconv.Atoi(strings.TrimSpace(parts[1]))
	return a, b, err
}

// line is the cache line the two goroutines pass: the counter, padded so
// that nothing else shares its line.
type line struct {
	_ [64]byte
	v atomic.Int64
	_ [56]byte
}

// roundTrip pins a goroutine to processor b that answers each odd value
// of the line with the next even one, pins the caller to a, and times n
// round trips.
func roundTrip(a, b, n int) (time.Duration, error) {
	runtime.GOMAXPROCS(max(runtime.GOMAXPROCS(0), 2))
	var l line
	ready := make(chan error, 1)
	go func() {
		runtime.LockOSThread()
		if err := pin(b); err != nil {
			ready <- err
			return
		}
		ready <- nil
		for i := int64(0); i < int64(n); i++ {
			for l.v.Load() != 2*i+1 {
			}
			l.v.Store(2*i + 2)
		}
	}()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	if err := pin(a); err != nil {
		return 0, err
	}
	if err := <-ready; err != nil {
		return 0, err
	}
	start := time.Now()
	for i := int64(0); i < int64(n); i++ {
		l.v.Store(2*i + 1)
		for l.v.Load() != 2*i+2 {
		}
	}
	return time.Since(start), nil
}
