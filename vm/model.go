package vm

import (
	"gmc/lang"
)

// MaxProcs is the number of processes a model can have at once, as in SPIN.
const MaxProcs = 255

// Model is a compiled Promela model: the transition system the checker
// explores. It is immutable once compiled.
type Model struct {
	Spec *lang.Spec
	// Types are the proctypes and init, in declaration order (never claims
	// and trace blocks are not run by safety checks).
	Types []*ProcType
	// Claims are the never claims. Safety searches do not run them; they
	// are compiled for pan's unreached listing (their IDs follow the
	// proctypes'). A claim gmc cannot compile is left out.
	Claims []*ProcType
	// Claim is the never claim composed with the system (Options.Claim,
	// Options.NonProgress; see claim.go), nil when the model runs none.
	Claim *ProcType
	// Trace is the trace or notrace assertion (trace.go), nil when the
	// model has none or Options.NoTraceAssertions leaves it out; its ID
	// follows the claims'. NegatedTrace: it is a notrace assertion.
	Trace        *ProcType
	NegatedTrace bool
	// Units are the proctypes, init, the claims and the trace in
	// declaration order.
	Units []*ProcType
	// Conds are the atomic conditions the code reports (compiled with
	// Options.Conditions; empty without), by ID.
	Conds []*Cond

	// The state buffer is the hidden globals (HiddenSize bytes, not part of
	// the state's identity) followed by the state vector: a header
	// (process count, channel count, _last when used), the globals, and
	// then the channels and processes in the order they were created.
	HiddenSize  int
	Globals     []*Var // all globals, hidden ones included
	GlobalsOff  int    // absolute offset of the first visible global
	GlobalsSize int
	HasLast     bool // the model reads _last, so it is part of the state
	HasPriority bool // processes carry a priority in their slot
	// HasTimeout: a proctype or init reads timeout, so a search makes a
	// timeout pass (pan's ETIM; a claim's timeout does not count).
	HasTimeout bool
	Chans      []*ChanType
	// GlobalChans are created, in this order, when the model starts.
	GlobalChans []ChanInit

	Merge bool // statements were merged (SPIN's default)
	// DstepLoops is Options.DstepLoops, or DefaultDstepLoops.
	DstepLoops int
	// DeadVars says whether dead locals are reset (off with remote
	// variable references, as in SPIN).
	DeadVars bool
	// NoReduce says why SPIN builds this model without partial-order
	// reduction ("" when it reduces): enabled(), pc_value(), _last,
	// priorities, else among channel operations.
	NoReduce string
	// hasUnless: the model has an unless somewhere (the channel
	// conditions of reduction are stricter then).
	hasUnless bool

	claimSlot bool // the header holds the claim's pc
	eventSlot bool // the header holds the trace's pc (trace.go)
	// The trace's end (its pc, or len(Trace.PCs) when its end is no
	// control state), the event each of its transitions matches (by
	// ID), and the code that pushes the channels its sends and its
	// receives name.
	endEvent             int
	events               []traceEvent
	sendScope, recvScope *Code
	hasRendezvous        bool // some channel is declared with capacity 0
	hasBuffered          bool // some channel is declared with a capacity above 0
	hasRandomRecv        bool // some receive or poll is random (??: spin's has_random)
	// keyCut: the bytes Key leaves out at a channel, by its type's ID
	// (its type byte; a rendezvous channel's whole slot), with
	// hasRendezvous. An array: Key indexes it by a byte of the state,
	// with no bounds check.
	keyCut [256]int32
	// keyRuns: Key's runs of the bytes before the first process, in a
	// state with all the global channels (setKeyRuns); keyEnd: where
	// they end.
	keyRuns  []keyRun
	keyEnd   int
	narrowPC bool // every proctype has fewer than 256 pcs: a pc is one byte
	// pcAt, with narrowPC: the PC of proctype t at pc n at t<<8|n, the
	// first two bytes of a process's slot (at reads them at once).
	pcAt         []*PC
	procAccept   bool // a pc of a proctype has an accept label (Accepting)
	procProgress bool // a pc of a proctype has a progress label (AtProgress)
	// restricted: priorities or provided clauses can keep a process from
	// moving (Pass asks HighestPriority only then).
	restricted bool
	slotHeader int // SlotHeader (slotHeaderSize)
}

