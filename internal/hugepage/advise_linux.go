package hugepage

import "syscall"

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
