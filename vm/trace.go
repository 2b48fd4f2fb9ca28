package vm

import (
	"gmc/lang"
)

// A trace or notrace assertion is checked as pan checks it
// (docs/references.md#spin-trace): it is not a process that moves on its
// own but an automaton over the send and receive events on the channels
// it names. Its state (pan's _event) is part of the state vector: two
// bytes at the end of the header, the pc of the trace (endEvent: its end,
// where a notrace assertion that missed an event stays). After a send on
// a channel one of its sends names (the message appended) and before a
// receive on a channel one of its receives names removes its message, the
// trace must take the first of its transitions that matches the event:
// same kind, same channel, and the fields its constant and eval()
// arguments give equal to the message's (the last message for a send,
// the first for a receive, as pan compares them). A trace that cannot is
// the error "event_trace error (no matching event)"; a notrace that
// reaches its end is "event_trace error (all events matched)", and one
// that cannot follow an event gives up (stays at its end). Only a plain
// send or receive is an event: anything else in a trace is refused, as
// SPIN refuses it ("not an event").

// hdrEvent is the size of the trace's pc in the header.
const hdrEvent = 2

// The messages of the errors a trace raises, as pan words them.
const (
	// EventNoMatch: a trace had no transition for an event.
	EventNoMatch = "event_trace error (no matching event)"
	// EventAllMatched: a notrace reached its end.
	EventAllMatched = "event_trace error (all events matched)"
	// eventNonDeterminism: two transitions of the trace matched (fatal
	// in pan).
	eventNonDeterminism = "non-determinism in event-trace"
)

// traceEvent is the event a transition of the trace matches.
type traceEvent struct {
	send bool
	// code pushes the channel the statement names, then the values of
	// the fields it compares (leaves: the message leaf of each).
	code   *Code
	leaves []int
}

// eventOff is the absolute offset of the trace's pc in the buffer.
func (m *Model) eventOff() int { return m.HiddenSize + m.HeaderSize() - hdrEvent }

// EventPC returns the trace's pc in s (-1 when the model has no trace).
// It is len(Trace.PCs) at the end of a trace whose end is not one of its
// control states (a notrace that gave up).
func (m *Model) EventPC(s *State) int {
	if m.Trace == nil {
		return -1
	}
	off := m.eventOff()
	return int(s.Buf[off]) | int(s.Buf[off+1])<<8
}

func (m *Model) setEventPC(s *State, pc int) {
	off := m.eventOff()
	s.Buf[off] = byte(pc)
	s.Buf[off+1] = byte(pc >> 8)
}

// TraceDone reports whether the trace is at a valid end state (an end
// label or its end), or the model has none: pan's invalid end state check
// asks it too, outside cycle searches ("event_trace not completed").
func (m *Model) TraceDone(s *State) bool {
	if m.Trace == nil {
		return true
	}
	pc := m.EventPC(s)
	return pc >= len(m.Trace.PCs) || m.Trace.PCs[pc].ValidEnd
}

// TraceStartAccepting reports whether the trace starts at a state with an
// accept label: pan's only use of the trace's accept labels in a search
// (it looks at the trace's state in the initial state; the mark its
// moves set is cleared before the next state is looked at).
func (m *Model) TraceStartAccepting() bool {
	return m.Trace != nil && m.Trace.PCs[m.Trace.Start].Accept
}

// TraceStartProgress is TraceStartAccepting for progress labels.
func (m *Model) TraceStartProgress() bool {
	return m.Trace != nil && m.Trace.PCs[m.Trace.Start].Progress
}

// compileTrace compiles the model's trace or notrace assertion, if it has
// one and Options do not leave it out.
func (c *compiler) compileTrace(p *lang.Proctype) *ProcType {
	if c.m.Trace != nil {
		c.errorf(p.P, "gmc checks one trace or notrace assertion per model (pan uses only one)")
	}
	if len(p.Locals) > 0 {
		c.errorf(p.P, "a %s assertion cannot declare variables", p.Name)
	}
	walkStmts(p.Body, func(s lang.Stmt) {
		switch s := s.(type) {
		case *lang.Send:
			if s.Sorted {
				c.errorf(s.P, "not an event: a %s assertion matches plain sends (c!...) and receives (c?...)", p.Name)
			}
		case *lang.Recv:
			if s.Random || s.Copy {
				c.errorf(s.P, "not an event: a %s assertion matches plain sends (c!...) and receives (c?...)", p.Name)
			}
		case *lang.Block, *lang.Labeled, *lang.If, *lang.Do, *lang.Goto, *lang.Break:
		default:
			c.errorf(s.Pos(), "not an event: a %s assertion holds only sends, receives and the if, do, goto and break around them", p.Name)
		}
	})
	// (its ID is given once the claims have theirs: compileClaims)
	pt := &ProcType{Name: ":" + p.Name + ":", Proc: p, Priority: 1}
	c.locals(pt)
	c.flow(pt)
	c.m.Trace = pt
	c.m.NegatedTrace = p.Name == "notrace"
	b := c.builders[pt]
	c.m.endEvent = len(pt.PCs)
	for i, n := range b.pcNodes {
		if n == b.body.last {
			c.m.endEvent = i
		}
	}
	c.m.events = make([]traceEvent, len(pt.Trans))
	c.m.sendScope, c.m.recvScope = &Code{}, &Code{}
	for _, t := range pt.Trans {
		if t.End {
			continue
		}
		var ev traceEvent
		g := c.gen(pt)
		var chanExpr lang.Expr
		var args []lang.Expr
		for _, st := range t.Stmts {
			switch st := lang.Unlabel(st).(type) {
			case *lang.Send:
				ev.send, chanExpr, args = true, st.Chan, st.Args
			case *lang.Recv:
				chanExpr, args = st.Chan, st.Args
			}
			if chanExpr != nil {
				break
			}
		}
		if chanExpr == nil {
			continue // (a choice's own transition: its options are tried)
		}
		g.expr(chanExpr)
		groups := g.argLeaves(args)
		leaf := 0
		for i, a := range args {
			var v lang.Expr
			switch a := a.(type) {
			case *lang.Const:
				v = a
			case *lang.VarRef:
				if a.Kind == lang.RefMtype {
					v = a // an mtype name is a constant to SPIN
				}
			case *lang.Eval:
				v = a.X
			}
			if v != nil {
				g.expr(v)
				ev.leaves = append(ev.leaves, leaf)
			}
			leaf += len(groups[i])
		}
		ev.code = g.code
		c.m.events[t.ID] = ev
		// the scope: every channel a send (receive) names
		scope := c.m.recvScope
		if ev.send {
			scope = c.m.sendScope
		}
		sg := &gen{c: c, pt: pt, code: scope}
		sg.expr(chanExpr)
	}
	return pt
}

