package estimate

import (
	"math"
	"sort"
)

// Run is one bitstate search of a series: a filter of 2^Log2Bits bits
// and the states it stored.
type Run struct {
	Log2Bits int
	States   float64
}

// Curve is the growth curve of eq. 4 of 001 fitted to a series of runs:
// N(t) = M / (1 + C·e^{−k·r·t})^{1/k}, with t the log2 of the filter size.
type Curve struct {
	M, C, R float64
	K       int
	R2      float64 // coefficient of determination of the fit
	FixedR  bool    // r was held at ln 2 (the free fit failed)
}

// At is N(t).
func (c *Curve) At(t float64) float64 {
	k := float64(c.K)
	return c.M / math.Pow(1+c.C*math.Exp(-k*c.R*t), 1/k)
}

// Fit fits eq. 4 to the runs by nonlinear least squares (Levenberg–
// Marquardt), as 001 §4.2 does: first with M, C and r free, and when that
// fails with r fixed to ln 2. It fails (ok false) when neither converges to
// a curve with M, r > 0 and M at most maxSpread times the most states a
// run reached (beyond that the runs do not bend the curve yet: any larger
// M fits them as well), or when there are too few runs (three for the
// free fit, two with r fixed).
func Fit(runs []Run, k int) (c *Curve, ok bool) {
	if k < 1 {
		return nil, false
	}
	runs = append([]Run(nil), runs...)
	sort.Slice(runs, func(i, j int) bool { return runs[i].Log2Bits < runs[j].Log2Bits })
	if c, ok := fit(runs, k, false); ok {
		return c, true
	}
	return fit(runs, k, true)
}

// maxSpread bounds M / (the most states a run reached) for a fit to count.
const maxSpread = 1e4

// fit runs Levenberg–Marquardt from several starting points and keeps
// the best converged curve. The parameters are p = (ln M, t0, r) with
// C = e^{k·r·t0}: t0 is where the curve is at 2^{−1/k} of M, a scale on
// which the problem is well conditioned (C itself spans many decades).
func fit(runs []Run, k int, fixedR bool) (*Curve, bool) {
	free := 3
	if fixedR {
		free = 2
	}
	if len(runs) < free {
		return nil, false
	}
	ts := make([]float64, len(runs))
	ys := make([]float64, len(runs))
	top := 0.0
	for i, r := range runs {
		ts[i], ys[i] = float64(r.Log2Bits), r.States
		top = math.Max(top, r.States)
	}
	if top <= 0 {
		return nil, false
	}
	kf := float64(k)
	// model in units of top, so residuals are O(1)
	model := func(p [3]float64, t float64) float64 {
		return math.Exp(p[0]) / math.Pow(1+math.Exp(-kf*p[2]*(t-p[1])), 1/kf)
	}
	sse := func(p [3]float64) float64 {
		s := 0.0
		for i, t := range ts {
			d := ys[i]/top - model(p, t)
			s += d * d
		}
		return s
	}
	var best [3]float64
	bestSSE := math.Inf(1)
	lo, hi := ts[0], ts[len(ts)-1]
	for _, mScale := range []float64{1.05, 1.5, 3, 10, 100} {
		for _, t0 := range []float64{lo, (lo + hi) / 2, hi, hi + 3, hi + 8} {
			p := [3]float64{math.Log(mScale), t0, math.Ln2}
			p, ok := levenbergMarquardt(p, free, model, ts, ys, top)
			if !ok {
				continue
			}
			if s := sse(p); s < bestSSE && p[2] > 0 && !math.IsNaN(s) {
				best, bestSSE = p, s
			}
		}
	}
	if math.IsInf(bestSSE, 1) || best[0] > math.Log(maxSpread) {
		return nil, false
	}
	c := &Curve{M: math.Exp(best[0]) * top, R: best[2], K: k, FixedR: fixedR}
	c.C = math.Exp(kf * best[2] * best[1])
	if math.IsInf(c.C, 0) || math.IsNaN(c.C) || math.IsInf(c.M, 0) || c.M <= 0 {
		return nil, false
	}
	mean := 0.0
	for _, y := range ys {
		mean += y / top
	}
	mean /= float64(len(ys))
	tot := 0.0
	for _, y := range ys {
		tot += (y/top - mean) * (y/top - mean)
	}
	c.R2 = 1
	if tot > 0 {
		c.R2 = 1 - bestSSE/tot
	}
	return c, true
}

