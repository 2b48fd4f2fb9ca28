//go:build !linux

package store

import "unsafe"

// adviseHuge does nothing where transparent huge pages are not Linux's.
func adviseHuge(p unsafe.Pointer, n int) {}
