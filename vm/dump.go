package vm

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"gmc/lang"
)

// Dump lists the model's transition tables in the layout of pan -d, so
// that the two can be compared line by line: for each proctype, init and
// never claim, in declaration order, the transitions of each control state
// (pan's state numbers), the states in the order pan lists them (depth
// first from the start state):
//
//	proctype P
//		state   3 -(tr   5)-> state   4  [id   2] [----L] m.pml:12 => x = 1
//
// tr is gmc's number of the transition (scripts name it; pan
// shows its code case there, which gmc has no use for); id is pan's
// transition id (pan's trails and gmc's name it), org the state an unless escape was
// copied from. The flags are pan's: A atomic (D d_step), then the source
// state's labels a accept, e end, p progress, and L local or G global.
// The statement is the first of a merged chain, as pan shows it. pan's tp
// (its partial order reduction class) has no counterpart in gmc and is
// left out.
func (m *Model) Dump() string { return m.dump(dumpRaw) }

// DumpReduced lists the tables as pan built with partial-order reduction
// (its default) prints them: each transition's tp (its channel condition
// code, vm/por.go) after its id, and L or G as pan's start-up leaves
// them, per pc; cycles: as pan -a -d or -l -d, where accepting pcs and
// those leading to them are G too.
func (m *Model) DumpReduced(cycles bool) string {
	if cycles {
		return m.dump(dumpCycles)
	}
	return m.dump(dumpSafety)
}

// dumpMode is which flags a dump shows.
type dumpMode uint8

const (
	dumpRaw    dumpMode = iota // as compiled (pan -DNOREDUCE -d)
	dumpSafety                 // after pan's start-up, with tp
	dumpCycles                 // the same for -a / -l
)

func (m *Model) dump(mode dumpMode) string {
	var b strings.Builder
	for _, pt := range m.Units {
		switch {
		case pt.Proc.Kind == lang.KindInit:
			b.WriteString("init\n")
		case pt.Proc.Kind == lang.KindNever:
			fmt.Fprintf(&b, "claim %s\n", pt.Name)
		case pt.Proc.Kind == lang.KindTrace && m.NegatedTrace:
			b.WriteString("trace assertion\n") // (sic: pan -d swaps the two names)
		case pt.Proc.Kind == lang.KindTrace:
			b.WriteString("notrace assertion\n")
		default:
			fmt.Fprintf(&b, "proctype %s\n", pt.Name)
		}
		dumpStates(&b, pt, mode)
	}
	b.WriteString("\nTransition Type: A=atomic; D=d_step; L=local; G=global\n")
	b.WriteString("Source-State Labels: p=progress; e=end; a=accept;\n")
	if m.Merge {
		b.WriteString("Note: statement merging was used. Only the first\n")
		b.WriteString("      stmnt executed in each merge sequence is shown\n")
		b.WriteString("      (use --no-merge to disable statement merging)\n")
	}
	return b.String()
}

// dumpStates lists the transitions of pt's states, depth first from the
// start state as pan's tagtable does: a state's transitions, then the
// states they lead to, in order.
func dumpStates(b *strings.Builder, pt *ProcType, mode dumpMode) {
	seen := make([]bool, len(pt.PCs))
	var visit func(pc int)
	visit = func(pc int) {
		if pc < 0 || seen[pc] {
			return
		}
		seen[pc] = true
		src := pt.PCs[pc]
		for _, t := range src.Trans {
			dst := 0
			if t.Dst >= 0 {
				dst = pt.PCs[t.Dst].Seqno
			}
			el := pt.Elements[t.Elem-1]
			org := ""
			if t.Escape {
				org = fmt.Sprintf(" org %3d", t.EscOrg)
			}
			// pan gives the line of the source state, not the statement's
			at := pt.Elements[src.Seqno-1].Pos
			tp, local := "", !el.Global
			if mode != dumpRaw {
				tp, local = fmt.Sprintf(" tp %3d", t.Tpe[0]), src.Safe
				if t.Tpe[1] != 0 {
					tp += fmt.Sprintf(",%d", t.Tpe[1])
				}
				if mode == dumpCycles {
					local = src.SafeCycles
				}
			}
			fmt.Fprintf(b, "\tstate %3d -(tr %3d)-> state %3d  [id %3d%s%s] [%s] %s:%d => %s\n",
				src.Seqno, t.ID, dst, el.ID, tp, org, dumpFlags(src, t, local), at.File, at.Line, el.Text)
		}
		for _, t := range src.Trans {
			visit(t.Dst)
		}
	}
	visit(pt.Start)
}

// dumpFlags are pan's five flags of transition t from state src.
func dumpFlags(src *PC, t *Trans, local bool) string {
	f := []byte("----L")
	switch {
	case t.Atom&(Atomic|LastAtomic) != 0:
		f[0] = 'A'
	case t.Atom&InDStep != 0 || t.DStep:
		f[0] = 'D'
	}
	if src.Accept {
		f[1] = 'a'
	}
	if src.ValidEnd {
		f[2] = 'e'
	}
	if src.Progress {
		f[3] = 'p'
	}
	if !local {
		f[4] = 'G'
	}
	return string(f)
}

// Fingerprint identifies the model's transition system: proctypes (and
// the never claim composed with them, if any), their transitions
// (targets, flags, text and code) and the state layout. Trails carry it,
// so a trail is not replayed against a model it was not found on. Source
// positions are left out: moving a comment does not change it.
func (m *Model) Fingerprint() string {
	h := sha256.New()
	fmt.Fprintf(h, "hidden %d globals %d+%d last %v prio %v merge %v dead %v\n",
		m.HiddenSize, m.GlobalsOff, m.GlobalsSize, m.HasLast, m.HasPriority, m.Merge, m.DeadVars)
	for _, ct := range m.Chans {
		fmt.Fprintf(h, "chan %d cap %d size %d\n", ct.ID, ct.Cap, ct.Size)
	}
	units := m.Types
	if m.Claim != nil {
		// the claim a search runs with the system: a trail of that
		// search holds its steps (the models without claims keep their
		// fingerprints)
		units = append(units[:len(units):len(units)], m.Claim)
	}
	for _, pt := range units {
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
		case OpRecvOpen, OpRecvCmp:
			in.B -= before[in.B]
		}
		fmt.Fprintf(w, "%d %d %d %d\n", in.Op, in.A, in.B, in.C)
	}
}
