package vm

import (
	"fmt"
	"strings"

	"gmc/lang"
)

// A never claim composed with the system (Options.Claim, or the built-in
// np_ claim of Options.NonProgress) runs as pan runs it: a process of its
// own ahead of the system's, in slot 0 of pan's state vector
// (docs/references.md#spin-claims). gmc keeps the system's pids and slots
// as they are and stores the claim's pc in the vector's header instead:
// two bytes, the pc plus one, 0 once the claim has ended and removed
// itself. The claim counts in _nr_pr, as in pan. A search moves the claim
// with the same Machine.Guard and Effect as a process, under the pid
// ClaimPid.

// ClaimPid is the pid under which a search executes the claim's
// transitions.
const ClaimPid = -1

// hdrClaim is the size of the claim's pc in the header.
const hdrClaim = 2

// NonProgressClaim is the name of the built-in claim of a non-progress
// search.
const NonProgressClaim = "np_"

// npClaim is pan's built-in claim of a non-progress search (cc -DNP): it
// accepts (at its state 1) once np_ has held, and stays there while np_
// holds; np_ comes before true in its first state's options.
const npClaim = `never {
	do
	:: np_ -> goto accept
	:: true
	od;
accept:
	do
	:: np_
	od
}
`

// claimOff is the absolute offset of the claim's pc in the buffer.
func (m *Model) claimOff() int {
	off := m.HiddenSize + m.HeaderSize() - hdrClaim
	if m.eventSlot {
		off -= hdrEvent
	}
	return off
}

// ClaimPC returns the claim's pc, or -1 when the claim has ended (or the
// model runs none).
func (m *Model) ClaimPC(s *State) int {
	if m.Claim == nil {
		return -1
	}
	off := m.claimOff()
	return int(s.Buf[off]) | int(s.Buf[off+1])<<8 - 1
}

func (m *Model) setClaimPC(s *State, pc int) {
	off := m.claimOff()
	s.Buf[off] = byte(pc + 1)
	s.Buf[off+1] = byte((pc + 1) >> 8)
}

// ClaimTrans returns the transitions of the claim from its pc in s, in
// the order pan tries them (none once the claim has ended).
func (m *Model) ClaimTrans(s *State) []*Trans {
	pc := m.ClaimPC(s)
	if pc < 0 {
		return nil
	}
	return m.Claim.PCs[pc].Trans
}

// NumIDs is the number of proctype IDs the model uses (the proctypes,
// the claims, the trace, the np_ claim): the size of a table by ID.
func (m *Model) NumIDs() int {
	n := len(m.Types) + len(m.Claims)
	if m.Trace != nil {
		n++
	}
	if m.Claim != nil && m.Claim.ID >= n {
		n = m.Claim.ID + 1
	}
	return n
}

// NrPr is _nr_pr: the live processes, the claim included (as pan counts
// it).
func (m *Model) NrPr(s *State) int {
	if m.ClaimPC(s) >= 0 {
		return len(s.Procs) + 1
	}
	return len(s.Procs)
}

// ClaimEnded reports whether the claim is at an end state (the end of its
// body, or an end label) or has removed itself, with the system gone too:
// pan's "end state in claim reached".
func (m *Model) ClaimEnded(s *State) bool {
	pc := m.ClaimPC(s)
	return pc < 0 && len(s.Procs) == 0 || pc >= 0 && m.Claim.PCs[pc].ValidEnd
}

// Accepting reports whether some process or the claim is at a state with
// an accept label (pan's accpstate, tried over every slot).
func (m *Model) Accepting(s *State) bool {
	if pc := m.ClaimPC(s); pc >= 0 && m.Claim.PCs[pc].Accept {
		return true
	}
	if !m.procAccept {
		return false // (an ltl property's usual case: the claim's labels only)
	}
	for pid := range s.Procs {
		if _, pc := m.at(s, pid); pc.Accept {
			return true
		}
	}
	return false
}

// ClaimAccepting reports whether the claim is at a state with an accept
// label (what decides acceptance in a non-progress search, where the
// system's accept labels do not count).
func (m *Model) ClaimAccepting(s *State) bool {
	pc := m.ClaimPC(s)
	return pc >= 0 && m.Claim.PCs[pc].Accept
}

