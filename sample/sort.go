package sample

import (
	"math/bits"
	"slices"
)

// radixSort sorts a, hashes below 2^shift, into buf (as long as a) and
// returns it. The hashes are uniform below 2^shift, so one pass that puts
// each in its place by its highest bits (a bucket for every two hashes or
// so, at most 2^12) leaves it among the few that share them, and a pass
// of insertion sort finishes: three sequential passes and a scatter,
// where a comparison sort takes log n passes. Hashes that are not uniform
// (a test's) fall back to slices.Sort once the insertion sort has moved
// them too far.
//
// count is room for the counts, at least 2^maxDigit (what a pass uses of
// it, 2^b for b bits, it clears).
func radixSort(a, buf, count []uint64, shift uint) []uint64 {
	buf = buf[:len(a)]
	b := min(uint(bits.Len(uint(len(a))))-1, maxDigit, shift)
	if len(a) < 64 || b < 6 {
		copy(buf, a)
		slices.Sort(buf)
		return buf
	}
	lo := shift - b
	// The digit is masked by the counts' full length too, a constant,
	// so that indexing them needs no bounds check (as mask is at most
	// that, the digit is the same).
	const full = 1<<maxDigit - 1
	mask := uint64(1)<<b - 1
	counts := (*[1 << maxDigit]uint64)(count)
	clear(counts[:mask+1])
	for _, h := range a {
		counts[h>>lo&mask&full]++
	}
	start := uint64(0)
	for c := counts[:mask+1]; len(c) >= 4; c = c[4:] { // (the length is a power of two, 64 or more)
		c0, c1, c2, c3 := c[0], c[1], c[2], c[3]
		c[0], c[1], c[2], c[3] = start, start+c0, start+c0+c1, start+c0+c1+c2
		start += c0 + c1 + c2 + c3
	}
	for _, h := range a {
		d := h >> lo & mask & full
		buf[counts[d]] = h
		counts[d]++
	}
	// The insertion pass: most hashes are in place or one or two places
	// off. What it moved is checked only when it moves something.
	moves, limit := 0, 4*len(buf)
	for i := 1; i < len(buf); i++ {
		h := buf[i]
		if buf[i-1] <= h {
			continue
		}
		j := i
		for ; j > 0 && buf[j-1] > h; j-- {
			buf[j] = buf[j-1]
		}
		buf[j] = h
		if moves += i - j; moves > limit {
			slices.Sort(buf)
			break
		}
	}
	return buf
}

// maxDigit bounds radixSort's buckets: 2^14, enough for a bucket for
// every one to two hashes of the longest list the sample sorts (a
// distinct sample's visited states since its last resolving, up to the
// cap and a budget: 40 k). At four a bucket the insertion pass took three
// times as long (BenchmarkRadixSort in this package: 32 k hashes 10 ns
// each with 2^12 buckets, 2.8 with 2^14). The counts are the sample's
// (a region of its memory), not an array on the stack: 2^14 of them on
// the search's goroutine made its stack grow, after each collection had
// shrunk it.
const maxDigit = 14

// dedupe returns the prefix of the sorted list a with each hash once.
func dedupe(a []uint64) []uint64 {
	if len(a) == 0 {
		return a
	}
	out := a[:1]
	for _, h := range a[1:] {
		if h != out[len(out)-1] {
			out = append(out, h)
		}
	}
	return out
}

// merge returns the sorted, distinct union of dst and src, both sorted
// and distinct, in dst's array when it has room: it merges from the
// ends, so src must not lie in dst's array.
func merge(dst, src []uint64) []uint64 {
	if len(src) == 0 {
		return dst
	}
	n, m := len(dst), len(src)
	dst = slices.Grow(dst, m)
	out := dst[:n+m]
	i, j, k := n-1, m-1, n+m
	for j >= 0 {
		k--
		switch {
		case i >= 0 && dst[i] > src[j]:
			out[k] = dst[i]
			i--
		case i >= 0 && dst[i] == src[j]:
			out[k] = dst[i]
			i--
			j--
		default:
			out[k] = src[j]
			j--
		}
	}
	// dst[:i+1] is in place; the gap the duplicates left closes
	if gap := k - (i + 1); gap > 0 {
		copy(out[i+1:], out[k:])
		out = out[:n+m-gap]
	}
	return out
}

// subtract returns the hashes of a not in b, both sorted, in a's array.
func subtract(a, b []uint64) []uint64 {
	out := a[:0]
	j := 0
	for _, h := range a {
		for j < len(b) && b[j] < h {
			j++
		}
		if j < len(b) && b[j] == h {
			continue
		}
		out = append(out, h)
	}
	return out
}
