package estimate

import "sort"

// Method names a coverage estimator, as reports print it.
type Method string

// The estimators of bitstate coverage.
const (
	MethodStern     Method = "Stern"              // eq. 1 of 001
	MethodDillinger Method = "Dillinger-Manolios" // eq. 2 of 001
	MethodSimple    Method = "simple formula"     // eq. 6 of 001, r = ln 2
	MethodFit       Method = "growth curve"       // eq. 4 of 001 fitted over the series
)

// Estimate is one method's coverage, or its failure (OK false).
type Estimate struct {
	Coverage float64
	OK       bool
}

// Row is one run of a series with every estimate of its coverage.
type Row struct {
	Run
	HashFactor float64
	Stern      Estimate
	Dillinger  Estimate
	Simple     Estimate
	SimpleGap  int // the n of eq. 6: the run compared with is 2^n times smaller
	Fit        Estimate
	Curve      *Curve // the curve fitted over the runs up to this one
}

// FitWindow is how many runs, the row's and the smaller ones before it,
// the growth curve is fitted over: six, as in 001 §4.2 (sizes 2^{l−5} to
// 2^l).
const FitWindow = 6

// Series estimates the coverage of each of a series of bitstate runs
// with k hash functions, as 001 §4.2 does: Stern and Dillinger from the
// run alone; the simple formula against the next smaller run, then the
// one before it, until the formula is defined; the growth curve fitted
// over this run and the smaller ones before it (FitWindow runs at most).
// Rows come in increasing size.
func Series(runs []Run, k int) []Row {
	runs = append([]Run(nil), runs...)
	sort.Slice(runs, func(i, j int) bool { return runs[i].Log2Bits < runs[j].Log2Bits })
	rows := make([]Row, len(runs))
	for i, r := range runs {
		m := float64(uint64(1) << uint(r.Log2Bits))
		row := Row{Run: r, HashFactor: HashFactor(r.States, m)}
		if c, ok := Stern(r.States, m); ok {
			row.Stern = Estimate{c, true}
		}
		row.Dillinger = Estimate{Dillinger(r.States, m, k), true}
		for j := i - 1; j >= 0; j-- {
			if c, ok := Simple(r.States, runs[j].States, r.Log2Bits-runs[j].Log2Bits, k); ok {
				row.Simple = Estimate{c, true}
				row.SimpleGap = r.Log2Bits - runs[j].Log2Bits
				break
			}
		}
		if c, ok := Fit(runs[max(0, i+1-FitWindow):i+1], k); ok {
			row.Curve = c
			row.Fit = Estimate{clamp(r.States / c.M), true}
		}
		rows[i] = row
	}
	return rows
}

// Best is the estimate gmc recommends for a row, with its method: the
// growth curve, else the simple formula, else Dillinger–Manolios (the
// order of their accuracy in 001's tables 2 and 3, checked on gmc's
// corpus by the accuracy benchmark).
func (r *Row) Best() (Estimate, Method) {
	switch {
	case r.Fit.OK:
		return r.Fit, MethodFit
	case r.Simple.OK:
		return r.Simple, MethodSimple
	}
	return r.Dillinger, MethodDillinger
}
