package vm

import (
	"fmt"

	"gmc/lang"
)

// RuntimeError is an error found while executing the model: fatal ones stop
// the search (docs/references.md#spin-errors), an assertion violation does
// not.
type RuntimeError struct {
	Msg   string
	Fatal bool
	Trans *Trans
	Pid   int
	Stmt  lang.Stmt // the statement that failed (nil if unknown)
	Pos   lang.Pos  // its position (the transition's when unknown)
	// EventTrace: a trace or notrace assertion failed on a send or
	// receive of the transition (trace.go).
	EventTrace bool
	// Assert: an assert statement failed (pan's spin_assert, which its
	// -A silences), not another counted error.
	Assert bool
}

func (e *RuntimeError) Error() string { return e.Msg }

// Machine executes transition code. A search uses one Machine; it is not
// safe for concurrent use.
type Machine struct {
	_ CacheLinePad
	M *Model

	// SharedOffsets: the states' Procs slices may be shared by states
	// of other processes at the same offsets (a parallel search's
	// worker's), so that a slice does not tell which processes a state
	// has (offers.go).
	SharedOffsets bool

	// Set by the search before Guard.
	Timeout bool // the timeout pass: timeout is true
	Pending int  // channel id of a rendezvous in progress, 0 when none
	// NonProgress is np_: no process is at a progress state and the
	// move is not a stutter (set by a search before the claim's Guard).
	NonProgress bool

	// Simulator: the machine runs SPIN's simulator, not pan: an
	// uninitialised channel is empty and its sends and receives are not
	// executable (pan reads one, uninit.go).
	Simulator bool
	// Uninit, when set, is told each send or receive that the simulator
	// found not executable for its channel is uninitialised, where SPIN's
	// simulator prints an error.
	Uninit func(UninitUse)

	// Set by Effect.
	Rendezvous int             // the send started a rendezvous on this channel
	Errors     []*RuntimeError // errors the last Effect raised (assertions, and one fatal)

	// Print receives what printf and printm print, with the errors SPIN
	// reports for bad printf formats; nil discards it (as in verification).
	Print func(text string, errs []string)
	// Trace, when set, is told each statement the running transition
	// starts (code compiled with Options.Trace).
	Trace func(s lang.Stmt)
	// Cond, when set, is told the value of each atomic condition
	// evaluated (code compiled with Options.Conditions), by Cond.ID.
	Cond func(id int, value bool)
	// TraceReached, when set, is where the trace's moves mark the states
	// they reach (Model.Trace's reached table, for the unreached listing).
	TraceReached []bool
	// SetPriority, when set, is told each change of a process's priority.
	SetPriority func(pid, prio int)
	// Chan, when set, is told each message a send puts into channel ch
	// (send true: once it is stored, at index slot of the queue; a sorted
	// send stores it among the others) and each message a receive takes
	// out (before it is removed, from index slot), so that a chart can
	// pair them; State is the state being changed. Receives that leave
	// the message (polls, q?<x>) and reads of STDIN are not told.
	Chan func(send bool, ch, slot int)
	// Input, when set, is what a receive from the global channel STDIN
	// reads, a character per variable (as SPIN's simulator). Without it
	// STDIN is an uninitialised channel, as in pan.
	Input     *Input
	peekInput bool // read Input without consuming it (a probing machine)
	// XS, when set, checks the model's xs and xr declarations (a search
	// with partial-order reduction, as pan's default build): a failed
	// check is an error in Errors, not fatal.
	XS *XSTable

	stack   []int64
	resume  int
	s       *State
	pid     int
	pbase   int // absolute offset of the running process's locals
	recvCh  int
	recvMsg int
	recvN   int // the message leaves the receive names (pan: its fields)
	// xsTested: the receive's test in the guard made the xs checks
	// (pan makes them once an attempt), which its effect then skips
	xsTested bool
	xsErrs   []string // the messages of xsAccess's checks (its buffer)
	t        *Trans
	fatal    bool
	sub      *Machine // evaluates enabled(): made once, when first needed
	asking   int      // how many machines' enabled() this one evaluates for (sub's chain)
	ev       *Machine // evaluates the trace's expressions: made when first needed
	// takerCache: who may take a rendezvous offer (offers.go), made at
	// the first offer (a Machine runs each created process's
	// initialisation too)
	takerCache *takerCache
	_          CacheLinePad
}

// CacheLinePad keeps the fields of a struct that one core writes at
// every step off the cache lines of its neighbours in memory, which
// another core may write: at both ends of a Machine, of which a parallel
// search has one per worker. Without it the Machines of two workers can
// share a line (a Machine is not a multiple of 64 bytes, nor is its
// allocator's size class), and each write of one invalidates the line
// the other reads its Model from: leader_n N=7, -j 2 --no-reduce,
// processor time 4.2 s against 3.1 s padded
// (docs/references.md#false-sharing).
type CacheLinePad [64]byte

// State is the state the machine is executing on (the one Effect is
// changing, while a Trace hook runs).
func (vm *Machine) State() *State { return vm.s }

// NewMachine returns a machine for m.
func NewMachine(m *Model) *Machine {
	return &Machine{M: m, stack: make([]int64, 0, 64)}
}

func (vm *Machine) enter(s *State, pid int, t *Trans) {
	vm.s, vm.pid, vm.t = s, pid, t
	vm.pbase = vm.base(s, pid)
	vm.stack = vm.stack[:0]
	vm.fatal = false
	vm.xsTested = false
}

