// Package hugepage allocates the large pointer-free arrays of a search
// (a store's table and arena, the search stack) so that the kernel may
// back them with huge pages: one page fault and one TLB entry per 2 MiB
// rather than per 4 KiB. A search touches such arrays at random, or
// fresh, millions of times; on Linux with transparent huge pages in
// "madvise" mode (a common default) page faults on fresh memory and TLB
// misses were a fifth of a large exhaustive search's time.
//
// Elsewhere, or when the kernel refuses, the arrays are ordinary ones:
// the advice changes nothing but time.
package hugepage

import "unsafe"

// Size is the size of a huge page on the platforms that have them
// (x86-64, arm64 with 4 KiB base pages).
const Size = 2 << 20

// Make returns make([]T, n), advising the kernel to back the huge pages
// it covers whole with huge pages. Under two huge pages it only makes:
// the advice would cover little, and cost a system call.
func Make[T any](n int) []T {
	s := make([]T, n)
	var t T
	if bytes := uintptr(n) * unsafe.Sizeof(t); bytes >= 2*Size {
		advise(uintptr(unsafe.Pointer(unsafe.SliceData(s))), bytes)
	}
	return s
}

// inner returns the part of [p, p+n) made of whole huge pages.
func inner(p, n uintptr) (start, length uintptr) {
	start = (p + Size - 1) &^ (Size - 1)
	end := (p + n) &^ (Size - 1)
	if end <= start {
		return start, 0
	}
	return start, end - start
}
