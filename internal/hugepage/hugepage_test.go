package hugepage

import "testing"

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