// AtProgress reports whether some process or the claim is at a state with
// a progress label (pan's progstate).
func (m *Model) AtProgress(s *State) bool {
	if pc := m.ClaimPC(s); pc >= 0 && m.Claim.PCs[pc].Progress {
		return true
	}
	if !m.procProgress {
		return false
	}
	for pid := range s.Procs {
		if _, pc := m.at(s, pid); pc.Progress {
			return true
		}
	}
	return false
}

// ProgressAfter is AtProgress(next) for next, the state a move of
// process pid leads to from a state at no progress state (AtProgress
// false): a move of the system changes no place but its mover's (the
// claim's and the other processes' stay), so unless it created or
// removed a process, only the mover can have come to a progress state.
// A non-progress search asks it after every move; AtProgress would look
// at every process.
func (m *Model) ProgressAfter(s, next *State, pid int) bool {
	if !m.procProgress {
		return false
	}
	if len(next.Procs) != len(s.Procs) || len(s.Procs) > 0 && &next.Procs[0] != &s.Procs[0] {
		// (a process created or removed: Procs is never changed in place)
		return m.AtProgress(next)
	}
	_, pc := m.at(next, pid)
	return pc.Progress
}

// HasAcceptLabels reports whether the model has a label named accept...
// (pan -a has nothing to look for without one). As pan's ACCEPT_LAB, the
// count is of the text: labels on unreachable statements and in claims
// other than the one composed count too.
func (m *Model) HasAcceptLabels() bool { return HasLabel(m.Spec, "accept", true) }

// HasProgressLabels reports whether the model has a label named
// progress..., counted as pan's PROG_LAB (see HasAcceptLabels).
func (m *Model) HasProgressLabels() bool { return HasLabel(m.Spec, "progress", true) }

// HasLabel reports whether a proctype of spec (or a never claim or trace
// assertion, with claims: pan's ACCEPT_LAB and PROG_LAB count theirs) has a
// label whose name starts with prefix.
func HasLabel(spec *lang.Spec, prefix string, claims bool) bool {
	for _, p := range spec.Procs {
		if (p.Kind == lang.KindTrace || p.Kind == lang.KindNever) && !claims {
			continue
		}
		for name := range p.Labels {
			if strings.HasPrefix(name, prefix) {
				return true
			}
		}
	}
	return false
}

// ClaimNames lists the never claims of spec in source order, as pan names
// them (an unnamed claim is never_0, never_1, ... in declaration order).
func ClaimNames(spec *lang.Spec) []string {
	var names []string
	for _, p := range spec.Procs {
		if p.Kind == lang.KindNever {
			names = append(names, claimName(spec, p))
		}
	}
	return names
}

// claimName is the name pan gives a claim.
func claimName(spec *lang.Spec, p *lang.Proctype) string {
	if p.Name != "never" && p.Name != "" {
		return p.Name
	}
	n := 0
	for _, q := range spec.Procs {
		if q == p {
			break
		}
		if q.Kind == lang.KindNever && (q.Name == "never" || q.Name == "") {
			n++
		}
	}
	return fmt.Sprintf("never_%d", n)
}

// selectClaim finds the claim Options ask for; a claim that cannot be
// found or compiled is an error (compileClaims leaves out, silently, the
// claims it only lists).
func (c *compiler) selectClaim() {
	switch {
	case c.opts.NonProgress:
		spec, diags := lang.Parse("np_", []byte(npClaim), nil)
		lang.Check(spec, &diags)
		if diags.ErrorCount() > 0 {
			panic(fmt.Sprintf("vm: the np_ claim does not compile: %v", diags))
		}
		pt := &ProcType{ID: c.m.NumIDs(), Name: NonProgressClaim, Proc: spec.Procs[0], Priority: 1}
		c.locals(pt)
		c.flow(pt)
		c.m.Claim = pt
	case c.opts.Claim != "":
		for _, pt := range c.m.Claims {
			if pt.Name == c.opts.Claim {
				c.m.Claim = pt
			}
		}
		if c.m.Claim == nil {
			for _, p := range c.m.Spec.Procs {
				if p.Kind == lang.KindNever && claimName(c.m.Spec, p) == c.opts.Claim {
					// compileClaims left it out: compile it again to say why
					c.flow(&ProcType{Name: c.opts.Claim, Proc: p, Priority: 1})
				}
			}
			c.errorf(lang.Pos{}, "the model has no never claim or ltl property named %s", c.opts.Claim)
		}
	}
	if pt := c.m.Claim; pt != nil && pt.locals > 0 {
		c.errorf(pt.Proc.P, "gmc does not run never claims with local variables yet (claim %s)", pt.Name)
	}
}
