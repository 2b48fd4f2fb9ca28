package checker

import (
	"fmt"
	"io"

	"gmc/lang"
	"gmc/vm"
)

// WriteUnreached writes pan's "unreached in proctype" listing for a
// search's result: per proctype and claim, in declaration order, the
// statements no execution reached, and "(k of n states)". Of the claims,
// a search that composed one lists that one, as pan -N NAME does.
func WriteUnreached(w io.Writer, m *vm.Model, res *Result) {
	for _, pt := range m.Units {
		if pt.Proc.Kind == lang.KindNever && m.Claim != nil && m.Claim.Name != vm.NonProgressClaim && pt != m.Claim {
			continue // pan -N NAME lists the claim it ran, not the others
		}
		switch pt.Proc.Kind {
		case lang.KindInit:
			fmt.Fprintln(w, "unreached in init")
		case lang.KindNever, lang.KindTrace:
			fmt.Fprintf(w, "unreached in claim %s\n", pt.Name)
		default:
			fmt.Fprintf(w, "unreached in proctype %s\n", pt.Name)
		}
		lines, k, n := pt.Unreached(res.Reached[pt.ID])
		for _, l := range lines {
			fmt.Fprintf(w, "\t%s:%d, state %d, \"%s\"\n", l.Pos.File, l.Pos.Line, l.Seqno, l.Text)
		}
		fmt.Fprintf(w, "\t(%d of %d states)\n", k, n)
	}
}
