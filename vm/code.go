package vm

import (
	"fmt"
	"strings"

	"gmc/lang"
)

// Op is a bytecode operation. The VM is a stack machine over int64 values;
// addresses are byte offsets into a state's buffer.
type Op uint8

// The operations. A, B and C are the instruction's operands.
const (
	OpNop Op = iota

	// Values.
	OpConst      // push A
	OpLoadG      // push the global scalar at offset A (scalar class B, size/bits C)
	OpLoadL      // push the local scalar at offset A of the running process
	OpStoreG     // pop v; store v into the global at offset A
	OpStoreL     // pop v; store v into the local at offset A
	OpAddrG      // push the address of global offset A
	OpAddrL      // push the address of local offset A
	OpIndex      // pop i, addr: check 0 <= i < B, push addr + i*A
	OpField      // addr += A
	OpLoadA      // pop addr; push the scalar there (class B, size/bits C)
	OpStoreA     // pop v, addr; store v there
	OpAddrRemote // pop pid: push the address of local offset A in process pid, which must be of proctype B
	OpPop        // drop the top value

	// Arithmetic and logic.
	OpAdd
	OpSub
	OpMul
	OpDiv // division by zero is an error
	OpMod
	OpBitAnd
	OpBitOr
	OpBitXor
	OpShl
	OpShr
	OpEq
	OpNe
	OpLt
	OpGt
	OpLe
	OpGe
	OpNot
	OpNeg
	OpCompl

	// Control.
	OpJmp     // jump to A
	OpJz      // pop; jump to A if zero
	OpJnz     // pop; jump to A if not zero
	OpJzFail  // pop; the transition is not executable if zero
	OpFail    // the transition is not executable
	OpGuardOK // end of the guard: the transition is executable
	OpStmt    // statement Marks[A] starts (only in code compiled with Trace)
	OpBlock   // inside a d_step: a statement blocks (a fatal error)

	// Process and system state.
	OpPid         // push _pid
	OpNrPr        // push _nr_pr
	OpLast        // push _last
	OpPriority    // push the running process's priority
	OpSetPrio     // pop prio, pid: set that process's priority (B=1: by set_priority)
	OpGetPrio     // pop pid: push its priority
	OpTimeout     // push the timeout flag
	OpNp          // push np_ (0: no progress checking in safety runs)
	OpEnabled     // pop pid: push whether that process has an executable transition
	OpPcValue     // pop pid: push its pc (pan's state number)
	OpRemoteLabel // pop pid: push whether process pid (of proctype B) is at pc A
	OpRun         // run proctype A with B arguments (popped) and priority C: push the new pid
	OpEndGuard    // fail unless the running process has the highest pid
	OpEnd         // remove the running process (it has terminated)
	OpSendOK      // pop ch: push whether a message can be sent (A: 1 for a sorted send, xs.go)
	OpFalse       // push 0

	// Channels. The channel id is popped first where noted.
	OpChanLen    // pop ch: push its length
	OpChanEmpty  // pop ch
	OpChanNEmpty // pop ch
	OpChanFull   // pop ch
	OpChanNFull  // pop ch
	OpSendGuard  // peek ch: fail unless a message can be sent (pattern A for sorted)
	OpSend       // pop B message values, then ch: append the message (A=1: sorted)
	OpRecvMatch  // pop B match values, then ch: find the message matching pattern A (recv register); fail if none
	OpPollMatch  // like OpRecvMatch but push 1/0 instead of failing
	OpRecvField  // push field A of the message in the recv register
	OpRecvRemove // remove the message in the recv register from its channel

	// Output and errors.
	OpAssert // pop v: an assertion violation (statement A) if v is zero
	OpPrintf // pop B values: print format A
	OpPrintm // pop v: print the mtype name of v

	// Observation (last, so that adding it left the numbers of the others,
	// and so model fingerprints, as they were).
	OpCond // the top of the stack is the value of condition A (only with Options.Conditions)

	// A receive or poll whose values are evaluated lazily (RecvPattern.Lazy),
	// in pan's order (docs/references.md#spin-recv-order): opened before
	// its values, each compared as soon as evaluated. B is the pc of its
	// OpRecvMatch or OpPollMatch, where a failure goes: a receive fails, a
	// poll pops ch, pushes 0 and goes on after it.
	OpRecvOpen // peek ch: the checks of pattern A before the values (xs, rendezvous, the channel's length)
	OpRecvCmp  // pop v, peek ch: fail unless leaf A of ch's first message is v (C=1, ??: v stays; in the simulator, fail unless some message matches the values so far)

	numOps
)

