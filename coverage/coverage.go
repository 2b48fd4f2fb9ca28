package coverage

import (
	"gmc/checker"
	"gmc/lang"
	"gmc/vm"
)

// Analyzer records what a search executes. Its model must be compiled
// with vm.Options.Conditions for condition coverage.
type Analyzer struct {
	m        *vm.Model
	executed [][]bool  // by proctype ID, by transition ID (originals)
	sat      [][]bool  // by proctype ID, by pc: a process was there after a move
	seen     [][2]bool // by condition ID: seen false, seen true
	res      *checker.Result
}

// New returns an analyzer for searches of m.
func New(m *vm.Model) *Analyzer {
	a := &Analyzer{m: m, executed: make([][]bool, len(m.Types)), sat: make([][]bool, len(m.Types)),
		seen: make([][2]bool, len(m.Conds))}
	for _, pt := range m.Types {
		a.executed[pt.ID] = make([]bool, len(pt.Trans))
		a.sat[pt.ID] = make([]bool, len(pt.PCs))
	}
	return a
}

// Executed implements checker.Observer.
func (a *Analyzer) Executed(pt *vm.ProcType, t *vm.Trans) {
	if t.Dst >= 0 {
		a.sat[pt.ID][t.Dst] = true
	}
	if t.Orig != nil {
		t = t.Orig
	}
	a.executed[pt.ID][t.ID] = true
}

// Condition implements checker.Observer.
func (a *Analyzer) Condition(id int, value bool) {
	if value {
		a.seen[id][1] = true
	} else {
		a.seen[id][0] = true
	}
}

// Finished implements checker.Observer.
func (a *Analyzer) Finished(res *checker.Result) { a.res = res }

// Site is a place in the model with the text found there.
type Site struct {
	Pos  lang.Pos `json:"pos"`
	Text string   `json:"text"`
}

// Proc is the structural coverage of one proctype (or init).
type Proc struct {
	Name        string `json:"name"`
	Transitions int    `json:"transitions"`
	Executed    int    `json:"executed"`
	// Missed are the transitions never executed, in model order.
	Missed  []Site `json:"missed"`
	Options int    `json:"options"` // options of if and do statements
	Taken   int    `json:"taken"`
	// Untaken are the options never taken.
	Untaken []Site `json:"untaken"`
}

// Condition is an atomic condition that was never true or never false.
type Condition struct {
	Site
	Assert bool `json:"assert"` // part of an assertion (else a guard or condition)
	// Never is the value never seen: false (never false) or true
	// (never true).
	Never bool `json:"never"`
	// Evaluated is false when the condition was never evaluated at all
	// (it is then both never true and never false, listed once).
	Evaluated bool `json:"evaluated"`

	cond    *vm.Cond
	stmtRan bool // its statement was executed
}

// Report is what a search covered.
type Report struct {
	// Partial says why the report covers only what the search explored
	// ("" when the search was exhaustive and complete).
	Partial string `json:"partial,omitempty"`
	Procs   []Proc `json:"procs"`

	Transitions int `json:"transitions"` // over all proctypes
	Executed    int `json:"executed"`
	Options     int `json:"options"`
	Taken       int `json:"taken"`

	// Conditions is the number of atomic conditions, Gaps those never
	// true or never false (never evaluated: listed once), in model order.
	Conditions int         `json:"conditions"`
	Gaps       []Condition `json:"condition_gaps"`

	// Reading is 003 §4.3's combined reading of the two analyses.
	Reading Reading `json:"reading"`
}

// StructuralComplete reports whether every transition executed and
// every option was taken.
func (r *Report) StructuralComplete() bool {
	return r.Executed == r.Transitions && r.Taken == r.Options
}

// Report builds the report of what the analyzer saw. partial says why
// the search did not explore the whole state space ("" if it did).
//
// The report speaks of the model as written: a statement is executed
// when any transition that contains it ran, so one an inline expands in
// several places, or a merged chain absorbs, counts where it ran; a
// transition is covered when every statement in it was executed, so a
// transition whose statements all ran inside other transitions is not a
// gap; the -end- transition that removes a process is covered when a
// process got there (SPIN removes only the youngest process); conditions
// at the same place (inline expansions) are one.
func (a *Analyzer) Report(partial string) *Report {
	r := &Report{Partial: partial}
	done := a.statementsExecuted()
	for _, pt := range a.m.Types {
		p := Proc{Name: pt.Name}
		if pt.Proc.Kind == lang.KindInit {
			p.Name = "init"
		}
		for _, t := range a.listed(pt) {
			p.Transitions++
			if a.covered(pt, t, done) {
				p.Executed++
			} else {
				p.Missed = append(p.Missed, Site{t.Pos, t.Text})
			}
		}
		for _, b := range pt.Branches {
			for _, o := range b.Options {
				if len(o.Trans) == 0 {
					continue // a bare jump: nothing of its own to execute
				}
				p.Options++
				taken := false
				for _, id := range o.Trans {
					taken = taken || a.covered(pt, transition{Trans: pt.Trans[id]}, done)
				}
				if taken {
					p.Taken++
				} else {
					p.Untaken = append(p.Untaken, Site{o.Pos, o.Text})
				}
			}
		}
		p.Missed, p.Untaken = dedup(p.Missed), dedup(p.Untaken)
		r.Procs = append(r.Procs, p)
		r.Transitions += p.Transitions
		r.Executed += p.Executed
		r.Options += p.Options
		r.Taken += p.Taken
	}
	r.Conditions, r.Gaps = a.conditionGaps(done)
	r.Reading = a.read(r, done)
	return r
}

