package vm

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
)

// Dump lists every proctype's states and transitions, in the spirit of
// pan -d (states are pan's state numbers):
//
//	state 3 -(tr 5)-> state 4 [A---] file:line => statement
//
// Flags: A atomic, L last of an atomic, D d_step, E unless escape, e valid
// end state (of the source pc).
func (m *Model) Dump() string {
	var b strings.Builder
	for _, pt := range m.Types {
		fmt.Fprintf(&b, "proctype %s (start state %d)\n", pt.Name, pt.PCs[pt.Start].Seqno)
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
				dst := 0
				if t.Dst >= 0 {
					dst = pt.PCs[t.Dst].Seqno
				}
				fmt.Fprintf(&b, "\tstate %3d -(tr %3d)-> state %3d [%s] %s => %s\n", pc.Seqno, t.ID, dst, flags, t.Pos, t.Text)
			}
		}
	}
	return b.String()
}

// Fingerprint identifies the model's transition system: proctypes, their
// transitions (targets, flags, text and code) and the state layout. Trails
// carry it, so a trail is not replayed against a model it was not found
// on. Source positions are left out: moving a comment does not change it.
func (m *Model) Fingerprint() string {
	h := sha256.New()
	fmt.Fprintf(h, "hidden %d globals %d+%d last %v prio %v merge %v dead %v\n",
		m.HiddenSize, m.GlobalsOff, m.GlobalsSize, m.HasLast, m.HasPriority, m.Merge, m.DeadVars)
	for _, ct := range m.Chans {
		fmt.Fprintf(h, "chan %d cap %d size %d\n", ct.ID, ct.Cap, ct.Size)
	}
	for _, pt := range m.Types {
		fmt.Fprintf(h, "proctype %s start %d size %d\n", pt.Name, pt.Start, pt.Size)
		for _, pc := range pt.PCs {
			for _, t := range pc.Trans {
				fmt.Fprintf(h, "%d %d %d %d %v %v %q\n", pc.N, t.ID, t.Dst, t.Atom, t.Else, t.EscOrg, t.Text)
				writeUntraced(h, t.Code)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// writeUntraced writes code without its trace and condition marks (which
// do not change what a model does), jump targets renumbered to match, so
// that a model compiled with Options.Trace or Options.Conditions has the
// fingerprint of the one without.
func writeUntraced(w io.Writer, c *Code) {
	before := make([]int32, len(c.Instrs)+1) // marks before each index
	for i, in := range c.Instrs {
		before[i+1] = before[i]
		if in.Op == OpStmt || in.Op == OpCond {
			before[i+1]++
		}
	}
	for _, in := range c.Instrs {
		switch in.Op {
		case OpStmt, OpCond:
			continue
		case OpJmp, OpJz, OpJnz:
			in.A -= before[in.A]
		}
		fmt.Fprintf(w, "%d %d %d %d\n", in.Op, in.A, in.B, in.C)
	}
}
