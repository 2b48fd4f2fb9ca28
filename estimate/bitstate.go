package estimate

import "math"

// Stern is eq. 1 of 001, the estimate SPIN 4 printed: the coverage of a
// run that stored n states in a filter of m bits,
// n·ln(1−1/m) / ln(1−n/m). It is undefined once n ≥ m.
func Stern(n, m float64) (cov float64, ok bool) {
	if n <= 0 {
		return 1, true // nothing stored, nothing missed
	}
	if m <= 1 || n >= m {
		return 0, false
	}
	return clamp(n * math.Log1p(-1/m) / math.Log1p(-n/m)), true
}

// ExpectedOmissions is E(o) of 001 §2.2.1 (Dillinger and Manolios): the
// expected number of states a run that stored n states in m bits with k
// hash functions lost to false positives, 2·Σ_{i<n} (1−(1−1/m)^{ik})^k.
func ExpectedOmissions(n, m float64, k int) float64 {
	if n <= 0 || m <= 1 || k < 1 {
		return 0
	}
	q := math.Pow(1-1/m, float64(k)) // a given bit stays clear through one state's k hashes
	// term(i) = (1 − q^i)^k. For large n, sum in blocks: the term changes
	// slowly with i, so the mean of a block's ends (the trapezoid rule) is
	// exact to far below what the estimate can mean, and the sum costs
	// O(min(n, 1e6)). q^i is carried along by multiplication, not math.Pow
	// per term (which made this a tenth of a bitstate run's time).
	const maxTerms = 1 << 20
	count := int64(n)
	step := int64(1)
	if count > maxTerms {
		step = count / maxTerms
	}
	term := func(qi float64) float64 {
		t := 1.0
		for range k {
			t *= 1 - qi
		}
		return t
	}
	qStep := math.Pow(q, float64(step))   // from one block's start to the next
	qLast := math.Pow(q, float64(step-1)) // from a block's start to its last term
	sum := 0.0
	qi := 1.0 // q^i
	for i := int64(0); i < count; i += step {
		j := i + step
		last := qi * qLast
		if j > count {
			j = count
			last = qi * math.Pow(q, float64(j-1-i))
		}
		// terms i .. j-1
		sum += float64(j-i) * (term(qi) + term(last)) / 2
		qi *= qStep
	}
	return 2 * sum
}

// Dillinger is eq. 2 of 001: (n − E(o)) / n, within [0, 1].
func Dillinger(n, m float64, k int) float64 {
	if n <= 0 {
		return 1
	}
	return clamp((n - ExpectedOmissions(n, m, k)) / n)
}

// Simple is eq. 6 of 001 with the growth rate r = ln 2: the coverage of a
// run that reached n states with a filter 2^gap times larger than one
// that reached prev, ((2^{gap·k} − F^k) / (2^{gap·k} − 1))^{1/k} with
// F = n/prev. It is undefined when F ≥ 2^gap (the larger filter more than
// doubled the states per doubling: the growth is not slowing yet).
func Simple(n, prev float64, gap, k int) (cov float64, ok bool) {
	if prev <= 0 || gap < 1 || k < 1 {
		return 0, false
	}
	fm := math.Pow(2, float64(gap*k))
	fn := math.Pow(n/prev, float64(k))
	if fn >= fm {
		return 0, false
	}
	return clamp(math.Pow((fm-fn)/(fm-1), 1/float64(k))), true
}

// HashFactor is m/n, SPIN's measure of room per state (best if > 100).
func HashFactor(n, m float64) float64 {
	if n <= 0 {
		return math.Inf(1)
	}
	return m / n
}

func clamp(x float64) float64 {
	switch {
	case math.IsNaN(x), x < 0:
		return 0
	case x > 1:
		return 1
	}
	return x
}
