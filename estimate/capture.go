package estimate

import (
	"math"

	"gmc/sample"
)

// Estimates of N from the samples of states of several runs (package
// sample): every run is a capture occasion of the reachable states, and
// the states caught by one run, by two, ... say how many no run caught
// (capture–recapture, docs/references.md#capture-recapture). A run
// catches the states it reached: those it visited and those its store
// omitted (it reached them, the filter called them visited), which makes
// each occasion catch more and the estimate better than with the visited
// states alone (measured by bench/estimates: docs/estimates.md). The
// samples are thinned to one threshold, so the estimators see a uniform
// sample of the reachable states at rate p; N̂ = N̂_s / p, where N̂_s
// estimates the sampled population. A run's coverage is its share of the
// sample, found / N̂_s (its exact count over N̂ would add the error of p).
//
// Bitstate runs do not catch states independently: a state omitted early
// hides the states only it leads to, and the states deep behind such
// chains are missed by most runs (unequal catchability, model M_h), so
// every estimator here is biased low when the runs miss much. The
// interval allows for it with a term proportional to the unseen states
// f0 = N̂_s − S, tuned on gmc's examples and reported on other models by
// bench/estimates; past UnseenLow the data cannot support a point.

// The capture–recapture estimators.
const (
	// MethodJackknife2 is the second-order jackknife of Burnham and
	// Overton (model M_h): S + ((2T−3)/T)·f1 − ((T−2)²/(T(T−1)))·f2, over
	// the states the runs reached. It measures best (docs/estimates.md):
	// the one gmc recommends.
	MethodJackknife2 Method = "capture-recapture (jackknife 2)"
	// MethodChao is Chao's estimator for unequal catchability (model
	// M_h), bias-corrected: S + ((T−1)/T)·f1(f1−1)/(2(f2+1)). It is a
	// lower bound of N under heterogeneity, and falls short on bitstate
	// runs below about 90% coverage.
	MethodChao Method = "capture-recapture (Chao 1987)"
)

// Recommended is the capture–recapture estimator gmc's reports use.
const Recommended = MethodJackknife2

// Z is the normal quantile of the two-sided 95% intervals; BoundAlpha is
// the one-sided level of the bound of one run (CoverageBound), which must
// hold in every validation run.
const (
	Z          = 1.959963984540054
	BoundAlpha = 0.001
)

// UnseenLow is the share of the sampled population that no run reached,
// u = f0/N̂_s, past which the estimate is "low": too little seen for a
// point, and a report gives the interval's upper end, a bound, instead.
// Chosen on gmc's examples (bench/estimates -set tune) as the largest
// threshold under which no printed point of T = 4 or 8 runs was off by
// more than 5 points; 0.08, a first choice, let points 26 points off
// through on SPIN's examples (docs/estimates.md).
const UnseenLow = 0.05

// The heterogeneity term of the interval: the unseen count is taken as
// uncertain by a factor whose log-normal spread is that of a relative
// error of heteroBase + heteroSlope·u. Tuned on gmc's examples
// (bench/estimates -set tune) so that 95% of the intervals hold there.
const (
	heteroBase  = 0.7
	heteroSlope = 10
	singletons  = 0.5 // the upper end allows at least this share of f1 unseen
)

// NEstimate is an estimate of N, the number of reachable states, with a
// 95% interval, from the samples of T runs; and each run's coverage.
type NEstimate struct {
	Method Method
	OK     bool   // false: the data cannot support an estimate (why in Why)
	Why    string //
	// Low: the runs saw too little (Unseen > UnseenLow) for a point; the
	// intervals still hold, and their upper ends are the bounds to print.
	Low    bool
	N      float64 // N̂
	Lo, Hi float64 // the interval of N
	// Unseen is u = f0/N̂_s, the share of the states no run reached.
	Unseen float64
	T      int
	// Distinct is S, the distinct sampled states the runs reached;
	// Sampled is N̂_s, at rate Rate.
	Distinct      int
	Sampled, Rate float64
	// Runs is each run's coverage, Union the union's: fractions with
	// their intervals.
	Runs  []Interval
	Union Interval
}

// Interval is a coverage (a fraction) and its interval.
type Interval struct{ Point, Lo, Hi float64 }

// CaptureSamples estimates N from the samples of T runs with the given
// method: it combines them by the states they reached (CombineReached).
func CaptureSamples(samples []*sample.Sample, method Method) NEstimate {
	c, err := sample.CombineReached(samples)
	if err != nil {
		return NEstimate{Method: method, Why: err.Error()}
	}
	return Capture(c, method)
}

