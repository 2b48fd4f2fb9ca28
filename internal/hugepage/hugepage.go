// Package hugepage allocates the large pointer-free arrays of a search
// (a store's table and arena, the search stack) so that the kernel may
// back them with huge pages: one page fault and one TLB entry per 2 MiB
// rather than per 4 KiB. A search touches such arrays at random, or
// fresh, millions of times; on Linux with transparent huge pages in
// "madvise" mode (a common default) page faults on fresh memory and TLB
// misses were a fifth of a large exhaustive search's time.
//
// An array under a huge page (the first chunks of a store's arena and of
// the search stack, a small table) is faulted in whole when it is made,
// in one system call (MADV_POPULATE_WRITE): it is filled, or touched at
// random, soon after, and in a virtual machine each 4 KiB page fault
// cost about 12 us (philo_host N=5: 3,300 faults, a tenth of its search).
//
// Reserve is for an array sized for the worst case of which a search
// may use little (the sample's lists): it lives off the Go heap, so that
// its size never brings a collection nearer, and Populate faults in the
// part about to be used.
//
// FaultAhead is for an array the search is about to write (the next
// part of a store's arena, the table its growth moves to, the search
// stack's next slab): its pages are faulted in on a goroutine of its own,
// so that the kernel zeroes them on another core.
//
// Elsewhere, or when the kernel refuses, the arrays are ordinary ones:
// the advice changes nothing but time.
package hugepage

import "unsafe"

// Size is the size of a huge page on the platforms that have them
// (x86-64, arm64 with 4 KiB base pages).
const Size = 2 << 20

// pageSize is the size of an ordinary page.
const pageSize = 4 << 10

// populateFrom is the size from which an array under a huge page is
// faulted in whole when it is made.
const populateFrom = 16 << 10

// Make returns make([]T, n), advising the kernel to back it with huge
// pages. From one huge page up, the array is placed at a huge page's
// boundary, in an allocation one or two huge pages longer, so that every
// page it spans is a whole huge page the advice covers: Go places a large
// object at a 8 KiB boundary, which left up to two 4 KiB-paged ends per
// array (an 8 MiB slab got 6 MiB of huge pages), and an array under two
// huge pages none at all. The padding is address space, never touched:
// it costs no memory. Under one huge page, an array of populateFrom bytes
// or more is faulted in at once (see the package's doc).
func Make[T any](n int) []T {
	var t T
	size := unsafe.Sizeof(t)
	bytes := uintptr(n) * size
	if bytes < Size || size == 0 {
		s := make([]T, n)
		if bytes >= populateFrom {
			populate(uintptr(unsafe.Pointer(unsafe.SliceData(s))), bytes)
		}
		return s
	}
	s := make([]T, n+padding(size))
	k, start, end := place(uintptr(unsafe.Pointer(unsafe.SliceData(s))), bytes, size)
	advise(start, end-start)
	return s[k : k+n : k+n]
}

// padding is how many elements of size bytes Make adds to an array: room
// to move its start to the next huge page boundary (under a huge page,
// and an element more: size need not divide it) and its end to the
// boundary after it (under a huge page), at least 2*Size+size bytes, so
// that the advice never reaches past the allocation.
func padding(size uintptr) int { return int(2*Size/size) + 2 }

// place returns where Make's array of bytes bytes starts in an
// allocation at p of elements of size bytes (the first element at or
// after a huge page boundary, k), and the huge pages it spans, [start,
// end).
func place(p, bytes, size uintptr) (k int, start, end uintptr) {
	start = (p + Size - 1) &^ (Size - 1)
	k = int((start - p + size - 1) / size)
	end = (p + uintptr(k)*size + bytes + Size - 1) &^ (Size - 1)
	return k, start, end
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
