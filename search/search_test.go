package search

import (
	"testing"
	"time"
)

// TestStop checks the words and the classes of stops that reports and
// the coverage verdict rely on.
func TestStop(t *testing.T) {
	b := Budget{MaxStates: 7, MaxMemory: 1024, Time: 5001250518 * time.Nanosecond}
	for _, c := range []struct {
		stop           Stop
		words          string
		early, bounded bool
	}{
		{Stop{}, "running", false, false},
		{Stop{Reason: Complete}, "complete", false, false},
		{Stop{Reason: DepthBound}, "depth bound reached", false, false},
		{Stopped(StateBound, b), "state bound of 7 states reached", true, true},
		{Stopped(MemoryBound, b), "memory bound of 1024 bytes reached", true, true},
		// (a probe's budget is the search's time: to the millisecond)
		{Stopped(TimeLimit, b), "time limit of 5.001s reached", true, true},
		{Stop{Reason: Interrupted}, "interrupted", true, true},
		{Stop{Reason: ErrorLimit}, "error bound reached", true, false},
		{Stop{Reason: RuntimeError, Detail: "bad channel"}, "bad channel", true, false},
		{Stop{Reason: CacheFull, Detail: "full"}, "full", true, false},
	} {
		if got := c.stop.String(); got != c.words {
			t.Errorf("%v: %q, want %q", c.stop.Reason, got, c.words)
		}
		if c.stop.Early() != c.early || c.stop.Reason.Bounded() != c.bounded {
			t.Errorf("%v: early %v bounded %v, want %v %v", c.stop.Reason, c.stop.Early(), c.stop.Reason.Bounded(), c.early, c.bounded)
		}
	}
	if d := (Budget{}).Depth(); d != DefaultMaxDepth {
		t.Errorf("default depth %d", d)
	}
	for r := Running; r <= Deviation; r++ {
		if r.String() == "" || r.String()[0] == 'r' && r != Running && r != RuntimeError {
			t.Errorf("reason %d has no name: %q", int(r), r.String())
		}
	}
}
