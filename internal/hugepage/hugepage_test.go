package hugepage

import (
	"testing"
	"unsafe"
)

func TestMake(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 3 * Size / 8} {
		s := Make[uint64](n)
		if len(s) != n {
			t.Fatalf("Make(%d): length %d", n, len(s))
		}
		for i, w := range s {
			if w != 0 {
				t.Fatalf("Make(%d)[%d] = %d, want 0", n, i, w)
			}
		}
	}
}

func TestInner(t *testing.T) {
	for _, c := range []struct{ p, n, start, length uintptr }{
		{0, 2 * Size, 0, 2 * Size},
		{1, 2 * Size, Size, Size},
		{1, Size, Size, 0},
		{Size - 1, 3*Size + 1, Size, 3 * Size},
	} {
		start, length := inner(c.p, c.n)
		if length != c.length || length > 0 && start != c.start {
			t.Errorf("inner(%#x, %#x) = %#x, %#x; want %#x, %#x", c.p, c.n, start, length, c.start, c.length)
		}
	}
}

// TestMakeAligned checks that an array of a huge page or more starts in
// the first element at or after a huge page's boundary, and that the
// huge pages it spans lie in its allocation (the padding).
func TestMakeAligned(t *testing.T) {
	type rec struct{ a, b, c, d, e uint32 } // 20 bytes: does not divide Size
	check := func(name string, p, bytes uintptr, size uintptr, capacity int) {
		t.Helper()
		if off := p % Size; off >= size {
			t.Errorf("%s: starts %#x past a huge page's boundary", name, off)
		}
		if capacity*int(size) != int(bytes) {
			t.Errorf("%s: capacity %d, want the length", name, capacity)
		}
	}
	for _, n := range []int{Size, 3*Size + 5} {
		b := Make[byte](n)
		check("byte", uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(n), 1, cap(b))
		r := Make[rec](n/20 + 1)
		check("rec", uintptr(unsafe.Pointer(unsafe.SliceData(r))), uintptr(n/20+1)*20, 20, cap(r))
		for i := range r {
			if r[i] != (rec{}) {
				t.Fatalf("Make[rec](%d)[%d] not zero", n/20+1, i)
			}
		}
	}
}

// TestPlace checks, for allocations at any offset from a huge page
// boundary, that the array starts in its first element at or after one,
// and that the huge pages advised lie within the allocation.
func TestPlace(t *testing.T) {
	var offs, lengths []uintptr
	for j := uintptr(0); j < 200; j++ {
		offs = append(offs, j, Size-1-j)
		lengths = append(lengths, Size+j, 3*Size-j)
	}
	offs = append(offs, 8192, Size/2+3)
	for _, size := range []uintptr{1, 8, 12, 20, 64, 72} {
		for _, off := range offs {
			for _, bytes := range lengths {
				p := 64*Size + off
				k, start, end := place(p, bytes, size)
				arr := p + uintptr(k)*size
				alloc := p + bytes + uintptr(padding(size))*size
				if start%Size != 0 || end%Size != 0 || arr < start || arr >= start+size {
					t.Errorf("place(%#x, %d, %d): array at %#x, advice [%#x, %#x)", p, bytes, size, arr, start, end)
				}
				if start < p || end > alloc || end < arr+bytes {
					t.Errorf("place(%#x, %d, %d): advice [%#x, %#x) outside the allocation [%#x, %#x) or short of the array's end %#x", p, bytes, size, start, end, p, alloc, arr+bytes)
				}
			}
		}
	}
}

// TestReserve checks that a reserved array reads as zeros, takes writes
// after Populate and without it, and that release returns it.
func TestReserve(t *testing.T) {
	s, release := Reserve[uint64](1 << 17) // 1 MiB
	if len(s) != 1<<17 || cap(s) != 1<<17 {
		t.Fatalf("len %d cap %d, want %d", len(s), cap(s), 1<<17)
	}
	for i := 0; i < len(s); i += 512 {
		if s[i] != 0 {
			t.Fatalf("s[%d] = %d, want 0", i, s[i])
		}
	}
	Populate(s[:1<<12])
	Populate(s[:0])
	for i := range s {
		s[i] = uint64(i)
	}
	for i := range s {
		if s[i] != uint64(i) {
			t.Fatalf("s[%d] = %d", i, s[i])
		}
	}
	release()
	if z, release := Reserve[uint64](0); len(z) != 0 {
		t.Errorf("Reserve(0) has %d elements", len(z))
	} else {
		release()
	}
}