var opNames = [...]string{
	OpNop: "nop", OpConst: "const", OpLoadG: "loadg", OpLoadL: "loadl", OpStoreG: "storeg",
	OpStoreL: "storel", OpAddrG: "addrg", OpAddrL: "addrl", OpIndex: "index", OpField: "field",
	OpLoadA: "loada", OpStoreA: "storea", OpAddrRemote: "addrremote", OpPop: "pop",
	OpAdd: "add", OpSub: "sub", OpMul: "mul", OpDiv: "div", OpMod: "mod", OpBitAnd: "and",
	OpBitOr: "or", OpBitXor: "xor", OpShl: "shl", OpShr: "shr", OpEq: "eq", OpNe: "ne",
	OpLt: "lt", OpGt: "gt", OpLe: "le", OpGe: "ge", OpNot: "not", OpNeg: "neg", OpCompl: "compl",
	OpJmp: "jmp", OpJz: "jz", OpJnz: "jnz", OpJzFail: "jzfail", OpFail: "fail",
	OpGuardOK: "guardok", OpStmt: "stmt", OpCond: "cond", OpBlock: "block",
	OpPid: "pid", OpNrPr: "nrpr", OpLast: "last", OpPriority: "priority", OpSetPrio: "setprio",
	OpGetPrio: "getprio", OpTimeout: "timeout", OpNp: "np", OpEnabled: "enabled",
	OpPcValue: "pcvalue", OpRemoteLabel: "remotelabel", OpRun: "run", OpEndGuard: "endguard", OpEnd: "end",
	OpSendOK: "sendok", OpFalse: "false",
	OpChanLen: "len", OpChanEmpty: "empty", OpChanNEmpty: "nempty", OpChanFull: "full",
	OpChanNFull: "nfull", OpSendGuard: "sendguard", OpSend: "send", OpRecvMatch: "recvmatch",
	OpPollMatch: "pollmatch", OpRecvField: "recvfield", OpRecvRemove: "recvremove",
	OpRecvOpen: "recvopen", OpRecvCmp: "recvcmp",
	OpAssert: "assert", OpPrintf: "printf", OpPrintm: "printm",
}

func (op Op) String() string {
	if int(op) < len(opNames) && opNames[op] != "" {
		return opNames[op]
	}
	return fmt.Sprintf("op%d", op)
}

// Instr is one instruction.
type Instr struct {
	Op      Op
	A, B, C int32
}

// Code is the program of one transition: a guard part, ending with
// OpGuardOK, that reads the state and decides whether the transition is
// executable, then the effect, which changes the state.
type Code struct {
	Instrs []Instr
	// Patterns are the receive patterns used by OpRecvMatch/OpPollMatch.
	Patterns []*RecvPattern
	// Formats are the printf formats used by OpPrintf.
	Formats []string
	// Marks say where each statement's code starts (in increasing PC
	// order), so that a run-time error can name the statement that failed.
	Marks []StmtMark
	// A machine that traces nothing starts the guard at start, after the
	// statement marks (OpStmt) the code begins with; effect, when above
	// 0, says the guard is empty: the effect starts there.
	start, effect int32
	// exec is the code the machine runs: Instrs with frequent sequences
	// fused (fast.go); nil: Instrs.
	exec []Instr
	// guard computes the guard when it is an expression (guardfn.go;
	// nil: the instructions do); the effect starts at afterGuard.
	guard      exprFn
	afterGuard int32
	// recv: the guard is a receive a pass may rule out without it
	// (recvTest; nil: it may not).
	recv *recvTest
	// chans: the code uses a channel, which the xs and xr checks watch
	// (Machine.XS): the instructions make them, where the closures and
	// the fast loop's channel operations do not
	chans bool
}