// Header layout of the state vector (offsets relative to its start).
const (
	hdrNrPr  = 0
	hdrNrQs  = 1
	hdrLast  = 2
	hdrFixed = 2
)

// HeaderSize is the size of the vector's header.
func (m *Model) HeaderSize() int {
	n := hdrFixed
	if m.HasLast {
		n++
	}
	if m.claimSlot {
		n += hdrClaim
	}
	if m.eventSlot {
		n += hdrEvent
	}
	return n
}

// ChanType is the shape of a channel: capacity and message fields. A
// message is stored as its scalar leaves: a structure field is flattened
// into the scalars it holds.
type ChanType struct {
	ID      int
	Cap     int // 0: rendezvous
	Fields  []*Type
	Leaves  []Leaf
	MsgSize int
	LenSize int // 1, or 2 for more than 255 slots
	Size    int // type byte + length + slots (a rendezvous channel has one)
	// fast: every leaf is of a class loadFast and storeFast move (the
	// machine's fast path sends and receives its messages)
	fast bool
}

// Leaf is one scalar of a message: its offset in the message and class.
type Leaf struct {
	Off    int
	Scalar Scalar
	Size   int
	Bits   int
	Mtype  bool // shown by name
}

// slots is the number of message slots in the vector.
func (ct *ChanType) slots() int {
	if ct.Cap == 0 {
		return 1
	}
	return ct.Cap
}

// rendezvous reports whether ch names a rendezvous channel of s (0, an
// uninitialised channel, and a channel gone are none).
func (m *Model) rendezvous(s *State, ch int64) bool {
	return ch >= 1 && ch <= int64(len(s.Chans)) && m.Chans[s.Buf[s.Chans[ch-1]]].Cap == 0
}

// full is pan's q_full of a channel of this type holding n messages: all
// its slots taken. A rendezvous channel's one slot is filled only inside
// a handshake, so between steps it is never full and nfull holds of it.
// SPIN's simulator says the opposite (its length 0 reaches its capacity
// 0): with simulator, full is that (docs/references.md#spin-rv-full).
func (ct *ChanType) full(n int, simulator bool) bool {
	if simulator {
		return n >= ct.Cap
	}
	return n >= ct.slots()
}

// ChanInit creates one channel and stores its id into a chan variable (an
// element of it, for an array of channels).
type ChanInit struct {
	Type *ChanType
	Off  int // offset of the chan variable: absolute for globals, local offset for locals
}

// ProcType is a compiled proctype (or init).
type ProcType struct {
	ID       int
	Name     string
	Proc     *lang.Proctype
	Locals   []*Var // parameters first
	Params   []*Var
	Size     int // slot size: header + locals
	locals   int // size of the locals
	Chans    []ChanInit
	Init     *Code // initialises the locals of a new process (declared values)
	PCs      []*PC
	Trans    []*Trans // every transition, by ID
	Start    int      // the initial pc
	Active   int
	Priority int    // 1 unless declared
	Provided *Trans // provided (e): the process moves only while e holds
	// Elements are SPIN's elements (pan's states), by Seqno-1, for the
	// unreached listing, simulation and replay.
	Elements []Element
	// StmtElem gives the element (Seqno) of each statement, for showing
	// the statements a transition executes.
	StmtElem map[lang.Stmt]int
	// Branches are the if and do statements, for branch coverage.
	Branches []Branch
	// xu are its xs and xr declarations (xs.go).
	xu []xuDecl
}

// Process slot header: proctype id, pc (one byte, or two when some
// proctype has 256 pcs or more), priority (when the model uses them).
const (
	slotType = 0
	slotPC   = 1
)

