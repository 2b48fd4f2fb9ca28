package store

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the machines gmc
// runs on (x86-64 and arm64 with 4 KiB base pages).
const hugePage = 2 << 20

// adviseHuge asks the kernel to back the whole huge pages inside the
// n bytes at p with transparent huge pages (madvise MADV_HUGEPAGE), where
// its setting is "madvise", as on most distributions. A store's table
// and chunks are touched at random, one cache line a lookup: with 4 KiB
// pages each first touch is a page fault, and each lookup a likely TLB
// miss. Go's runtime no longer asks for huge pages itself. Advice only:
// an error changes nothing.
func adviseHuge(p unsafe.Pointer, n int) {
	start := (uintptr(p) + hugePage - 1) &^ (hugePage - 1)
	end := (uintptr(p) + uintptr(n)) &^ (hugePage - 1)
	if end <= start {
		return
	}
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, 14 /* MADV_HUGEPAGE */)
}
