package hugepage

import "unsafe"

// Reserve returns an array of n zero Ts that lives outside the Go heap
// where the platform allows (an anonymous mapping: Linux), and release,
// which gives the memory back; the array must not be used after it.
// Nothing is touched: a page costs memory when it is first written, and
// Populate faults a part in at once. Off the heap the array neither
// counts towards the collector's next cycle nor is ever cleared by it:
// for an observer that reserves for its worst case and fills little of
// it (package sample's lists), the search's collections and faults stay
// what they are without it. T must hold no pointers.
//
// Elsewhere, or when the mapping fails, it is make([]T, n) and release
// does nothing.
func Reserve[T any](n int) (s []T, release func()) {
	var t T
	bytes := uintptr(n) * unsafe.Sizeof(t)
	if bytes == 0 {
		return make([]T, n), func() {}
	}
	if p, unmap := mapAnon(bytes); p != nil {
		return unsafe.Slice((*T)(p), n), unmap
	}
	return make([]T, n), func() {}
}

// Populate faults in the whole pages of s for writing, in one system call
// where the platform has one (MADV_POPULATE_WRITE, Linux 5.14 and later):
// each fault taken alone costs a trap, about 12 us in a virtual machine.
func Populate[T any](s []T) {
	if len(s) == 0 {
		return
	}
	var t T
	populate(uintptr(unsafe.Pointer(unsafe.SliceData(s))), uintptr(len(s))*unsafe.Sizeof(t))
}