// pcBytes is the size of a pc in a process slot.
func (m *Model) pcBytes() int {
	if m.narrowPC {
		return 1
	}
	return 2
}

// prioOff is the offset of the priority in a process slot.
func (m *Model) prioOff() int { return slotPC + m.pcBytes() }

// SlotHeader is the size of a process slot's header.
func (m *Model) SlotHeader() int { return m.slotHeader }

// slotHeaderSize is SlotHeader, worked out once the width of a pc is
// known (Compile keeps it: the machine asks for it at every guard).
func (m *Model) slotHeaderSize() int {
	if m.HasPriority {
		return m.prioOff() + 1
	}
	return m.prioOff()
}

// PC is a control location of a proctype.
type PC struct {
	N        int
	Trans    []*Trans // in the order they are tried
	Pos      lang.Pos
	ValidEnd bool // -end-, or an end label: a valid place to stop
	Progress bool
	Accept   bool
	Seqno    int  // the element it is: pan's state number
	Recv     bool // some transition starts with a receive
	// Visible: a remote label reference names the element (pan's
	// visstate).
	Visible bool
	// Safe: partial-order reduction may preselect a process here (every
	// transition is local, pan's atom&8 after its start-up); SafeCycles
	// the same in a search for cycles (-a, -l). Conds are the conditions
	// under which it may (vm/por.go), PORWarning what pan prints when
	// the choice here defeats the reduction.
	Safe, SafeCycles bool
	Conds            []PORCond
	PORWarning       string
}

// AtomFlags are SPIN's atomicity flags of a transition.
type AtomFlags uint8

// The atomicity flags.
const (
	// Atomic: inside an atomic sequence, not its last statement. The
	// state after it is not stored and the process keeps running.
	Atomic AtomFlags = 1 << iota
	// LastAtomic: the last statement of an atomic sequence.
	LastAtomic
	// InDStep: part of a d_step.
	InDStep
)

// Trans is a transition: one statement (or a merged chain of statements,
// or a whole d_step) of a proctype, from one pc to another.
type Trans struct {
	ID     int // index in its proctype's transition list (scripts name it; trails name the element's ID, pan's)
	Dst    int
	Code   *Code
	Atom   AtomFlags
	Else   bool // the else guard: executable only if nothing else of this process moved
	Escape bool // an unless escape
	// EscOrg identifies the escape a transition belongs to (0: none). Once
	// a transition of some group has executed, the transitions of other
	// groups (and normal ones) later in the list are not tried.
	EscOrg int
	Orig   *Trans // the transition this one copies, if it is a copy
	// Path lists the elements a merged chain passes through, between its
	// first statement and its end (pan marks them reached when it runs).
	Path []int32
	// Elem is the element whose transition this is (a copy's original).
	Elem int
	// Hops are the jump elements ('.', goto, break) SPIN's simulator
	// executes as steps of their own after this transition, before the
	// process reaches Dst, unless it passes them without steps (after a
	// step from inside an atomic sequence or a d_step: Element.Atom).
	Hops []int32
	// RecvHops replace Hops when the transition's receive completes a
	// rendezvous (the receiver's side): SPIN's simulator then passes
	// the '.' nodes and one goto after it without steps (silent_moves)
	// and steps from where they lead: a loop's exit ("break") and the
	// jumps after it.
	RecvHops []int32
	// Asserts: the transition's code checks an assertion.
	Asserts bool
	Recv    bool // starts with a receive (can complete a rendezvous)
	End     bool // the -end- transition that removes the process
	DStep   bool
	// Local is SPIN's flag of the transition's statement (L in pan -d
	// built without reduction); Tpe its channel condition codes (pan's
	// tp, vm/por.go).
	Local bool
	Tpe   [2]int
	Stmts []lang.Stmt // the statements it executes (several when merged)
	Text  string
	Pos   lang.Pos
	// sends: the code sends a message, so it may offer a rendezvous (the
	// Runner probes the offers of such transitions only).
	sends bool
}
