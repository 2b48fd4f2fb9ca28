package sample

import (
	"runtime"
	"testing"
	"time"
)

// TestArenaKept checks that the memory of a sample the collector found
// unreachable is kept for the next, and that the next starts empty.
func TestArenaKept(t *testing.T) {
	s := NewDistinct()
	for h := range uint64(5000) {
		s.Visited(h << 40)
	}
	s = nil
	arenas.Lock()
	before := len(arenas.free)
	arenas.Unlock()
	kept := false
	for range 100 {
		runtime.GC()
		time.Sleep(time.Millisecond) // the cleanups run on a goroutine of their own
		arenas.Lock()
		kept = len(arenas.free) > before
		arenas.Unlock()
		if kept {
			break
		}
	}
	if !kept {
		t.Fatal("the arena of an unreachable sample was not kept")
	}
	s = NewDistinct()
	s.Visited(7)
	if s.Len() != 1 {
		t.Errorf("a sample on a kept arena holds %d states, want 1", s.Len())
	}
}
