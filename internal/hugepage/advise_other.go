//go:build !linux

package hugepage

import "unsafe"

// advise does nothing where there is no madvise(MADV_HUGEPAGE).
func advise(p, n uintptr) {}

// populate does nothing where there is no madvise(MADV_POPULATE_WRITE).
func populate(p, n uintptr) {}

// mapAnon maps nothing where there is no mmap here: Reserve makes.
func mapAnon(bytes uintptr) (unsafe.Pointer, func()) { return nil, nil }
