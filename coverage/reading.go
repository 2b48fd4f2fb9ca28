package coverage

import (
	"sort"

	"gmc/lang"
)

// Reading is 003 §4.3's combined reading of structural coverage (the
// code) and the coverage of the specification (the assertions). The two
// are duals: behaviour the search never exercised should show up in
// both, as code never executed and as a part of an assertion never
// satisfied. Where only one shows it, the model may be wrong, not only
// the harness:
//   - structure complete, specification not: a case the assertions
//     describe has no code of its own (possibly missing code);
//   - specification complete, structure not: code the assertions are
//     insensitive to (possibly an incomplete specification);
//   - both incomplete: where both point at the same behaviour, the
//     harness never exercised it; the rest, as above.
//
// The code side is the frontier of what was never executed: transitions
// never executed although a process was where they are tried (what comes
// after them is unexecuted because of them). A frontier transition whose
// own guard has a condition never true (or, for an else, another guard
// there that was never false) is explained: the harness never enabled it.
// The specification side is 003 §4.2's criterion: an atomic condition of
// an assertion, evaluated, never true.
type Reading struct {
	Verdict string `json:"verdict"`
	// Harness are the frontier transitions explained by a guard's
	// condition gap.
	Harness []Pair `json:"harness"`
	// Code are the frontier transitions no guard explains.
	Code []Site `json:"code"`
	// Spec are the atomic conditions of assertions never true.
	Spec []Condition `json:"spec"`
}

// Pair is a frontier transition and the condition gap that explains it.
type Pair struct {
	Transition Site      `json:"transition"`
	Condition  Condition `json:"condition"`
}

// The verdicts of a Reading.
const (
	VerdictComplete    = "structure and specification complete: every transition executed, every atomic condition of the assertions true at some point"
	VerdictMissingCode = "structure complete, specification not: a case the assertions describe may have no code (possibly missing code)"
	VerdictIncomplete  = "specification complete, structure not: code the assertions do not look at (possibly an incomplete specification)"
	VerdictBoth        = "structure and specification both incomplete: where they point at the same behaviour, the harness never exercised it"
)

// read pairs the two analyses' gaps.
func (a *Analyzer) read(r *Report, done map[lang.Pos]bool) Reading {
	var rd Reading
	// the guards' evaluated gaps, by statement and the value never seen
	type key struct {
		stmt  lang.Stmt
		never bool
	}
	guard := map[key]*Condition{}
	for i := range r.Gaps {
		g := &r.Gaps[i]
		switch {
		case g.Assert && g.Never && g.stmtRan:
			// never true, or never evaluated in an assertion that ran
			rd.Spec = append(rd.Spec, *g)
		case !g.Evaluated:
		case !g.Assert:
			if k := (key{g.cond.Stmt, g.Never}); guard[k] == nil {
				guard[k] = g
			}
		}
	}
	for _, pt := range a.m.Types {
		for i, pc := range pt.PCs {
			if !a.wasAt(pt, i) {
				continue
			}
			for _, t := range pc.Trans {
				if t.Orig != nil {
					t = t.Orig
				}
				if t.End || len(t.Stmts) == 0 || a.covered(pt, transition{Trans: t}, done) {
					continue
				}
				var g *Condition
				if t.Else {
					for _, u := range pc.Trans {
						if len(u.Stmts) > 0 && g == nil {
							g = guard[key{lang.Unlabel(u.Stmts[0]), false}]
						}
					}
				} else {
					g = guard[key{lang.Unlabel(t.Stmts[0]), true}]
				}
				if site := (Site{t.Pos, t.Text}); g == nil {
					rd.Code = append(rd.Code, site)
				} else {
					rd.Harness = append(rd.Harness, Pair{site, *g})
				}
			}
		}
	}
	rd.Code = dedup(rd.Code)
	sort.SliceStable(rd.Harness, func(i, j int) bool {
		return rd.Harness[i].Transition.Pos.Before(rd.Harness[j].Transition.Pos)
	})
	structural := r.StructuralComplete()
	switch {
	case structural && len(rd.Spec) == 0:
		rd.Verdict = VerdictComplete
	case structural:
		rd.Verdict = VerdictMissingCode
	case len(rd.Spec) == 0:
		rd.Verdict = VerdictIncomplete
	default:
		rd.Verdict = VerdictBoth
	}
	return rd
}

// dedup sorts sites and drops repeats (a transition tried at several
// pcs).
func dedup(s []Site) []Site {
	sortSites(s)
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func sortSites(s []Site) {
	sort.SliceStable(s, func(i, j int) bool { return s[i].Pos.Before(s[j].Pos) })
}

func sortConditions(c []Condition) {
	sort.SliceStable(c, func(i, j int) bool { return c[i].Pos.Before(c[j].Pos) })
}
