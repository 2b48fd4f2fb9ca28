package vhash

import (
	"encoding/binary"
	"math/bits"
	"testing"
)

// TestLanesDistinguish checks that vectors which differ in one byte,
// anywhere (a full word or the tail), or only in their length (a zero
// byte more) get other lanes, and that another seed gives other lanes
// and other finished hashes.
func TestLanesDistinguish(t *testing.T) {
	seen := map[[2]uint64][]byte{}
	add := func(v []byte) {
		a, b := Lanes(v, 0)
		if w, ok := seen[[2]uint64{a, b}]; ok {
			t.Fatalf("% x and % x have the same lanes", w, v)
		}
		seen[[2]uint64{a, b}] = append([]byte(nil), v...)
	}
	for n := 0; n <= 24; n++ {
		v := make([]byte, n)
		add(v) // all zeros: differ only in length
		for i := range n {
			for _, x := range []byte{1, 0x80, 0xff} {
				v[i] = x
				add(v)
				v[i] = 0
			}
		}
	}
	v := []byte("a state vector of 27 bytes.")
	a0, b0 := Lanes(v, 0)
	a1, b1 := Lanes(v, 1)
	if a0 == a1 || b0 == b1 {
		t.Errorf("seeds 0 and 1 share a lane: (%x, %x) (%x, %x)", a0, b0, a1, b1)
	}
	if p0, q0 := Pair(v, 0); p0 == a0 || q0 == b0 || p0 == q0 {
		t.Errorf("Pair(v, 0) = (%x, %x) is not the lanes finished apart", p0, q0)
	}
}

// TestLanesTail checks that the tail read as one word from the vector's
// end gives the lanes of the tail read byte by byte (what Lanes did
// before, and what it still does for a vector shorter than a word), for
// every length to five words, on vectors cut from a longer buffer (the
// bytes around them must not count).
func TestLanesTail(t *testing.T) {
	byteByByte := func(v []byte, seed uint64) (uint64, uint64) {
		a := seed ^ c1 ^ uint64(len(v))
		b := seed*c3 ^ c2
		for ; len(v) >= 8; v = v[8:] {
			w := binary.LittleEndian.Uint64(v)
			a = (a ^ w) * c2
			a ^= a >> 29
			b = (b ^ w) * c1
			b ^= b >> 31
		}
		var w uint64
		for i, c := range v {
			w |= uint64(c) << (8 * uint(i))
		}
		return (a ^ w) * c2, (b ^ w) * c1
	}
	buf := make([]byte, 64)
	for i := range buf {
		buf[i] = byte(i*37 + 11)
	}
	for n := 0; n <= 40; n++ {
		for _, off := range []int{0, 3, 8} {
			v := buf[off : off+n]
			for _, seed := range []uint64{0, 0x5eed} {
				a, b := Lanes(v, seed)
				if wa, wb := byteByByte(v, seed); a != wa || b != wb {
					t.Errorf("Lanes(% x, %#x) = (%x, %x), byte by byte (%x, %x)", v, seed, a, b, wa, wb)
				}
			}
		}
	}
}

// TestMixIsBijective checks Mix on a sample of inputs: no two collide
// (it is a bijection), and flipping one input bit flips about half the
// output bits.
func TestMixIsBijective(t *testing.T) {
	seen := map[uint64]bool{}
	flips := 0
	const n = 1 << 12
	for x := range uint64(n) {
		y := Mix(x * 0x9e3779b97f4a7c15)
		if seen[y] {
			t.Fatalf("Mix collides at %d", x)
		}
		seen[y] = true
		flips += bits.OnesCount64(y ^ Mix(x*0x9e3779b97f4a7c15^1<<(x%64)))
	}
	if avg := float64(flips) / n; avg < 30 || avg > 34 {
		t.Errorf("one input bit flips %.1f output bits on average, want about 32", avg)
	}
}