// Guard reports whether transition t of process pid is executable in s. It
// does not change s. When it returns true, Effect must follow (on s or on a
// copy of s) before the machine is used again.
func (vm *Machine) Guard(s *State, pid int, t *Trans) bool {
	code := t.Code
	if code.guard != nil && vm.closures(code) {
		// The guard's closures (guardfn.go), with only what they read
		// set: most guards tried are false, and a false one leaves the
		// machine as it found it but for Errors; what Effect reads is
		// reset once the guard holds. The instructions when the closures
		// cannot tell (they raise an error).
		vm.s, vm.pid, vm.t = s, pid, t
		vm.pbase = vm.base(s, pid)
		if len(vm.Errors) > 0 {
			vm.Errors = vm.Errors[:0]
		}
		if v, ok := code.guard(vm, s.Buf); ok {
			if v == 0 {
				return false
			}
			vm.stack, vm.fatal, vm.xsTested = vm.stack[:0], false, false
			vm.resume = int(code.afterGuard)
			return true
		}
	}
	vm.enter(s, pid, t)
	vm.Errors = vm.Errors[:0]
	if code.effect > 0 {
		// An empty guard: only statement marks before the effect.
		if vm.Trace != nil {
			for _, in := range code.Instrs[:code.effect-1] {
				if in.Op == OpStmt {
					vm.Trace(code.Marks[in.A].Stmt)
				}
			}
		}
		vm.resume = int(code.effect)
		return true
	}
	pc := 0
	if vm.Trace == nil {
		pc = int(code.start) // (the statement marks before the guard do nothing then)
	}
	pc, ok := vm.fast(code, pc, true)
	vm.resume = pc
	if vm.fatal {
		vm.locate(pc - 1)
		return false
	}
	return ok
}

// closures reports whether the machine may compute the guard of code
// with its closures (guardfn.go): no hook watches the statements,
// conditions or xs/xr checks the instructions would tell it of.
func (vm *Machine) closures(code *Code) bool {
	return vm.Trace == nil && vm.Cond == nil && (vm.XS == nil || !code.chans)
}

// Effect executes the rest of the transition that Guard found executable,
// on s (a copy of the state Guard saw), and moves the process to the
// transition's target. It returns false if a fatal error stopped it (see
// Errors).
func (vm *Machine) Effect(s *State, t *Trans) bool {
	vm.s = s
	vm.pbase = vm.base(s, vm.pid)
	vm.Rendezvous = 0
	if pc, ok := vm.fast(t.Code, vm.resume, false); !ok || vm.fatal {
		if vm.fatal {
			vm.locate(pc - 1)
		}
		return false
	}
	if vm.pid == ClaimPid {
		if !t.End {
			vm.M.setClaimPC(s, t.Dst)
		}
		return true
	}
	if !t.End {
		vm.M.setPC(s, vm.pid, t.Dst)
	}
	if vm.M.HasLast {
		s.Buf[vm.M.HiddenSize+hdrLast] = byte(vm.pid)
	}
	return true
}

// base is the offset of the locals of process pid in s (the claim has
// none: see claim.go).
func (vm *Machine) base(s *State, pid int) int {
	if pid == ClaimPid {
		return vm.M.claimOff() + hdrClaim
	}
	return int(s.Procs[pid]) + vm.M.SlotHeader()
}

// locate names the statement at instruction pc of the running transition
// as the place of the last error.
func (vm *Machine) locate(pc int) {
	e := vm.Errors[len(vm.Errors)-1]
	e.Pos = vm.t.Pos
	if s := vm.t.Code.StmtAt(pc); s != nil {
		e.Stmt, e.Pos = s, s.Pos()
	}
}

// countError records a counted error that does not stop the search
// (pan's uerror), at the running transition.
func (vm *Machine) countError(msg string) {
	vm.Errors = append(vm.Errors, &RuntimeError{Msg: msg, Trans: vm.t, Pid: vm.pid, Pos: vm.t.Pos})
}

func (vm *Machine) fail(format string, args ...any) {
	vm.Errors = append(vm.Errors, &RuntimeError{Msg: fmt.Sprintf(format, args...), Fatal: true, Trans: vm.t, Pid: vm.pid})
	vm.fatal = true
}

// endlessDstep raises the fatal error of a d_step that went back round
// its loops more than Model.DstepLoops times in one execution: the jump
// back at pc is its place.
func (vm *Machine) endlessDstep(pc int) {
	vm.fail("d_step does not end: it went round its loops %d times", vm.M.DstepLoops)
	vm.locate(pc)
}

func (vm *Machine) push(v int64) { vm.stack = append(vm.stack, v) }

