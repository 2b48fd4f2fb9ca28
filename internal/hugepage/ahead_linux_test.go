package hugepage

import (
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// resident counts the pages of s in memory (mincore).
func resident(t *testing.T, s []byte) int {
	t.Helper()
	p := uintptr(unsafe.Pointer(unsafe.SliceData(s))) &^ (pageSize - 1)
	n := (uintptr(unsafe.Pointer(unsafe.SliceData(s))) + uintptr(len(s)) - p + pageSize - 1) / pageSize
	vec := make([]byte, n)
	if _, _, e := syscall.Syscall(syscall.SYS_MINCORE, p, n*pageSize, uintptr(unsafe.Pointer(&vec[0]))); e != 0 {
		t.Skipf("mincore: %v", e)
	}
	k := 0
	for _, b := range vec {
		k += int(b & 1)
	}
	return k
}

// TestFaultAhead: the pages of an array FaultAhead is given become
// resident without the array being touched, a burst of requests never
// waits, and while Busy nothing is faulted in.
func TestFaultAhead(t *testing.T) {
	probe, free := Reserve[byte](4 * pageSize)
	defer free()
	populate(uintptr(unsafe.Pointer(&probe[0])), uintptr(len(probe)))
	if resident(t, probe) == 0 {
		t.Skip("the kernel does not populate (MADV_POPULATE_WRITE needs Linux 5.14)")
	}
	s, release := Reserve[byte](8 << 20)
	defer release()
	if k := resident(t, s); k != 0 {
		t.Fatalf("%d pages resident before", k)
	}
	FaultAhead(s)
	want := len(s) / pageSize
	for deadline := time.Now().Add(5 * time.Second); resident(t, s) < want; {
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d pages resident after 5 s", resident(t, s), want)
		}
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	for range 10000 {
		FaultAhead(s[:pageSize])
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("10000 requests took %v", d)
	}

	// While the cores are busy, the pages are left to their first write.
	quiet, free2 := Reserve[byte](4 << 20)
	defer free2()
	done := Busy()
	FaultAhead(quiet)
	time.Sleep(50 * time.Millisecond)
	done()
	if k := resident(t, quiet); k != 0 {
		t.Errorf("%d pages faulted in while Busy", k)
	}
}
