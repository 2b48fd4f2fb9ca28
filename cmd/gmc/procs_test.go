package main

import (
	"os"
	"runtime"
	"testing"
)

// goldenProcs is the GOMAXPROCS the goldens are made with: the probes and
// the seeded runs run as many at a time, each with its share of the
// memory (their filters' sizes), and the report says how many, so the
// goldens pin it whatever the machine has (under taskset -c 0, one).
const goldenProcs = 2

func TestMain(m *testing.M) {
	runtime.GOMAXPROCS(goldenProcs)
	os.Exit(m.Run())
}
