package vm

import (
	"fmt"
	"strings"
)

// Dump lists every proctype's pcs and transitions, in the spirit of pan -d:
//
//	pc 3 -(tr 5)-> pc 4 [A---] file:line => statement
//
// Flags: A atomic, L last of an atomic, D d_step, E unless escape, e valid
// end state (of the source pc).
func (m *Model) Dump() string {
	var b strings.Builder
	for _, pt := range m.Types {
		fmt.Fprintf(&b, "proctype %s (start pc %d)\n", pt.Name, pt.Start)
		for _, pc := range pt.PCs {
			for _, t := range pc.Trans {
				flags := []byte("-----")
				if t.Atom&Atomic != 0 {
					flags[0] = 'A'
				}
				if t.Atom&LastAtomic != 0 {
					flags[1] = 'L'
				}
				if t.Atom&InDStep != 0 || t.DStep {
					flags[2] = 'D'
				}
				if t.Escape {
					flags[3] = 'E'
				}
				if pc.ValidEnd {
					flags[4] = 'e'
				}
				fmt.Fprintf(&b, "\tpc %3d -(tr %3d)-> pc %3d [%s] %s => %s\n", pc.N, t.ID, t.Dst, flags, t.Pos, t.Text)
			}
		}
	}
	return b.String()
}