// inScope reports whether channel ch is one the trace's sends (send) or
// receives name, in the current state.
func (vm *Machine) inScope(send bool, ch int) bool {
	m := vm.M
	code := m.recvScope
	if send {
		code = m.sendScope
	}
	if len(code.Instrs) == 0 {
		return false
	}
	ev := vm.eventMachine()
	if !vm.evaluate(ev, code) {
		return false
	}
	for _, v := range ev.stack {
		if v == int64(ch) {
			return true
		}
	}
	return false
}

// eventMachine is the machine that evaluates the trace's expressions in
// the state this one is changing.
func (vm *Machine) eventMachine() *Machine {
	if vm.ev == nil {
		vm.ev = &Machine{M: vm.M}
	}
	return vm.ev
}

// evaluate runs code on ev in vm's state, leaving the values it pushes on
// ev's stack. A fatal error (an index out of bounds) is vm's.
func (vm *Machine) evaluate(ev *Machine, code *Code) bool {
	ev.s, ev.pid, ev.t, ev.pbase = vm.s, ClaimPid, vm.t, 0
	ev.stack, ev.fatal, ev.Errors = ev.stack[:0], false, ev.Errors[:0]
	if _, ok := ev.run(code, 0, false); !ok || ev.fatal {
		if len(ev.Errors) > 0 {
			vm.fail("%s (in the %s assertion)", ev.Errors[0].Msg, vm.M.Trace.Proc.Name)
		}
		return false
	}
	return true
}

// event is pan's require: the trace follows a send (send: after its
// message was appended) or a receive (before its message is removed) on
// channel ch. It compares the channel's last message for a send, its
// first for a receive (whichever message a random receive takes), as pan.
func (vm *Machine) event(send bool, ch int) {
	if !vm.inScope(send, ch) {
		return
	}
	m := vm.M
	s := vm.s
	off, ct := vm.channel(int64(ch))
	if ct == nil {
		return
	}
	slot := 0
	if send {
		slot = chanLen(s.Buf, off, ct) - 1
	}
	pc := m.EventPC(s)
	if pc != m.endEvent {
		trans := m.Trace.PCs[pc].Trans
		for i, t := range trans {
			if !vm.eventMatches(t, send, ch, off, ct, slot) {
				continue
			}
			if vm.fatal {
				return
			}
			m.setEventPC(s, t.Dst)
			if vm.TraceReached != nil {
				m.Trace.MarkStep(vm.TraceReached, pc, t)
			}
			if m.NegatedTrace && t.Dst == m.endEvent {
				vm.Errors = append(vm.Errors, &RuntimeError{Msg: EventAllMatched, EventTrace: true, Trans: vm.t, Pid: vm.pid})
				return
			}
			for _, u := range trans[i+1:] {
				if vm.eventMatches(u, send, ch, off, ct, slot) {
					vm.fail("%s", eventNonDeterminism)
					return
				}
			}
			return
		}
		if vm.fatal {
			return
		}
	}
	if m.NegatedTrace {
		m.setEventPC(s, m.endEvent) // it gives up: only the first miss counts
		return
	}
	vm.Errors = append(vm.Errors, &RuntimeError{Msg: EventNoMatch, EventTrace: true, Trans: vm.t, Pid: vm.pid})
}

// eventMatches reports whether transition t of the trace matches the
// event.
func (vm *Machine) eventMatches(t *Trans, send bool, ch int, off int32, ct *ChanType, slot int) bool {
	e := &vm.M.events[t.ID]
	if e.code == nil || e.send != send {
		return false
	}
	ev := vm.eventMachine()
	if !vm.evaluate(ev, e.code) || ev.stack[0] != int64(ch) {
		return false
	}
	base := slotOff(off, ct, slot)
	for i, k := range e.leaves {
		if k >= len(ct.Leaves) {
			return false
		}
		l := ct.Leaves[k]
		if load(vm.s.Buf, base+l.Off, l.Scalar, l.Size) != ev.stack[i+1] {
			return false
		}
	}
	return true
}
