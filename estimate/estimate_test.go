package estimate

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.6g, want %.6g (±%g)", what, got, want, tol)
	}
}

// TestSimpleFormulaPaper checks eq. 6 against the figures 001 gives in
// §4.2: with r = ln 2 and n = 1, F_N = 1.9 means 36.1% for k = 2 and
// 10.0% for k = 1, and F_N = 2.0 means 0% (undefined here: not slowing).
func TestSimpleFormulaPaper(t *testing.T) {
	c, ok := Simple(1.9, 1, 1, 2)
	if !ok {
		t.Fatal("k=2: undefined")
	}
	near(t, "Simple(F=1.9, k=2)", c, 0.361, 0.0005)
	c, ok = Simple(1.9, 1, 1, 1)
	if !ok {
		t.Fatal("k=1: undefined")
	}
	near(t, "Simple(F=1.9, k=1)", c, 0.100, 0.0005)
	if _, ok := Simple(2.0, 1, 1, 1); ok {
		t.Error("F = 2^n must be undefined (coverage 0, growth not slowing)")
	}
	// n = 2 by hand: ((2^2 − 3)/(2^2 − 1)) = 1/3 for k = 1
	c, _ = Simple(3, 1, 2, 1)
	near(t, "Simple(F=3, n=2, k=1)", c, 1.0/3, 1e-12)
	// no growth at all: everything was covered
	c, _ = Simple(5, 5, 1, 3)
	near(t, "Simple(F=1)", c, 1, 1e-12)
}

// TestStern checks eq. 1 by hand: n = m/2 gives
// (m/2)·ln(1−1/m)/ln(1/2); a tiny n in a huge filter is about 1.
func TestStern(t *testing.T) {
	m := 1024.0
	c, ok := Stern(512, m)
	if !ok {
		t.Fatal("undefined")
	}
	near(t, "Stern(512, 1024)", c, 512*math.Log(1-1/m)/math.Log(0.5), 1e-12)
	near(t, "Stern(512, 1024) value", c, 0.7217, 0.0001) // 512·(−0.00097704)/(−0.693147)
	c, _ = Stern(10, 1<<30)
	near(t, "Stern(10, 2^30)", c, 1, 1e-6)
	if _, ok := Stern(1024, m); ok {
		t.Error("n = m must be undefined")
	}
}

// TestDillinger checks E(o) against the sum written out, and the
// estimate's limits.
func TestDillinger(t *testing.T) {
	n, m, k := 1000.0, 4096.0, 2
	want := 0.0
	for i := 0; i < 1000; i++ {
		want += math.Pow(1-math.Pow(1-1/m, float64(i*k)), float64(k))
	}
	want *= 2
	near(t, "E(o)", ExpectedOmissions(n, m, k), want, 1e-9)
	near(t, "Dillinger", Dillinger(n, m, k), (n-want)/n, 1e-12)
	// the blocked sum for large n stays within 0.01% of the exact one
	n, m = 3e6, 1<<24
	exact := 0.0
	q := math.Pow(1-1/m, 3)
	qi := 1.0
	for i := 0; i < int(n); i++ {
		exact += math.Pow(1-qi, 3)
		qi *= q
	}
	exact *= 2
	near(t, "E(o) blocked", ExpectedOmissions(n, m, 3), exact, exact*1e-4)
	if c := Dillinger(1e6, 1<<10, 1); c != 0 {
		t.Errorf("a saturated filter: Dillinger = %g, want 0 (clamped)", c)
	}
}

// TestFitRecoversCurve fits runs drawn from a known curve of eq. 4 and
// must recover its M and r; with r fixed it must still find M.
func TestFitRecoversCurve(t *testing.T) {
	for _, k := range []int{1, 2, 3} {
		truth := &Curve{M: 250000, R: 0.62, K: k}
		truth.C = math.Exp(float64(k) * truth.R * 17.5)
		var runs []Run
		for l := 13; l <= 22; l++ {
			runs = append(runs, Run{Log2Bits: l, States: truth.At(float64(l))})
		}
		c, ok := Fit(runs, k)
		if !ok {
			t.Fatalf("k=%d: fit failed", k)
		}
		near(t, "M", c.M, truth.M, truth.M*1e-3)
		near(t, "r", c.R, truth.R, 1e-3)
		if c.R2 < 0.9999 || c.FixedR {
			t.Errorf("k=%d: R² %g, fixed r %v", k, c.R2, c.FixedR)
		}
	}
}

// TestFitNoisy fits a curve to noisy points and falls back to r = ln 2
// when there are too few points for a free fit.
func TestFitNoisy(t *testing.T) {
	truth := &Curve{M: 1e5, R: math.Ln2, K: 1, C: math.Exp(math.Ln2 * 16)}
	noise := []float64{1.02, 0.99, 1.01, 0.98, 1.0, 1.01, 0.99, 1.0}
	var runs []Run
	for i, l := 12, 12; l < 20; i, l = i+1, l+1 {
		runs = append(runs, Run{Log2Bits: l, States: truth.At(float64(l)) * noise[i-12]})
	}
	c, ok := Fit(runs, 1)
	if !ok {
		t.Fatal("fit failed")
	}
	near(t, "M (noisy)", c.M, truth.M, truth.M*0.05)
	c, ok = Fit(runs[:2], 1)
	if !ok || !c.FixedR || c.R != math.Ln2 {
		t.Fatalf("two runs: want a fit with r fixed to ln 2, got %+v %v", c, ok)
	}
	if _, ok := Fit(runs[:1], 1); ok {
		t.Error("one run cannot be fitted")
	}
}

// TestSeries checks the table's logic on runs of a known curve: every
// method defined, the simple formula against the next smaller run, and
// the best estimate close to the truth at the largest run.
func TestSeries(t *testing.T) {
	truth := &Curve{M: 40000, R: 0.7, K: 1, C: math.Exp(0.7 * 15.5)}
	var runs []Run
	for l := 18; l >= 11; l-- { // out of order on purpose
		runs = append(runs, Run{Log2Bits: l, States: math.Round(truth.At(float64(l)))})
	}
	rows := Series(runs, 1)
	if len(rows) != 8 || rows[0].Log2Bits != 11 || rows[7].Log2Bits != 18 {
		t.Fatalf("rows not in increasing size: %+v", rows)
	}
	last := rows[7]
	if !last.Stern.OK || !last.Simple.OK || last.SimpleGap != 1 || !last.Fit.OK {
		t.Fatalf("largest run: %+v", last)
	}
	best, method := last.Best()
	if method != MethodFit {
		t.Errorf("best method %s, want %s", method, MethodFit)
	}
	near(t, "best coverage", best.Coverage, last.States/truth.M, 0.01)
}