func (vm *Machine) pop() int64 {
	n := len(vm.stack) - 1
	v := vm.stack[n]
	vm.stack = vm.stack[:n]
	return v
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// run interprets code from pc. In the guard phase it stops at OpGuardOK and
// returns the pc after it; it returns ok=false when the transition is not
// executable (or a fatal error occurred).
func (vm *Machine) run(code *Code, pc int, guard bool) (int, bool) {
	ins := code.exec // (the fused form, see fast.go)
	if ins == nil {
		ins = code.Instrs
	}
	buf := vm.s.Buf
	loops := 0 // jumps back (endlessDstep)
	for pc < len(ins) {
		in := &ins[pc]
		pc++
		switch in.Op {
		case OpNop:
		case OpConst:
			vm.push(int64(in.A))
		case OpLoadG:
			sc, size, _ := unpackClass(in.B, in.C)
			vm.push(load(buf, int(in.A), sc, size))
		case OpLoadL:
			sc, size, _ := unpackClass(in.B, in.C)
			vm.push(load(buf, vm.pbase+int(in.A), sc, size))
		case OpStoreG:
			sc, size, bits := unpackClass(in.B, in.C)
			store(buf, int(in.A), sc, size, bits, vm.pop())
		case OpStoreL:
			sc, size, bits := unpackClass(in.B, in.C)
			store(buf, vm.pbase+int(in.A), sc, size, bits, vm.pop())
		case OpAddrG:
			vm.push(int64(in.A))
		case OpAddrL:
			vm.push(int64(vm.pbase + int(in.A)))
		case OpIndex:
			i := vm.pop()
			if i < 0 || i >= int64(in.B) {
				vm.fail("index out of range: %d not in 0..%d", i, in.B-1)
				return pc, false
			}
			vm.stack[len(vm.stack)-1] += i * int64(in.A)
		case OpField:
			vm.stack[len(vm.stack)-1] += int64(in.A)
		case OpLoadA:
			sc, size, _ := unpackClass(in.B, in.C)
			addr := vm.pop()
			vm.push(load(buf, int(addr), sc, size))
		case OpStoreA:
			v := vm.pop()
			addr := vm.pop()
			sc, size, bits := unpackClass(in.B, in.C)
			store(buf, int(addr), sc, size, bits, v)
		case OpAddrRemote:
			pid := vm.pop()
			if pid < 0 || pid >= int64(len(vm.s.Procs)) || int(buf[vm.s.Procs[pid]+slotType]) != int(in.B) {
				vm.fail("remote reference to a process that does not exist or has another proctype (pid %d)", pid)
				return pc, false
			}
			vm.push(int64(int(vm.s.Procs[pid]) + vm.M.SlotHeader() + int(in.A)))
		case OpPop:
			vm.pop()

		// The most frequent operators, on the stack in place (binary does
		// the others).
		case OpAdd:
			n := len(vm.stack) - 1
			vm.stack[n-1] += vm.stack[n]
			vm.stack = vm.stack[:n]
		case OpSub:
			n := len(vm.stack) - 1
			vm.stack[n-1] -= vm.stack[n]
			vm.stack = vm.stack[:n]
		case OpEq:
			n := len(vm.stack) - 1
			vm.stack[n-1] = b2i(vm.stack[n-1] == vm.stack[n])
			vm.stack = vm.stack[:n]
		case OpNe:
			n := len(vm.stack) - 1
			vm.stack[n-1] = b2i(vm.stack[n-1] != vm.stack[n])
			vm.stack = vm.stack[:n]
		case OpLt:
			n := len(vm.stack) - 1
			vm.stack[n-1] = b2i(vm.stack[n-1] < vm.stack[n])
			vm.stack = vm.stack[:n]
		case OpGt:
			n := len(vm.stack) - 1
			vm.stack[n-1] = b2i(vm.stack[n-1] > vm.stack[n])
			vm.stack = vm.stack[:n]
		case OpLe:
			n := len(vm.stack) - 1
			vm.stack[n-1] = b2i(vm.stack[n-1] <= vm.stack[n])
			vm.stack = vm.stack[:n]
		case OpGe:
			n := len(vm.stack) - 1
			vm.stack[n-1] = b2i(vm.stack[n-1] >= vm.stack[n])
			vm.stack = vm.stack[:n]
		case OpMul, OpDiv, OpMod, OpBitAnd, OpBitOr, OpBitXor, OpShl, OpShr:
			y := vm.pop()
			x := vm.pop()
			v, ok := binary(in.Op, x, y)
			if !ok {
				vm.fail("division by zero")
				return pc, false
			}
			vm.push(v)
		case OpNot:
			vm.stack[len(vm.stack)-1] = b2i(vm.stack[len(vm.stack)-1] == 0)
		case OpNeg:
			vm.stack[len(vm.stack)-1] = -vm.stack[len(vm.stack)-1]
		case OpCompl:
			vm.stack[len(vm.stack)-1] = ^vm.stack[len(vm.stack)-1]

		case OpJmp:
			if int(in.A) < pc {
				// back round a d_step's loop: its other jumps, and
				// every other transition's, go forward
				if loops++; loops > vm.M.DstepLoops {
					vm.endlessDstep(pc - 1)
					return pc, false
				}
			}
			pc = int(in.A)
		case OpJz:
			if vm.pop() == 0 {
				pc = int(in.A)
			}
		case OpJnz:
			if vm.pop() != 0 {
				pc = int(in.A)
			}
		case OpJzFail:
			if vm.pop() == 0 {
				if !guard {
					vm.fail("block in d_step seq")
				}
				return pc, false
			}
		case OpFail:
			if !guard {
				vm.fail("block in d_step seq")
			}
			return pc, false
		case OpGuardOK:
			if guard {
				return pc, true
			}
		case OpStmt:
			if vm.Trace != nil {
				vm.Trace(code.Marks[in.A].Stmt)
			}
		case OpCond:
			if vm.Cond != nil {
				vm.Cond(int(in.A), vm.stack[len(vm.stack)-1] != 0)
			}
		case OpBlock:
			vm.fail("block in d_step seq")
			return pc, false

		case OpPid:
			vm.push(int64(vm.pid))
		case OpNrPr:
			vm.push(int64(vm.M.NrPr(vm.s)))
		case OpLast:
			vm.push(int64(buf[vm.M.HiddenSize+hdrLast]))
		case OpPriority:
			vm.push(int64(vm.M.Priority(vm.s, vm.pid)))
		case OpGetPrio:
			pid := vm.pop()
			if pid < 0 || pid >= int64(len(vm.s.Procs)) {
				vm.push(0)
			} else {
				vm.push(int64(vm.M.Priority(vm.s, int(pid))))
			}
		case OpSetPrio:
			prio := vm.pop()
			pid := vm.pop()
			if vm.M.HasPriority && pid >= 0 && pid < int64(len(vm.s.Procs)) {
				buf[int(vm.s.Procs[pid])+vm.M.prioOff()] = byte(prio)
				if vm.SetPriority != nil && in.B == 1 {
					vm.SetPriority(int(pid), int(prio))
				}
			}
		case OpTimeout:
			vm.push(b2i(vm.Timeout))
		case OpNp:
			vm.push(b2i(vm.NonProgress))
		case OpPcValue:
			pid := vm.pop()
			if pid < 0 || pid >= int64(len(vm.s.Procs)) {
				vm.push(0)
			} else {
				// pan's state number, not gmc's pc index
				p := int(pid)
				vm.push(int64(vm.M.ProcType(vm.s, p).PCs[vm.M.PC(vm.s, p)].Seqno))
			}
		case OpRemoteLabel:
			pid := vm.pop()
			if pid < 0 || pid >= int64(len(vm.s.Procs)) || int(buf[vm.s.Procs[pid]+slotType]) != int(in.B) {
				vm.push(0)
			} else {
				vm.push(b2i(vm.M.PC(vm.s, int(pid)) == int(in.A)))
			}
		case OpEnabled:
			pid := vm.pop()
			on := vm.enabled(int(pid))
			if vm.fatal {
				return pc, false
			}
			vm.push(b2i(on))
		case OpRun:
			n := int(in.B)
			args := make([]int64, n)
			for i := n - 1; i >= 0; i-- {
				args[i] = vm.pop()
			}
			// A run without a priority of its own gives the process
			// priority 1, not its proctype's (spin's addproc(II, 1, ..);
			// the proctype's is its active processes').
			pid, err := vm.M.spawn(vm.s, vm.M.Types[in.A], args, max(int(in.C), 1))
			if err != "" {
				vm.fail("%s", err)
				return pc, false
			}
			if vm.XS != nil {
				for _, msg := range vm.XS.Register(vm.M, vm.s, pid) {
					vm.countError(msg)
				}
			}
			vm.push(int64(pid))
			return vm.run(code, pc, guard) // on the buffer, which grew
		case OpEndGuard:
			// A process is removed only when it is the last one; so is
			// the claim, which is before all (pan's delproc).
			if vm.pid != len(vm.s.Procs)-1 {
				return pc, false
			}
		case OpEnd:
			if vm.pid == ClaimPid {
				vm.M.setClaimPC(vm.s, -1)
				break
			}
			vm.M.remove(vm.s, vm.pid)
			return vm.run(code, pc, guard) // on the buffer, which shrank
		case OpFalse:
			vm.push(0)

		case OpChanLen, OpChanEmpty, OpChanNEmpty, OpChanFull, OpChanNFull:
			ch := vm.pop()
			if vm.XS != nil {
				vm.xsChanTest(in.Op, ch)
			}
			if ch == 0 {
				// pan's q_len or q_full of an uninitialised channel (uninit.go)
				if vm.Simulator {
					vm.push(simLen(in.Op))
					break
				}
				var v int64
				switch in.Op {
				case OpChanFull, OpChanNFull:
					full, ok := vm.phantomFull()
					if !ok {
						return pc, false
					}
					v = b2i(full == (in.Op == OpChanFull))
				default:
					vm.uninit("len")
					n := vm.phantomLen()
					v = map[Op]int64{OpChanLen: int64(n), OpChanEmpty: b2i(n == 0), OpChanNEmpty: b2i(n > 0)}[in.Op]
				}
				vm.push(v)
				break
			}
			off, ct := vm.channel(ch)
			if ct == nil {
				return pc, false
			}
			n := chanLen(buf, off, ct)
			var v int64
			switch in.Op {
			case OpChanLen:
				v = int64(n)
				if vm.XS != nil {
					// pan, reducing, in a model with xs or xr: len(c)
					// is its checks && q_len(c), a C truth value
					v = b2i(n > 0)
				}
			case OpChanEmpty:
				v = b2i(n == 0)
			case OpChanNEmpty:
				v = b2i(n > 0)
			case OpChanFull:
				v = b2i(ct.full(n, vm.Simulator))
			case OpChanNFull:
				v = b2i(!ct.full(n, vm.Simulator))
			}
			vm.push(v)
		case OpSendGuard:
			if vm.XS != nil {
				vm.xsAccess(vm.stack[len(vm.stack)-1], xuSend)
			}
			if !vm.canSend(vm.stack[len(vm.stack)-1]) {
				return pc, false
			}
		case OpSendOK:
			if vm.XS != nil {
				ch := vm.stack[len(vm.stack)-1]
				vm.xsAccess(ch, xuSend)
				if in.A == 1 && vm.XS.Claimed(ch, xuRecv) {
					// pan's sorted send on a channel declared xr, each
					// time it is tried
					vm.countError("sorted send on xr channel violates po reduction")
				}
			}
			vm.push(b2i(vm.canSend(vm.pop())))
		case OpSend:
			vm.send(int(in.B), in.A == 1)
		case OpRecvOpen:
			final := &ins[in.B]
			switch _, res := vm.recvOpen(final, code.Patterns[in.A], vm.stack[len(vm.stack)-1], guard); res {
			case recvBlock:
				return pc, false
			case recvNo:
				if !vm.recvFalse(final, 0) {
					return pc, false
				}
				pc = int(in.B) + 1
			}
			// (recvYes, a lazy receive's effect on channel 0, goes on to
			// its values: its guard, which had them, stopped the search)
		case OpRecvCmp:
			n, ok := 0, true // n: the values left above the channel
			if in.C == 0 {
				v := vm.pop()
				ok = vm.fieldIs(vm.stack[len(vm.stack)-1], 0, int(in.A), v)
			} else {
				// a value of ??, which stays for OpRecvMatch: pan
				// compares them all there; SPIN's simulator message
				// by message, field by field, so that it evaluates a
				// value only when some message matched the ones before
				p := code.Patterns[ins[in.B].A]
				n = matchedUpTo(p, int(in.A))
				vals := vm.stack[len(vm.stack)-n:]
				if vm.Simulator {
					_, res := vm.match(vm.stack[len(vm.stack)-n-1], p, vals)
					ok = res == recvYes
				}
			}
			if !ok {
				if !vm.recvFalse(&ins[in.B], n) {
					return pc, false
				}
				pc = int(in.B) + 1
			}
		case OpRecvMatch, OpPollMatch:
			n := int(in.B)
			vals := vm.stack[len(vm.stack)-n:]
			ch := vm.stack[len(vm.stack)-n-1]
			p := code.Patterns[in.A]
			msg, res := 0, recvGo
			if !p.Lazy {
				msg, res = vm.recvOpen(in, p, ch, guard)
			}
			switch {
			case res != recvGo:
			case p.Lazy && !p.Random:
				res = recvYes // OpRecvCmp compared the first message
			default:
				msg, res = vm.match(ch, p, vals)
			}
			vm.stack = vm.stack[:len(vm.stack)-n-1]
			if res == recvBlock || vm.fatal {
				return pc, false
			}
			if in.Op == OpPollMatch {
				vm.push(b2i(res == recvYes))
				break
			}
			if res != recvYes {
				return pc, false
			}
			vm.recvCh, vm.recvMsg, vm.recvN = int(ch), msg, len(p.Match)
		case OpRecvField:
			if vm.recvMsg < 0 {
				vm.push(vm.Input.read(!vm.peekInput))
				break
			}
			if vm.recvCh == 0 {
				vm.phantomRecv()
				return pc, false
			}
			off, ct := vm.channel(int64(vm.recvCh))
			if ct == nil {
				return pc, false
			}
			if int(in.A) >= len(ct.Leaves) {
				// a channel passed as a parameter, of fewer fields than
				// the receive names: pan's qrecv reads 0 from a channel
				// of one field (and counts the error below), and stops
				// the search on one of more
				if len(ct.Leaves) == 1 {
					vm.push(0)
					break
				}
				vm.fail("too many fields in recv")
				vm.locate(pc - 1)
				return pc, false
			}
			l := ct.Leaves[in.A]
			vm.push(load(buf, slotOff(off, ct, vm.recvMsg)+l.Off, l.Scalar, l.Size))
		case OpRecvRemove:
			if vm.recvMsg >= 0 && vm.recvCh == 0 {
				vm.phantomRecv()
				return pc, false
			}
			if vm.recvMsg >= 0 {
				if vm.M.Trace != nil {
					vm.event(false, vm.recvCh)
					if vm.fatal {
						return pc, false
					}
				}
				if vm.Chan != nil {
					vm.Chan(false, vm.recvCh, vm.recvMsg)
				}
				vm.removeMsg(vm.recvCh, vm.recvMsg)
				if _, ct := vm.channel(int64(vm.recvCh)); ct != nil && vm.recvN != len(ct.Leaves) {
					vm.countError("missing pars in receive") // (pan's qrecv, having received)
				}
			}

		case OpAssert:
			if vm.pop() == 0 {
				vm.Errors = append(vm.Errors, &RuntimeError{Msg: "assertion violated", Assert: true, Trans: vm.t, Pid: vm.pid})
				vm.locate(pc - 1)
				if a, ok := vm.Errors[len(vm.Errors)-1].Stmt.(*lang.Assert); ok {
					vm.Errors[len(vm.Errors)-1].Msg = "assertion violated (" + lang.FormatExpr(a.X) + ")"
				}
			}
		case OpPrintf:
			n := int(in.B)
			if vm.Print != nil {
				args := append([]int64(nil), vm.stack[len(vm.stack)-n:]...)
				vm.Print(Sprintf(vm.M, code.Formats[in.A], args))
			}
			vm.stack = vm.stack[:len(vm.stack)-n]
		case OpPrintm:
			v := vm.pop()
			if vm.Print != nil {
				vm.Print(vm.M.MtypeName(v), nil)
			}

		// Fused sequences (fast.go): pc is at the instruction after the
		// first one of the sequence.
		case opCmpK:
			n := len(vm.stack) - 1
			vm.stack[n] = b2i(compare(Op(in.B), vm.stack[n], int64(in.A)))
			pc++
		case opCmpKFail:
			n := len(vm.stack) - 1
			v := vm.stack[n]
			vm.stack = vm.stack[:n]
			pc += 2
			if !compare(Op(in.B), v, int64(in.A)) {
				if !guard {
					vm.fail("block in d_step seq")
				}
				return pc, false
			}
			if in.C == 1 {
				pc++
				if guard {
					return pc, true
				}
			}
		case opCmpFail:
			n := len(vm.stack) - 2
			c := compare(Op(in.A), vm.stack[n], vm.stack[n+1])
			vm.stack = vm.stack[:n]
			pc++
			if !c {
				if !guard {
					vm.fail("block in d_step seq")
				}
				return pc, false
			}
			if in.B == 1 {
				pc++
				if guard {
					return pc, true
				}
			}
		case opCmpJz:
			n := len(vm.stack) - 2
			c := compare(Op(in.A), vm.stack[n], vm.stack[n+1])
			vm.stack = vm.stack[:n]
			if c {
				pc++
			} else {
				pc = int(ins[pc].A)
			}
		case opCmpJnz:
			n := len(vm.stack) - 2
			c := compare(Op(in.A), vm.stack[n], vm.stack[n+1])
			vm.stack = vm.stack[:n]
			if c {
				pc = int(ins[pc].A)
			} else {
				pc++
			}
		case opFailOK:
			pc++
			if vm.pop() == 0 {
				pc-- // where the jzfail stopped
				if !guard {
					vm.fail("block in d_step seq")
				}
				return pc, false
			}
			if guard {
				return pc, true
			}
		case opAddrLIndex:
			l, x := &ins[pc], &ins[pc+1]
			pc += 2
			sc, size, _ := unpackClass(l.B, l.C)
			i := load(buf, vm.pbase+int(l.A), sc, size)
			if i < 0 || i >= int64(x.B) {
				vm.fail("index out of range: %d not in 0..%d", i, x.B-1)
				return pc, false
			}
			vm.push(int64(in.A) + i*int64(x.A))
		case opAddrPidIndex:
			x := &ins[pc+1]
			pc += 2
			i := int64(vm.pid)
			if i >= int64(x.B) {
				vm.fail("index out of range: %d not in 0..%d", i, x.B-1)
				return pc, false
			}
			vm.push(int64(in.A) + i*int64(x.A))
		case opIndexLoad:
			i := vm.pop()
			if i < 0 || i >= int64(in.B) {
				vm.fail("index out of range: %d not in 0..%d", i, in.B-1)
				return pc, false
			}
			l := &ins[pc]
			pc++
			n := len(vm.stack) - 1
			sc, size, _ := unpackClass(l.B, l.C)
			vm.stack[n] = load(buf, int(vm.stack[n]+i*int64(in.A)), sc, size)

		case opAddK, opSubK, opMulK, opModK, opDivK:
			// (the instruction after it is the operator; K is not 0
			// where it divides)
			n := len(vm.stack) - 1
			vm.stack[n], _ = binary(ins[pc].Op, vm.stack[n], int64(in.A))
			pc++

		default:
			panic(fmt.Sprintf("vm: bad opcode %v", in.Op))
		}
	}
	return pc, !vm.fatal
}

// Scalar classes travel in instruction operands as (class, size or bits).
func packClass(t *Type) (int32, int32) {
	if t.Scalar == ScalarUnsigned {
		return int32(t.Scalar), int32(t.Bits)
	}
	return int32(t.Scalar), int32(t.Size)
}

func unpackClass(b, c int32) (Scalar, int, int) {
	sc := Scalar(b)
	if sc == ScalarUnsigned {
		return sc, (int(c) + 7) / 8, int(c)
	}
	return sc, int(c), 0
}

// binary applies a binary operator with C's semantics.
func binary(op Op, x, y int64) (int64, bool) {
	switch op {
	case OpAdd:
		return x + y, true
	case OpSub:
		return x - y, true
	case OpMul:
		return x * y, true
	case OpDiv:
		if y == 0 {
			return 0, false
		}
		return x / y, true
	case OpMod:
		if y == 0 {
			return 0, false
		}
		return x % y, true
	case OpBitAnd:
		return x & y, true
	case OpBitOr:
		return x | y, true
	case OpBitXor:
		return x ^ y, true
	case OpShl:
		return x << uint64(y&63), true
	case OpShr:
		return x >> uint64(y&63), true
	case OpEq:
		return b2i(x == y), true
	case OpNe:
		return b2i(x != y), true
	case OpLt:
		return b2i(x < y), true
	case OpGt:
		return b2i(x > y), true
	case OpLe:
		return b2i(x <= y), true
	case OpGe:
		return b2i(x >= y), true
	}
	return 0, false
}

// channel returns the offset and type of channel id ch, or reports the
// fatal error of using a channel that does not exist.
// pollRendezvous counts pan's errors for a poll of a rendezvous channel,
// in a model that has rendezvous channels (docs/references.md#spin-rv-poll),
// and reports whether the statement then fails: a test c?[..] (test)
// counts "error to poll rendezvous channel" and goes on (it is false: a
// rendezvous channel holds no message); a receive that leaves the
// message, c?<..>, counts "polling rv chan" and fails, also when a send
// offers it a handshake. In a model without buffered channels pan counts
// the latter before it looks at the channel: on an uninitialised one
// too, which then goes on to its own errors.
func (vm *Machine) pollRendezvous(ch int64, test bool) (fail bool) {
	rv := vm.M.rendezvous(vm.s, ch)
	switch {
	case test:
		if rv {
			vm.countError("error to poll rendezvous channel")
		}
		return false
	case rv || !vm.M.hasBuffered:
		vm.countError("polling rv chan")
	}
	return rv
}

func (vm *Machine) channel(ch int64) (int32, *ChanType) {
	if ch < 1 || ch > int64(len(vm.s.Chans)) {
		if ch == 0 {
			vm.fail("channel operation on an uninitialised channel")
		} else {
			vm.fail("bad queue: channel %d does not exist (its process ended?)", ch)
		}
		return 0, nil
	}
	off := vm.s.Chans[ch-1]
	return off, vm.M.Chans[vm.s.Buf[off]]
}

// canSend reports whether a message can be sent on channel ch: a buffered
// channel must not be full; a rendezvous needs no other one in progress.
func (vm *Machine) canSend(ch int64) bool {
	if ch == 0 {
		if vm.Simulator {
			vm.simUninit(true)
			return false
		}
		full, ok := vm.phantomFull() // pan's guard: q_full (uninit.go)
		return ok && !full
	}
	off, ct := vm.channel(ch)
	if ct == nil {
		return false
	}
	if ct.Cap == 0 {
		return vm.Pending == 0 && chanLen(vm.s.Buf, off, ct) == 0
	}
	return chanLen(vm.s.Buf, off, ct) < ct.Cap
}

// send pops n message values and the channel id and appends the message.
func (vm *Machine) send(n int, sorted bool) {
	vals := vm.stack[len(vm.stack)-n:]
	ch := vm.stack[len(vm.stack)-n-1]
	vm.stack = vm.stack[:len(vm.stack)-n-1]
	if ch == 0 && !vm.Simulator {
		vm.uninit("sending") // then pan's qsend fails for good (uninit.go)
		vm.fail("qsend bad queue#")
		return
	}
	off, ct := vm.channel(ch)
	if ct == nil {
		return
	}
	buf := vm.s.Buf
	k := chanLen(buf, off, ct)
	at := k
	if sorted {
		for i := 0; i < k; i++ {
			if vm.compareMsg(off, ct, i, vals) > 0 {
				at = i
				break
			}
		}
		// shift the later messages up by one slot
		for i := k; i > at; i-- {
			copy(buf[slotOff(off, ct, i):slotOff(off, ct, i+1)], buf[slotOff(off, ct, i-1):slotOff(off, ct, i)])
		}
	}
	base := slotOff(off, ct, at)
	switch {
	case n > len(ct.Leaves):
		// a channel passed as a parameter, of another arity than the
		// send's: pan's qsend counts it and sends what fits
		vm.countError("too many parameters in send stmnt")
	case n < len(ct.Leaves):
		vm.countError("too few parameters in send stmnt")
	}
	for i, l := range ct.Leaves {
		var v int64
		if i < len(vals) {
			v = vals[i]
		}
		store(buf, base+l.Off, l.Scalar, l.Size, l.Bits, v)
	}
	setChanLen(buf, off, ct, k+1)
	if ct.Cap == 0 {
		vm.Rendezvous = int(ch)
	}
	if vm.Chan != nil {
		vm.Chan(true, int(ch), at)
	}
	if vm.M.Trace != nil {
		vm.event(true, int(ch))
	}
}

// compareMsg compares message i of a channel with the values vals, field by
// field: it returns a positive number if the message sorts after them.
func (vm *Machine) compareMsg(off int32, ct *ChanType, i int, vals []int64) int {
	base := slotOff(off, ct, i)
	for j, l := range ct.Leaves {
		m := load(vm.s.Buf, base+l.Off, l.Scalar, l.Size)
		v := truncate(l.Scalar, l.Bits, vals[j])
		if m != v {
			if m > v {
				return 1
			}
			return -1
		}
	}
	return 0
}

// recvResult is what a receive's or a poll's checks decided.
type recvResult uint8

const (
	recvGo    recvResult = iota // the channel has messages to compare: match
	recvYes                     // executable (true), without comparing
	recvNo                      // not executable (false)
	recvBlock                   // not executable, even as a poll's test (a poll of a rendezvous)
)

// recvOpen makes the checks of a receive or a poll on channel ch before
// its values, in pan's order (docs/references.md#spin-recv-order): the
// xs and xr checks, the poll of a rendezvous channel, the rendezvous
// offer pending and the channel's length. in is the receive's
// OpRecvMatch or OpPollMatch, which says which of these it makes; msg
// is the message a decided receive takes.
func (vm *Machine) recvOpen(in *Instr, p *RecvPattern, ch int64, guard bool) (msg int, res recvResult) {
	poll := in.Op == OpPollMatch && in.C == 0 // a test c?[..], not a receive's
	if vm.XS != nil {
		switch {
		case poll:
			vm.xsAccess(ch, xuRecv|xuSend)
		case vm.xsTested:
			// the effect of a receive whose test made the checks
			vm.xsTested = false
		default:
			// a receive: its test (OpPollMatch), or its effect
			// where it has none
			vm.xsAccess(ch, xuRecv)
			if (p.Random || p.Copy) && vm.M.hasRandomRecv && vm.XS.Claimed(ch, xuRecv) {
				// pan's receive code, in a model with a random
				// receive anywhere, on a channel declared xr:
				// each time it is tried, executable or not
				vm.countError("rand receive on xr channel violates po reduction")
			}
			vm.xsTested = in.Op == OpPollMatch
		}
	}
	if vm.M.hasRendezvous && !vm.Simulator && (poll || p.Copy) && vm.pollRendezvous(ch, poll) {
		return 0, recvBlock
	}
	if vm.M.hasRendezvous && vm.Simulator && (poll || p.Copy) && vm.M.rendezvous(vm.s, ch) {
		// SPIN's simulator completes a rendezvous by a receive only
		// (eval_sync: "no rv with a poll"), and a poll finds the channel
		// empty, as it always is outside a handshake
		return 0, recvNo
	}
	switch {
	case p.Stdin && ch == 0 && vm.Input != nil:
		return -1, yesIf(vm.Pending == 0) // always executable, as in SPIN
	case ch == 0 && !guard && in.Op == OpRecvMatch:
		return 0, recvYes // the guard read (and counted) it: pan reads it once
	case ch == 0:
		if vm.Simulator {
			vm.simUninit(false)
			return 0, recvNo
		}
		return 0, yesIf(vm.phantomMatch(p))
	}
	off, ct := vm.channel(ch)
	if ct == nil || vm.Pending != 0 && int(ch) != vm.Pending {
		return 0, recvNo
	}
	if chanLen(vm.s.Buf, off, ct) == 0 && !(poll && p.Random && !vm.Simulator) {
		// pan tests the length before the values, but a poll c??[..]
		// evaluates them all first, as the arguments of its Q_has;
		// SPIN's simulator tests it first for every receive and poll
		return 0, recvNo
	}
	return 0, recvGo
}

// recvFalse ends a lazy receive or poll (end: its OpRecvMatch or
// OpPollMatch) that its checks or a value failed, with n values above its
// channel on the stack: a receive is not executable (false); a poll is
// false, 0 in place of its channel and values, and goes on after end
// (true).
func (vm *Machine) recvFalse(end *Instr, n int) bool {
	if end.Op == OpRecvMatch || vm.fatal {
		return false
	}
	vm.stack = vm.stack[:len(vm.stack)-n]
	vm.stack[len(vm.stack)-1] = 0
	return true
}

// yesIf is recvYes if ok, recvNo if not.
func yesIf(ok bool) recvResult {
	if ok {
		return recvYes
	}
	return recvNo
}

// match finds the message of channel ch, which recvOpen let through, that
// a receive with pattern p and match values vals takes: the first one for
// ?, the first matching one for ??.
func (vm *Machine) match(ch int64, p *RecvPattern, vals []int64) (int, recvResult) {
	off, ct := vm.channel(ch)
	n := chanLen(vm.s.Buf, off, ct)
	for i := 0; i < n; i++ {
		if vm.matches(off, ct, i, p, vals) {
			return i, recvYes
		}
		if !p.Random {
			break
		}
	}
	return 0, recvNo
}

// matches reports whether message i of the channel at off matches the
// values vals of pattern p; fewer values than the pattern has are its
// first ones (SPIN's simulator, OpRecvCmp).
func (vm *Machine) matches(off int32, ct *ChanType, i int, p *RecvPattern, vals []int64) bool {
	k := 0
	for j := range ct.Leaves {
		if k == len(vals) {
			break
		}
		if j >= len(p.Match) || !p.Match[j] {
			continue
		}
		if !leafIs(vm.s.Buf, off, ct, i, j, vals[k]) {
			return false
		}
		k++
	}
	return true
}

// matchedUpTo is the number of the leaves up to leaf j (included) that
// pattern p matches: the values of a lazy ?? evaluated when leaf j's is.
func matchedUpTo(p *RecvPattern, j int) int {
	n := 0
	for _, m := range p.Match[:j+1] {
		if m {
			n++
		}
	}
	return n
}

// fieldIs reports whether leaf j of message i of channel ch is v, as a
// receive matches it; a leaf the channel does not have matches (the
// receive names more fields than it has).
func (vm *Machine) fieldIs(ch int64, i, j int, v int64) bool {
	off, ct := vm.channel(ch)
	if ct == nil {
		return false
	}
	return j >= len(ct.Leaves) || leafIs(vm.s.Buf, off, ct, i, j, v)
}

// leafIs reports whether leaf j of message i of the channel at off in buf
// is v, truncated to the leaf's type.
func leafIs(buf []byte, off int32, ct *ChanType, i, j int, v int64) bool {
	l := ct.Leaves[j]
	return load(buf, slotOff(off, ct, i)+l.Off, l.Scalar, l.Size) == truncate(l.Scalar, l.Bits, v)
}

// removeMsg removes message i of channel ch, moving the later ones down and
// zeroing the freed slot.
func (vm *Machine) removeMsg(ch, i int) {
	off, ct := vm.channel(int64(ch))
	if ct == nil {
		return
	}
	buf := vm.s.Buf
	n := chanLen(buf, off, ct)
	copy(buf[slotOff(off, ct, i):slotOff(off, ct, n-1)], buf[slotOff(off, ct, i+1):slotOff(off, ct, n)])
	clear(buf[slotOff(off, ct, n-1):slotOff(off, ct, n)])
	setChanLen(buf, off, ct, n-1)
}

// enabled reports whether process pid has an executable transition (for
// enabled(pid)). A process may not ask it of itself: pan's fatal error
// "used: enabled(pid=thisproc)". Nor may it come back to itself through
// the enabled() of the guards it tests, which pan follows until its
// stack overflows: a chain of more askers than processes has repeated
// one, and is the same error. A fatal error in the guards tested is the
// asker's (pan's test of a guard raises its errors).
func (vm *Machine) enabled(pid int) bool {
	if pid == vm.pid {
		vm.fail("used: enabled(pid=thisproc)")
		return false
	}
	if pid < 0 || pid >= len(vm.s.Procs) {
		return false
	}
	if vm.sub == nil {
		vm.sub = &Machine{M: vm.M, asking: vm.asking + 1}
	}
	sub := vm.sub
	if sub.asking > len(vm.s.Procs) {
		vm.fail("used: enabled(pid=thisproc), through the enabled() of other processes' guards")
		return false
	}
	sub.Timeout, sub.Pending = vm.Timeout, vm.Pending
	on := sub.Enabled(vm.s, pid)
	if sub.fatal {
		vm.Errors = append(vm.Errors, sub.Errors...)
		vm.fatal = true
	}
	return on
}

// Enabled reports whether process pid has an executable transition in s: a
// test of each transition's guard, as pan's enabled() does (an else counts
// as executable). It stops at a fatal error (Errors), with false.
func (vm *Machine) Enabled(s *State, pid int) bool {
	pt := vm.M.ProcType(s, pid)
	vm.fatal = false // (a guard its closures find false leaves the flag as it was)
	for _, t := range pt.PCs[vm.M.PC(s, pid)].Trans {
		if t.Else || vm.Guard(s, pid, t) {
			return true
		}
		if vm.fatal {
			return false
		}
	}
	return false
}

// Provided reports whether process pid may move in s: its provided clause,
// if it has one, holds.
func (vm *Machine) Provided(s *State, pid int) bool {
	pt := vm.M.ProcType(s, pid)
	return pt.Provided == nil || vm.Guard(s, pid, pt.Provided)
}

// HighestPriority reports whether process pid may move in s as far as
// priorities go: no other process with a strictly higher priority has an
// executable transition (pan's highest_priority,
// docs/references.md#spin-priorities).
func (vm *Machine) HighestPriority(s *State, pid int) bool {
	if !vm.Provided(s, pid) {
		return false
	}
	if !vm.M.HasPriority {
		return true
	}
	prio := vm.M.Priority(s, pid)
	for i := 0; i < len(s.Procs); i++ {
		if i != pid && vm.M.Priority(s, i) > prio && vm.Provided(s, i) && vm.Enabled(s, i) {
			return false
		}
	}
	return true
}