// findStart sets c.start, c.effect, c.exec and c.guard (see Code), once
// Instrs is final.
func (c *Code) findStart() {
	c.exec = fuse(c.Instrs)
	c.start, c.effect, c.chans = 0, 0, false
	for _, in := range c.Instrs {
		c.chans = c.chans || in.Op >= OpChanLen && in.Op <= OpRecvRemove || in.Op == OpSendOK ||
			in.Op == OpRecvOpen || in.Op == OpRecvCmp
	}
	for pc, in := range c.Instrs {
		if in.Op == OpStmt || in.Op == OpNop {
			continue
		}
		c.start = int32(pc)
		if in.Op == OpGuardOK {
			c.effect = int32(pc + 1)
		}
		break
	}
	if c.effect == 0 {
		c.guard, c.afterGuard = compileGuard(c)
	}
}

// StmtMark says that the code of Stmt starts at instruction PC.
type StmtMark struct {
	PC   int
	Stmt lang.Stmt
}

// StmtAt returns the statement whose code holds instruction pc (nil if
// none was marked).
func (c *Code) StmtAt(pc int) lang.Stmt {
	var s lang.Stmt
	for _, m := range c.Marks {
		if m.PC > pc {
			break
		}
		s = m.Stmt
	}
	return s
}

// RecvPattern says which message fields a receive matches against values
// (constants and eval(...)), whether it takes any matching message (??)
// and whether it removes it.
type RecvPattern struct {
	Match  []bool // per message leaf: compared with a popped value
	Random bool   // ?? takes the first matching message anywhere
	Stdin  bool   // a receive from the global chan STDIN (reads Machine.Input)
	Copy   bool   // a receive that leaves the message (q?<x>): pan's polling receive
	// Lazy: OpRecvOpen made the checks before the values, which were then
	// evaluated in pan's order (for ?, each compared with the first
	// message as it came: OpRecvCmp); OpRecvMatch and OpPollMatch only
	// find the message. Patterns whose values are all constants are not
	// lazy: the order of their evaluation cannot be seen.
	Lazy bool
	// plain: a receive that stores every field of the first message
	// (no value matched, not ??, STDIN or a copy, not lazy): the
	// machine's fast path takes it
	plain bool
}

// String disassembles the code, one instruction per line.
func (c *Code) String() string {
	var b strings.Builder
	for i, in := range c.Instrs {
		fmt.Fprintf(&b, "%4d  %-11s", i, in.Op)
		switch in.Op {
		case OpConst, OpJmp, OpJz, OpJnz, OpField, OpStoreG, OpStoreL, OpAddrG, OpAddrL:
			fmt.Fprintf(&b, " %d", in.A)
		case OpLoadG, OpLoadL, OpLoadA, OpIndex, OpAddrRemote, OpRemoteLabel, OpSend,
			OpRecvMatch, OpPollMatch, OpPrintf, OpRun, OpRecvOpen, OpRecvCmp:
			fmt.Fprintf(&b, " %d %d %d", in.A, in.B, in.C)
		case OpRecvField, OpAssert, OpSendGuard, OpCond:
			fmt.Fprintf(&b, " %d", in.A)
		}
		if in.Op == OpPrintf && int(in.A) < len(c.Formats) {
			fmt.Fprintf(&b, "  %s", c.Formats[in.A])
		}
		b.WriteByte('\n')
	}
	return b.String()
}
