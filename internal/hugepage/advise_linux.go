package hugepage

import (
	"syscall"
	"unsafe"
)

// advise asks for huge pages for the whole huge pages of [p, p+n). The
// memory is fresh from make, so the advice comes before its first touch;
// an error (an old kernel, huge pages disabled) leaves ordinary pages.
func advise(p, n uintptr) {
	if start, length := inner(p, n); length > 0 {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, start, length, syscall.MADV_HUGEPAGE)
	}
}

// madvPopulateWrite is Linux's MADV_POPULATE_WRITE (5.14 and later), which
// the syscall package does not name.
const madvPopulateWrite = 23

// populate faults in the pages of [p, p+n) for writing in one system
// call. An error (an older kernel) leaves them to be faulted one by one.
func populate(p, n uintptr) {
	start := (p + pageSize - 1) &^ (pageSize - 1)
	end := (p + n) &^ (pageSize - 1)
	if end > start {
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, start, end-start, madvPopulateWrite)
	}
}

// mapAnon maps bytes of fresh, untouched memory, and returns it with the
// function that unmaps it; nil if the kernel refuses.
func mapAnon(bytes uintptr) (unsafe.Pointer, func()) {
	mem, err := syscall.Mmap(-1, 0, int(bytes), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil
	}
	return unsafe.Pointer(unsafe.SliceData(mem)), func() { _ = syscall.Munmap(mem) }
}
