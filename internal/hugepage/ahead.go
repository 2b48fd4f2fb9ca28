package hugepage

import (
	"sync"
	"sync/atomic"
	"unsafe"
)

// FaultAhead asks for the pages of s to be faulted in for writing, on a
// goroutine of its own, and returns at once: for an array the search
// will write soon (the next part of a store's arena, the table its
// growth moves to, the search stack's next slab), so that the kernel
// zeroes the fresh pages on another core rather than in the search's
// page faults. In a virtual machine a MiB of fresh memory cost a search
// about 2 ms there (swp W=3,M=7,C=4: 0.03 to 0.16 s of its table's
// growth alone, run to run). A request is dropped when too many wait;
// the pages are then faulted in where they are first written, as
// without it.
//
// The goroutine only asks the kernel for the pages (Linux's
// MADV_POPULATE_WRITE, which writes nothing): if s is freed before, it
// makes resident memory that reads as zero, which freed memory is, so
// the array need not be kept alive for it.
func FaultAhead[T any](s []T) {
	var t T
	if len(s) == 0 || unsafe.Sizeof(t) == 0 || busy.Load() > 0 {
		return
	}
	startFaulter.Do(func() { go faulter() })
	select {
	case faults <- region{uintptr(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s)) * unsafe.Sizeof(t)}:
	default:
	}
}

// Busy says that the caller keeps every core busy (a search on every
// core) until it calls done: FaultAhead then leaves the pages to be
// faulted in where they are first written, as another goroutine would
// only take a core the search needs (gmc run -j 2 on two cores ran
// 5-7% faster without it).
func Busy() (done func()) {
	busy.Add(1)
	return func() { busy.Add(-1) }
}

// busy counts the callers of Busy that have not called done.
var busy atomic.Int32

// region is a part of memory to fault in.
type region struct{ p, n uintptr }

var (
	faults       = make(chan region, 64)
	startFaulter sync.Once
)

// faulter faults in the regions FaultAhead asks for, for as long as the
// process lives, a huge page at a time: the kernel holds the process's
// memory map for each call, which the search's own growth of its heap
// must then wait for.
func faulter() {
	for r := range faults {
		for end := r.p + r.n; r.p < end; r.p += Size {
			populate(r.p, min(Size, end-r.p))
		}
	}
}
