package prefetch

import "unsafe"

// Line asks for the cache line at p to be brought into the processor's
// caches, without waiting for it. It never faults: p may be anything.
//
//go:noescape
func Line(p unsafe.Pointer)
