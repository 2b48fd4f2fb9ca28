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