// Capture estimates N from the capture counts c with the given method
// (c.Freq are the histories of what the runs caught; c.Found what each
// visited).
func Capture(c *sample.Captures, method Method) NEstimate {
	e := NEstimate{Method: method, T: c.T, Rate: c.Rate, Distinct: c.Distinct()}
	s := float64(c.Distinct())
	switch {
	case c.T < 2:
		e.Why = "one run: capture–recapture needs two or more"
		return e
	case s == 0:
		e.Why = "no state sampled"
		return e
	}
	var ns, v float64 // N̂_s and the estimator's variance
	f1, f2 := float64(c.Freq[1]), float64(c.Freq[2])
	t := float64(c.T)
	hetero := true
	switch method {
	case MethodJackknife2:
		a1, a2 := (2*t-3)/t, (t-2)*(t-2)/(t*(t-1))
		ns = s + a1*f1 - a2*f2
		// Burnham and Overton's variance: Σ a_j² f_j − N̂ with
		// a_1 = 1+a1, a_2 = 1−a2, a_j = 1 otherwise
		v = max((1+a1)*(1+a1)*f1+(1-a2)*(1-a2)*f2+(s-f1-f2)-ns, 0)
	case MethodChao:
		ns, v = chao(s, f1, f2, (t-1)/t)
		hetero = false // Chao's own interval, as published
	default:
		e.Why = "unknown method " + string(method)
		return e
	}
	lo, hi := nInterval(s, ns, v, f1, hetero)
	ns = max(ns, s) // the runs reached S distinct states
	e.OK = true
	e.Sampled = ns
	e.Unseen = (ns - s) / ns
	e.Low = e.Unseen > UnseenLow
	e.N, e.Lo, e.Hi = ns/c.Rate, lo/c.Rate, hi/c.Rate
	for _, n := range c.Found {
		e.Runs = append(e.Runs, share(float64(n), ns, lo, hi, c.Rate))
	}
	e.Union = share(float64(c.UnionFound), ns, lo, hi, c.Rate)
	return e
}

// chao is Chao's bias-corrected estimator (Chao 1987; the form and the
// variance of Chao 2005's review, with (T−1)/T = k for T occasions) of the
// sampled population, and its variance.
func chao(s, f1, f2, k float64) (n, v float64) {
	f0 := k * f1 * (f1 - 1) / (2 * (f2 + 1))
	n = s + f0
	g := f2 + 1
	v = k*f1*(f1-1)/(2*g) + k*k*f1*(2*f1-1)*(2*f1-1)/(4*g*g) + k*k*f1*f1*(f1-1)*(f1-1)/(4*g*g*g*g)
	return n, v
}

// nInterval is the 95% interval of the sampled population from S seen,
// the estimate n and its variance v. The unseen count f0 = n − S is taken
// as log-normal (Chao 1987): [S + f0/C, S + f0·C] with
// C = exp(z·sqrt(ln(1 + σ²/f0²))). With hetero, σ/f0 is the
// heterogeneity term (heteroBase + heteroSlope·u) and the estimator's own
// standard deviation is added on either side, the upper end allowing at
// least singletons·f1 unseen (an estimate of f0 near 0 is not a proof);
// without, σ² is v alone. The lower end is never below S.
func nInterval(s, n, v, f1 float64, hetero bool) (lo, hi float64) {
	f0 := max(n-s, 0)
	sd := math.Sqrt(v)
	if !hetero {
		if f0 == 0 {
			return s, s + Z*sd
		}
		c := math.Exp(Z * math.Sqrt(math.Log1p(v/(f0*f0))))
		return s + f0/c, s + f0*c
	}
	c := 1.0
	if f0 > 0 {
		b := heteroBase + heteroSlope*f0/n
		c = math.Exp(Z * math.Sqrt(math.Log1p(b*b)))
	}
	return s + max(f0/c-Z*sd, 0), s + max(f0*c, singletons*f1) + Z*sd
}

