//go:build !linux

package hugepage

// advise does nothing where there is no madvise(MADV_HUGEPAGE).
func advise(p, n uintptr) {}

// populate does nothing where there is no madvise(MADV_POPULATE_WRITE).
func populate(p, n uintptr) {}
