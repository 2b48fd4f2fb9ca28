package coverage

import (
	"fmt"
	"io"
)

// Write prints the report for people: a summary line per proctype, then
// every gap as file:line:col: what, so that an editor can jump to it.
func (r *Report) Write(w io.Writer) {
	fmt.Fprintln(w, "model coverage (structural and condition coverage, 003):")
	if r.Partial != "" {
		fmt.Fprintf(w, "note: %s; this covers only what the search explored\n", r.Partial)
	}
	for _, p := range r.Procs {
		what := "proctype " + p.Name
		if p.Name == "init" {
			what = "init"
		}
		fmt.Fprintf(w, "%s: %s executed, %s taken\n", what,
			ratio(p.Executed, p.Transitions, "transitions"), ratio(p.Taken, p.Options, "if/do options"))
		for _, s := range p.Missed {
			fmt.Fprintf(w, "%s: transition never executed: %s\n", s.Pos, s.Text)
		}
		for _, s := range p.Untaken {
			fmt.Fprintf(w, "%s: option never taken: %s\n", s.Pos, s.Text)
		}
	}
	fmt.Fprintf(w, "total: %s executed, %s taken\n",
		ratio(r.Executed, r.Transitions, "transitions"), ratio(r.Taken, r.Options, "if/do options"))
	fmt.Fprintf(w, "conditions: %d of %d atomic conditions never true or never false\n", len(r.Gaps), r.Conditions)
	for _, g := range r.Gaps {
		fmt.Fprintf(w, "%s: %s: %s (%s)\n", g.Pos, g.what(), g.Text, g.kind())
	}
	rd := r.Reading
	fmt.Fprintf(w, "reading (003 §4.3): %s\n", rd.Verdict)
	for _, p := range rd.Harness {
		fmt.Fprintf(w, "%s: the harness never made %s %s, so %s never executed\n",
			p.Transition.Pos, p.Condition.Text, map[bool]string{true: "true", false: "false"}[p.Condition.Never], p.Transition.Text)
	}
	for _, s := range rd.Code {
		fmt.Fprintf(w, "%s: never executed, though its place was reached, and no guard says why: %s\n", s.Pos, s.Text)
	}
	for _, g := range rd.Spec {
		fmt.Fprintf(w, "%s: this part of an assertion was %s: %s\n", g.Pos, g.what(), g.Text)
	}
}

// ratio is "k of n what (p%)".
func ratio(k, n int, what string) string {
	if n == 0 {
		return "0 " + what
	}
	return fmt.Sprintf("%d of %d %s (%.1f%%)", k, n, what, 100*float64(k)/float64(n))
}

func (g Condition) what() string {
	switch {
	case !g.Evaluated:
		return "never evaluated"
	case g.Never:
		return "never true"
	}
	return "never false"
}

func (g Condition) kind() string {
	if g.Assert {
		return "in an assertion"
	}
	return "a guard or condition"
}