// share is the coverage of a run that caught found of the sampled states,
// when the sampled population is estimated at n (lo..hi). Its interval
// adds, in quadrature, the error of sampling at rate p: found/N_s is a
// proportion among N_s states drawn from N, with the finite-population
// variance c(1−c)(1−p)/N_s, taken as Wilson's score interval over
// N_s/(1−p) draws, which unlike the normal one does not shrink to nothing
// when every sampled state was found (a run can miss a few states the
// sample does not hold).
func share(found, n, lo, hi, p float64) Interval {
	c := clamp(found / n)
	var sl, sh float64 // the sampling error below and above c
	if p < 1 {
		m := n / (1 - p)
		z2 := Z * Z
		center := (c + z2/(2*m)) / (1 + z2/m)
		half := Z / (1 + z2/m) * math.Sqrt(c*(1-c)/m+z2/(4*m*m))
		sl, sh = max(c-(center-half), 0), max(center+half-c, 0)
	}
	cl, ch := found/hi, found/lo
	wl := math.Hypot(c-cl, sl)
	wh := math.Hypot(ch-c, sh)
	return Interval{c, clamp(c - wl), clamp(c + wh)}
}

// CoverageBound is the upper bound on the coverage of one run with a
// lossy store (bitstate) from its sample, taken at rate p: the sampled
// states it visited and those it reached but its store omitted (the
// filter called them visited). Every state reached is reachable and the
// omitted states were never explored, so the coverage is at most
// V/(V+O) for the run's V visited and O omitted states; what lies only
// past the omitted states was never reached at all, which is why this is
// a bound and not an estimate. With p = 1 the sample holds every such
// state and the bound is V/(V+O) itself. Otherwise the sample holds each
// with the same probability, so visited ~ Binomial(visited+omitted,
// V/(V+O)), and the bound is the one-sided Clopper–Pearson upper limit of
// that proportion at level 1 − BoundAlpha
// (docs/references.md#clopper-pearson). With no omission it is 1.
func CoverageBound(visited, omitted int, p float64) float64 {
	switch {
	case omitted <= 0:
		return 1
	case p >= 1:
		return float64(visited) / float64(visited+omitted)
	}
	return clopperPearsonUpper(visited, visited+omitted, BoundAlpha)
}

// clopperPearsonUpper is the one-sided upper confidence limit at level
// 1−alpha of a binomial proportion with x successes in n trials: the q
// with P(Bin(n, q) ≤ x) = alpha, that is I_{1−q}(n−x, x+1) = alpha, found
// by bisection.
func clopperPearsonUpper(x, n int, alpha float64) float64 {
	if x >= n {
		return 1
	}
	a, b := float64(n-x), float64(x+1)
	lo, hi := 0.0, 1.0
	for range 100 {
		q := (lo + hi) / 2
		// P(Bin(n,q) ≤ x) falls as q grows
		if betaInc(a, b, 1-q) > alpha {
			lo = q
		} else {
			hi = q
		}
	}
	return hi
}

// betaInc is the regularized incomplete beta function I_x(a, b), by the
// continued fraction of Numerical Recipes (§6.4), evaluated by Lentz's
// method.
func betaInc(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a + b)
	lb, _ := math.Lgamma(a)
	lc, _ := math.Lgamma(b)
	front := math.Exp(la - lb - lc + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - front*betaCF(b, a, 1-x)/b
}

// betaCF is the continued fraction of I_x(a, b) (Numerical Recipes
// §6.4) by the modified Lentz method: each step m takes an even and an
// odd term, each by lentzStep.
func betaCF(a, b, x float64) float64 {
	c, d := 1.0, 1/lentzNonzero(1-(a+b)*x/(a+1))
	h := d
	for m := 1; m <= 10000; m++ {
		fm := float64(m)
		var del float64
		c, d, del = lentzStep(c, d, fm*(b-fm)*x/((a+2*fm-1)*(a+2*fm)))
		h *= del
		c, d, del = lentzStep(c, d, -(a+fm)*(a+b+fm)*x/((a+2*fm)*(a+2*fm+1)))
		h *= del
		if math.Abs(del-1) < 1e-15 {
			break
		}
	}
	return h
}

// lentzStep takes the term num of a continued fraction in Lentz's method:
// the new C and D and the factor C·D of the fraction's value.
func lentzStep(c, d, num float64) (c2, d2, del float64) {
	d2 = 1 / lentzNonzero(1+num*d)
	c2 = lentzNonzero(1 + num/c)
	return c2, d2, d2 * c2
}

// lentzNonzero keeps a denominator of Lentz's method off zero, where the
// next step would divide by it (Numerical Recipes' FPMIN).
func lentzNonzero(v float64) float64 {
	if math.Abs(v) < 1e-300 {
		return 1e-300
	}
	return v
}