// statementsExecuted returns the places of the statements the executed
// transitions contain.
func (a *Analyzer) statementsExecuted() map[lang.Pos]bool {
	done := map[lang.Pos]bool{}
	for _, pt := range a.m.Types {
		for _, t := range pt.Trans {
			if a.executed[pt.ID][t.ID] {
				for _, st := range t.Stmts {
					done[lang.Unlabel(st).Pos()] = true
				}
			}
		}
	}
	return done
}

// transition is a transition a search can try, with whether a process
// ever was at a place where it is tried.
type transition struct {
	*vm.Trans
	atReached bool
}

// listed returns the transitions of pt a search can try: those in the
// lists of its pcs, an escape's copies counted as their original, in ID
// order.
func (a *Analyzer) listed(pt *vm.ProcType) []transition {
	in := make([]bool, len(pt.Trans))
	at := make([]bool, len(pt.Trans))
	for i, pc := range pt.PCs {
		for _, t := range pc.Trans {
			if t.Orig != nil {
				t = t.Orig
			}
			in[t.ID] = true
			at[t.ID] = at[t.ID] || a.wasAt(pt, i)
		}
	}
	var out []transition
	for _, t := range pt.Trans {
		if in[t.ID] {
			out = append(out, transition{t, at[t.ID]})
		}
	}
	return out
}

// wasAt reports whether a process of pt was at pc in some state: it
// started there, or a move took it there.
func (a *Analyzer) wasAt(pt *vm.ProcType, pc int) bool {
	if pc == pt.Start {
		return a.res != nil && a.res.Reached[pt.ID][pt.PCs[pc].Seqno]
	}
	return a.sat[pt.ID][pc]
}

// covered reports whether transition t of pt is covered: it executed,
// or every statement in it did, or it is a reached -end-.
func (a *Analyzer) covered(pt *vm.ProcType, t transition, done map[lang.Pos]bool) bool {
	if a.executed[pt.ID][t.ID] || t.End && t.atReached {
		return true
	}
	if t.End || len(t.Stmts) == 0 {
		return false
	}
	for _, st := range t.Stmts {
		if !done[lang.Unlabel(st).Pos()] {
			return false
		}
	}
	return true
}

// conditionGaps counts the atomic conditions, one per place, and lists
// those never true or never false. Constants (true, false, skip) are
// left out: no harness can change them. An assertion that is one
// condition (up to negation) never failing is the property holding, not
// a gap.
func (a *Analyzer) conditionGaps(done map[lang.Pos]bool) (n int, gaps []Condition) {
	type place struct {
		pos    lang.Pos
		text   string
		assert bool
	}
	merged := map[place]int{} // index in gaps, or -1 for no gap yet
	var seen [][2]bool
	var conds []*vm.Cond
	for _, c := range a.m.Conds {
		if _, ok := c.Expr.(*lang.Const); ok {
			continue
		}
		k := place{c.Pos, c.Text, c.Assert}
		i, ok := merged[k]
		if !ok {
			i = len(conds)
			merged[k] = i
			conds = append(conds, c)
			seen = append(seen, [2]bool{})
		}
		seen[i][0] = seen[i][0] || a.seen[c.ID][0]
		seen[i][1] = seen[i][1] || a.seen[c.ID][1]
	}
	for i, c := range conds {
		s := seen[i]
		g := Condition{Site: Site{c.Pos, c.Text}, cond: c, Assert: c.Assert, Evaluated: s[0] || s[1],
			stmtRan: done[lang.Unlabel(c.Stmt).Pos()]}
		violating, whole := violates(c)
		switch {
		case !s[0] && !s[1]:
			g.Never = true
		case whole && !s[b2i(violating)]:
			continue // the assertion never failed: the property holding
		case !s[1]:
			g.Never = true
		case !s[0]:
			g.Never = false
		default:
			continue
		}
		gaps = append(gaps, g)
	}
	sortConditions(gaps)
	return len(conds), gaps
}

// violates reports, for a condition that is the whole of an assertion up
// to negation (assert(c), assert(!c)), the value of c that violates the
// assertion: never seeing it means only that the assertion held.
func violates(c *vm.Cond) (value, whole bool) {
	a, ok := c.Stmt.(*lang.Assert)
	if !ok {
		return false, false
	}
	e, holding := a.X, true
	for {
		u, ok := e.(*lang.Unary)
		if !ok || u.Op != "!" {
			break
		}
		e, holding = u.X, !holding
	}
	return !holding, e == c.Expr
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