// levenbergMarquardt minimises the squared residuals y/top − model(p, t)
// over the first free parameters of p (numerical Jacobian), by the damped
// Gauss–Newton steps of docs/references.md#levenberg-marquardt. It reports
// whether it converged.
func levenbergMarquardt(p [3]float64, free int, model func([3]float64, float64) float64, ts, ys []float64, top float64) ([3]float64, bool) {
	res := func(p [3]float64) ([]float64, float64) {
		r := make([]float64, len(ts))
		s := 0.0
		for i, t := range ts {
			r[i] = ys[i]/top - model(p, t)
			s += r[i] * r[i]
		}
		return r, s
	}
	r, s := res(p)
	lambda := 1e-3
	for iter := 0; iter < 200; iter++ {
		// Jacobian of the model (the residuals' is its negative)
		jac := make([][3]float64, len(ts))
		for j := 0; j < free; j++ {
			h := 1e-6 * math.Max(1, math.Abs(p[j]))
			q := p
			q[j] += h
			for i, t := range ts {
				jac[i][j] = (model(q, t) - model(p, t)) / h
			}
		}
		// normal equations (JᵀJ + λ·diag(JᵀJ)) δ = Jᵀr
		var a [3][3]float64
		var g [3]float64
		for i := range ts {
			for j := 0; j < free; j++ {
				g[j] += jac[i][j] * r[i]
				for l := 0; l < free; l++ {
					a[j][l] += jac[i][j] * jac[i][l]
				}
			}
		}
		improved := false
		for tries := 0; tries < 20; tries++ {
			var m [3][3]float64
			for j := 0; j < free; j++ {
				m[j] = a[j]
				m[j][j] += lambda * math.Max(a[j][j], 1e-12)
			}
			d, ok := solve(m, g, free)
			if !ok {
				lambda *= 10
				continue
			}
			q := p
			for j := 0; j < free; j++ {
				q[j] += d[j]
			}
			if rq, sq := res(q); sq < s && !math.IsNaN(sq) {
				small := s-sq < 1e-15*(1+s)
				p, r, s = q, rq, sq
				lambda = math.Max(lambda/10, 1e-12)
				improved = true
				if small {
					return p, true
				}
				break
			}
			lambda *= 10
		}
		if !improved {
			// no step lowers the error: a minimum (or a flat valley)
			return p, !math.IsNaN(s)
		}
	}
	return p, true
}

// solve solves the n×n system m·x = b by Gaussian elimination with
// partial pivoting.
func solve(m [3][3]float64, b [3]float64, n int) ([3]float64, bool) {
	var x [3]float64
	for c := 0; c < n; c++ {
		piv := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[piv][c]) {
				piv = r
			}
		}
		if math.Abs(m[piv][c]) < 1e-300 {
			return x, false
		}
		m[c], m[piv] = m[piv], m[c]
		b[c], b[piv] = b[piv], b[c]
		for r := c + 1; r < n; r++ {
			f := m[r][c] / m[c][c]
			for l := c; l < n; l++ {
				m[r][l] -= f * m[c][l]
			}
			b[r] -= f * b[c]
		}
	}
	for c := n - 1; c >= 0; c-- {
		v := b[c]
		for l := c + 1; l < n; l++ {
			v -= m[c][l] * x[l]
		}
		x[c] = v / m[c][c]
	}
	return x, true
}
