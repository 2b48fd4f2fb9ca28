//go:build !amd64

package prefetch

import "unsafe"

// Line asks for the cache line at p to be brought into the processor's
// caches, without waiting for it: on this architecture, nothing.
func Line(p unsafe.Pointer) {}
