package checker

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"

	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

// The product search: the search pan makes when a never claim runs with
// the system, when it looks for acceptance or non-progress cycles, or
// both (docs/references.md#spin-claims, #spin-nested-search). It is pan's
// new_state, with its flags, written as a recursive function: a call
// explores one node and returns when pan goes Up from it. The nested
// search (pan's checkcycles) calls it again on the node it starts from.
//
// A node is a search step, as in pan: a claim move and a system move are
// two nodes, and only the nodes where the claim is about to move (and the
// ones after a stutter) are looked up in the store. The flags below are
// pan's, named; a node keeps them in its slot of nodes, which, as pan's
// trail, is reused by the next node at its depth without being cleared
// (some flags live on from the node that used the slot before).

// Bits of a node's tau (pan's trpt->tau).
const (
	tauTimeout = 1   // the timeout pass: timeout is true
	tauRequest = 2   // a child asked for the timeout pass (claim turn)
	tauClaim   = 4   // the claim's turn (pan: "claim turn")
	tauAtomic  = 8   // inside an atomic sequence or a rendezvous: not stored
	tauTrunc   = 16  // a child was cut by the depth bound (with reduction in a cycle search: or met the stack)
	tauPresel  = 32  // partial-order reduction: one process moves alone
	tauGood    = 64  // ... and a move of it left the stack (-DSAFETY's proviso)
	tauStutter = 128 // the system cannot move: the claim stutters
)

// Bits of a node's opm (pan's trpt->o_pm).
const (
	opmMoved     = 1   // a transition of the process being tried moved
	opmAccept    = 2   // some process is at an accept state
	opmProgress  = 4   // some process is at a progress state
	opmFairStart = 8   // this node started counting (fairness)
	opmFairStop  = 16  // this node stopped counting
	opmFairDec   = 32  // the counter was decremented for a process
	opmFairLive  = 64  // ... the process being tried
	opmFairDummy = 128 // a dummy move of fairness
)

// pnode is one node of the product search (pan's Trail entry).
type pnode struct {
	tau, opm uint8
	ostate   uint64 // its state's tags (store.Payloads.Put's reference)
	oval     uint8  // a dummy move's saved counter
}

// A stored state's tags are what pan keeps in its hash entry in a cycle
// search, kept in the exact store as the state's payload: the (phase,
// counting) combinations it was visited in and which of them have it on
// their stack, the depth it was stored at and, with weak fairness, the
// fairness counters it was visited with (bit c: counter c in phase 1;
// bit 63-c: in phase 2).
// The exact store, collapse and hash compaction keep them (the
// store.Payloads); hash compaction as pan -DHC does, sound but for its
// omissions.
const (
	tagSeen    = 0 // byte
	tagOnStack = 1 // byte
	tagDepth   = 4 // int32, little-endian
	tagSize    = 8
	tagCounts  = 8 // uint64, little-endian, with weak fairness only
	// tagSizeFair is the tags' size with weak fairness.
	tagSizeFair = 16

	// maxFairProcs is the most processes, the claim included, a fair
	// search takes: counters up to maxFairProcs+1 keep the two phases'
	// bits of tagCounts apart, as pan's -DNFAIR=8 does (pan's default
	// -DNFAIR=2 takes 6; with more it stops and asks for a larger NFAIR,
	// which gives the same counts as long as the bits do not meet).
	maxFairProcs = 30

	// tagProviso, in the tagSeen byte: a reduction was refused in the
	// first phase because a move met the stack; the nested search does
	// not reduce at the state (pan's bit 128 of the stored state's first
	// byte).
	tagProviso = 0x80
)

// product is a product search.
type product struct {
	m     *vm.Model
	opts  Options
	vm    *vm.Machine
	store store.Payloads // with the states' tags as payload
	// With bitstate storage (pan -DBITSTATE), bits holds the states with
	// the phase and the fairness counters in the key, and onStack the
	// stacks of both phases, by key, with the depth each was put at
	// (pan's S_Tab: onstack_put, onstack_now, onstack_zap).
	bits    store.Store
	onStack map[string]int32
	res     *Result
	// sampler tells the sample of the states of the first phase (the
	// stored ones, Result.Sample), with the bitstate filter's omissions,
	// of its arrivals
	sampler
	key   []byte
	keyer *vm.Keyer

	claim  bool // a claim runs (pan's VERI)
	cycles bool // acceptance or non-progress cycles (pan's a_cycles)
	fair   bool // weak fairness
	reduce bool // partial-order reduction (docs/references.md#spin-por)
	np     bool // the claim is np_: non-progress cycles
	// The claim has no progress state: a claim move leaves the
	// progress of the state as it was (np_'s, always).
	claimNoProgress bool
	cycleKind       ErrorKind
	cycleMsg        string

	states stateStack
	nodes  stack[pnode] // node at depth d is nodes.at(d+1); at(0) is the sentinel (pointers into it stay valid)
	path   stack[pathStep]
	depth  int

	// The nested search: pan's _a_t (bit 1: phase 2, bit 2: counting),
	// _cnt, A_depth and A_Root.
	aT  uint8
	cnt [2]uint8
	// from is pan's From: the slot its loop over the processes starts
	// at, a variable of new_state that each move's Down, a preselection
	// and a rerun of the loop set, and that coming Up does not restore.
	// Fairness's rerun of the loop (systemMoves) starts there, at the
	// value the last move's subtree left (docs/references.md#spin-fairness).
	from    int
	aDepth  int
	root    []byte
	rootAT  uint8    // with bitstate storage, the root's _a_t and _cnt
	rootCnt [2]uint8 // are compared too
	nstates int64    // first visits, shadows included
	moves   uint32   // the moves tried (boundsEvery)
	shadows int64
	lstate  uint64 // the tags of the state the last lookup found (pan's Lstate)
	jj      bool   // with bitstate storage: the state the last lookup found is on this phase's stack (pan's JJ)
	ldepth  int    // the depth at which that state was stored (Lstate->D)
	found   int    // the depth an error is reported at (pan's depthfound, -1: none)
	start   time.Time
}

// runProduct runs the product search; Run calls it for a model with a
// claim or a cycle search.
func (d *DFS) runProduct() (*Result, error) {
	if d.opts.Recorder != nil || d.opts.Follower != nil || d.opts.Start != nil {
		return nil, errors.New("search scripts and certification do not support never claims or cycle searches yet")
	}
	if d.store.Len() > 0 {
		return nil, errors.New("the product search needs an empty store")
	}
	if d.reach {
		// pan -i with a claim: "-i or -I work for safety properties only"
		return nil, errors.New("-i and -I (and -DREACH) are for the safety search without a never claim, for now")
	}
	var exact store.Payloads
	var bits store.Store
	var filter *store.Bitstate // bits, the filter the sample's hashes come from
	switch st := d.store.(type) {
	case store.Payloads:
		exact = st
		if d.opts.Fair {
			exact.SetPayload(tagSizeFair)
		} else {
			exact.SetPayload(tagSize)
		}
	case *store.Bitstate:
		bits, filter = st, st
	default:
		return nil, errors.New("never claims and cycle searches need the exact, hc, collapse or bitstate store (state caches are not supported with them)")
	}
	s0, err := d.m.InitialState()
	if err != nil {
		return nil, err
	}
	p := &product{
		m: d.m, opts: d.opts, vm: d.vm, store: exact, bits: bits, res: &Result{Sample: d.sample}, sampler: sampler{sample: d.sample, lossy: bits != nil, repeats: d.repeats, filter: filter},
		claim: d.m.Claim != nil, cycles: d.opts.Cycles != NoCycles, fair: d.opts.Fair,
		np:    d.m.Claim != nil && d.m.Claim.Name == vm.NonProgressClaim,
		found: -1, onStack: map[string]int32{}, keyer: vm.NewKeyer(d.m),
		reduce: d.reduce,
	}
	if p.reduce && p.cycles && p.fair && d.m.HasRendezvous() {
		return nil, errors.New("partial-order reduction is not compatible with weak fairness in a model with rendezvous channels (pan refuses it too): search without reduction")
	}
	if c := d.m.Claim; c != nil {
		p.claimNoProgress = !slices.ContainsFunc(c.PCs, func(pc *vm.PC) bool { return pc.Progress })
	}
	p.cycleKind, p.cycleMsg = AcceptanceCycle, "acceptance cycle"
	if p.np {
		p.cycleKind, p.cycleMsg = NonProgressCycle, "non-progress cycle"
	}
	res := p.res
	res.Reduced = p.reduce
	res.Reached = make([][]bool, d.m.NumIDs())
	for _, pt := range d.m.Units {
		res.Reached[pt.ID] = pt.NewReached()
	}
	if c := d.m.Claim; c != nil {
		if res.Reached[c.ID] == nil {
			res.Reached[c.ID] = c.NewReached()
		}
		c.MarkStart(res.Reached[c.ID]) // (pan's addproc of the claim, its process 0)
	}
	markStarts(d.m, res.Reached, s0, 0)
	markTrace(d.m, res, p.vm)
	if p.claim {
		p.node(0).tau = tauClaim // the claim moves first
	}
	switch { // (pan's do_the_search)
	case p.np && (d.m.AtProgress(s0) || d.m.TraceStartProgress()):
		p.node(0).opm |= opmProgress
	case !p.np && (d.m.Accepting(s0) || d.m.TraceStartAccepting()):
		p.node(0).opm |= opmAccept
	}
	if p.fair && p.cycles && p.node(0).opm&opmAccept != 0 {
		// pan's do_the_search starts counting itself when the initial
		// state accepts, before its first lookup, so the initial
		// state is stored counting; the node does not mark it as its
		// own start, and never stops it on the way back
		// (docs/references.md#spin-fairness).
		p.aT = 2
		p.cnt[0] = uint8(p.m.NrPr(s0) + 1)
	}
	// (the clock starts first: stateAt checks the time bound)
	p.start = time.Now()
	vm.CopyState(p.stateAt(0), s0)
	func() {
		defer func() { unwound(recover(), p.res) }()
		if p.reduce {
			d.registerXS(s0, func(e *Error) { p.report(e, 0) })
		}
		if p.fair {
			p.checkFairProcs(s0)
		}
		p.newState(p.top(), 0, noContext())
		res.Stop = search.Stop{Reason: search.Complete}
		if res.DepthLimited {
			res.Stop = search.Stop{Reason: search.DepthBound}
		}
	}()
	res.Elapsed = time.Since(p.start)
	// pan's wrap_stats: shadows are subtracted only while their count is
	// positive. It can fall below zero: a cycle closed on a state already
	// on the second phase's stack uncounts a shadow that was never
	// counted (docs/references.md#spin-notes), and pan then prints
	// every first visit as stored.
	res.Stored = p.nstates
	if p.shadows > 0 {
		res.Stored = p.nstates - p.shadows
		res.Visited = p.nstates
	}
	res.Transitions = p.nstates + res.Matched
	vectors, table := d.store.Bytes()
	res.Memory = Memory{Vectors: vectors, Table: table, Stack: int64(p.states.capacity()) * int64(res.MaxVector+64), Heap: HeapInUse()}
	return res, nil
}

// top stands for "every process" where newState takes the slots to try:
// from the highest down to the first of the system.
func (p *product) top() int { return -1 }

// stateAt is the state at depth.
func (p *product) stateAt(depth int) *vm.State {
	if depth >= p.states.capacity() {
		p.checkBounds()
	}
	return p.states.at(depth)
}

// node is the node at depth, parent the one before it.
func (p *product) node(depth int) *pnode { return p.nodes.at(depth + 1) }

// slots: with a claim, pan's slot 0 is the claim and slot i the process
// with pid i-1; without, slot i is pid i.
func (p *product) base() int {
	if p.claim {
		return 1
	}
	return 0
}

// lastSlot is the highest slot of s (pan's now._nr_pr-1).
func (p *product) lastSlot(s *vm.State) int { return s.NrProcs() - 1 + p.base() }

// bit is pan's ((_a_t&1)?2:1) << (_a_t&2): the combination of phase and
// counting a tag stands for.
func (p *product) bit() uint8 {
	b := uint8(1)
	if p.aT&1 != 0 {
		b = 2
	}
	return b << (p.aT & 2)
}

// otherBit is the same combination in the other phase.
func (p *product) otherBit() uint8 {
	b := uint8(2)
	if p.aT&1 != 0 {
		b = 1
	}
	return b << (p.aT & 2)
}

// countBit is the bit of the fairness counter of the current phase.
func (p *product) countBit() uint64 {
	c := p.cnt[p.aT&1]
	if p.aT&1 != 0 {
		return 1 << (63 - c)
	}
	return 1 << c
}

// lookup is pan's h_store: 0 new (or new in this phase: a shadow), 1 seen,
// 2 seen and on this phase's stack, 3 on the first phase's stack (a
// cycle).
// key is s's key (keyOf), nil when the caller has not built it.
func (p *product) lookup(s *vm.State, key []byte) int {
	if p.bits != nil {
		return p.lookupBits(s)
	}
	if key == nil {
		key = p.keyOf(s)
	}
	ref, isNew := p.store.Put(key)
	t := p.store.Payload(ref)
	if isNew {
		if p.wants(true) {
			p.tell(key, true)
		}
		binary.LittleEndian.PutUint32(t[tagDepth:], uint32(p.depth))
		p.ldepth = p.depth
		if p.cycles {
			t[tagSeen] = p.bit()
			if p.fair {
				binary.LittleEndian.PutUint64(t[tagCounts:], p.countBit())
			}
			t[tagOnStack] = p.bit()
		} else {
			t[tagOnStack] = 1
		}
		p.lstate = ref
		if n := len(p.m.Vector(s)); n > p.res.MaxVector {
			p.res.MaxVector = n
		}
		return 0
	}
	p.ldepth = int(int32(binary.LittleEndian.Uint32(t[tagDepth:])))
	if p.cycles {
		wasNew := false
		if t[tagSeen]&p.bit() == 0 {
			wasNew = true
			p.shadows++
			t[tagSeen] |= p.bit()
		}
		if p.fair {
			counts := binary.LittleEndian.Uint64(t[tagCounts:])
			if cb := p.countBit(); counts&cb == 0 {
				if !wasNew {
					wasNew = true
					p.shadows++
				}
				binary.LittleEndian.PutUint64(t[tagCounts:], counts|cb)
			}
		}
		if wasNew {
			p.lstate = ref
			t[tagOnStack] |= p.bit()
			if p.aT&1 != 0 && t[tagOnStack]&p.otherBit() != 0 && p.depth > p.aDepth {
				return 3
			}
			return 0
		}
		if t[tagOnStack]&p.bit() != 0 {
			p.lstate = ref
			// <= 1 here, != 1 in newState, as in pan: with the counter
			// at 0 a state on both stacks comes back as a new one and is
			// explored again (docs/references.md#spin-fairness).
			if p.aT&1 != 0 && t[tagOnStack]&p.otherBit() != 0 && p.depth > p.aDepth && (!p.fair || p.cnt[1] <= 1) {
				return 3
			}
			return 2
		}
		return 1
	}
	if t[tagOnStack] != 0 {
		p.lstate = ref
		return 2
	}
	return 1
}

// lookupBits is lookup with bitstate storage, pan's b_store with the
// stack kept apart: 0 new, 1 seen (on this phase's stack or not: p.jj
// says which), 3 on the first phase's stack (a cycle). A state new in the
// second phase counts as a shadow, as in b_store.
func (p *product) lookupBits(s *vm.State) int {
	key := p.bitsKey(s)
	_, onStack := p.onStack[string(key)]
	p.jj = onStack
	ii := 1
	isNew := p.bits.Insert(key)
	if p.aT&1 == 0 && p.wants(isNew) {
		// the first phase's states, as Stored counts them (the key holds
		// _a_t: a repeat is of the first phase too)
		p.tell(key, isNew)
	}
	if isNew {
		ii = 0
		if p.aT&1 != 0 {
			p.shadows++
		}
		if n := len(key) - 3; n > p.res.MaxVector {
			p.res.MaxVector = n
		}
	}
	if !onStack && p.aT&1 != 0 && p.depth > p.aDepth {
		key[len(key)-3] &^= 1 // the state on the first phase's stack
		if d, ok := p.onStack[string(key)]; ok {
			ii, p.ldepth = 3, int(d)
		}
		key[len(key)-3] |= 1
	}
	return ii
}

// bitsKey is the state's key with pan's _a_t and _cnt after it: with
// bitstate storage they tell the phases apart.
func (p *product) bitsKey(s *vm.State) []byte {
	key := append(p.keyOf(s), p.aT, p.cnt[0], p.cnt[1])
	if p.m.KeyBuilt() {
		p.key = key[:len(key)-3]
	}
	return key
}

// untag takes the node's state off the stack of the current phase (pan's
// Done).
func (p *product) untag(n *pnode) {
	if p.bits != nil {
		delete(p.onStack, string(p.bitsKey(p.stateAt(p.depth))))
		return
	}
	if n.ostate == 0 {
		return
	}
	t := p.store.Payload(n.ostate)
	if p.cycles {
		t[tagOnStack] &^= p.bit()
	} else {
		t[tagOnStack] = 0
	}
}

// noContext is the pass context of a node that no atomic sequence or
// rendezvous offer restricts.
func noContext() vm.Pass {
	var c vm.Pass
	c.Set(-1, 0, -1)
	return c
}

// newState explores the node at p.depth, whose moves are those of the
// slots from down to to (from == top: all processes) in the pass context
// ctx (a rendezvous offer waiting), and returns when pan goes Up from it.
// It reports whether something moved from the node: what a rendezvous
// offer's node tells its sender.
func (p *product) newState(from, to int, ctx vm.Pass) bool {
	return p.visit(p.node(p.depth), p.node(p.depth-1), p.stateAt(p.depth), from, to, ctx)
}

// visit is newState given the node, its parent and its state, which
// descend has at hand.
func (p *product) visit(n, parent *pnode, s *vm.State, from, to int, ctx vm.Pass) bool {
	depth := p.depth
	if from == p.top() {
		from, to = p.lastSlot(s), p.base()
	}
	p.from = from
	res := p.res
	offer := ctx.Pending() != 0

	// pan's Down
	n.tau &^= tauTrunc | tauPresel | tauGood
	if depth >= p.opts.MaxDepth {
		res.DepthLimited = true
		res.Matched++
		parent.tau |= tauTrunc
		return true
	}
allOver:
	n.ostate = parent.ostate
	if (!p.claim || n.tau&tauClaim != 0 || parent.tau&tauStutter != 0) && !offer {
		var key []byte // (built once for the root and the store)
		if p.aT&1 != 0 && depth > p.aDepth {
			key = p.keyOf(s)
			if bytes.Equal(key, p.root) && (p.bits == nil || p.aT == p.rootAT && p.cnt == p.rootCnt) && !(p.fair && p.cnt[1] != 1) {
				p.found = p.aDepth
				p.report(&Error{Kind: p.cycleKind, Msg: p.cycleMsg}, depth)
				return true
			}
		}
		if n.tau&tauAtomic == 0 {
			ii := p.lookup(s, key)
			kk := ii == 1 || ii == 2
			if ii == 2 && (n.opm&opmAccept != 0 || parent.opm&opmAccept != 0) && p.cycles && !p.fair && depth > p.aDepth {
				p.found = p.ldepth
				p.report(&Error{Kind: p.cycleKind, Msg: p.cycleMsg}, depth)
				return true
			}
			if ii == 3 && p.cycles && p.aT&1 != 0 {
				if p.fair && p.cnt[1] != 1 {
					ii = 0
				} else {
					if p.bits == nil {
						p.shadows-- // (h_store counted it; b_store's count stays)
					}
					p.found = p.ldepth
					p.report(&Error{Kind: p.cycleKind, Msg: p.cycleMsg}, depth)
					return true
				}
			}
			if p.reduce {
				// What the parent's reduction proviso looks at: a
				// move that met the stack (cycle searches), or one that
				// did not (-DSAFETY).
				hit := ii == 2 || p.bits != nil && ii == 1 && p.jj
				switch {
				case p.cycles && hit:
					parent.tau |= tauTrunc
				case !p.cycles && !hit:
					parent.tau |= tauGood
				}
			}
			if ii != 0 {
				res.Matched++
				return true
			}
			if !kk {
				p.nstates++
				if p.nstates&1023 == 0 {
					p.checkBounds()
				}
				if p.nstates-p.shadows == p.opts.MaxStates {
					p.stop(search.Stopped(search.StateBound, p.opts.Budget))
				}
			}
			n.ostate = p.lstate
			if p.bits != nil {
				p.onStack[string(p.bitsKey(s))] = int32(depth)
				n.ostate = 1 // (on the stack table: mayReduce)
			}
		}
	}
	if depth > res.DepthReached {
		res.DepthReached = depth
	}
	if !p.claim || n.tau&tauClaim != 0 {
		n.tau &^= tauTimeout | tauRequest
	}
	moved := false
	if p.claim && (p.m.NrPr(s) == 0 || p.m.ClaimEnded(s)) {
		p.report(&Error{Kind: ClaimEnd, Msg: "end state in claim reached"}, depth)
	}

stutter:
	if p.claim && n.tau&tauClaim != 0 {
		if p.aT&2 != 0 && p.cnt[p.aT&1] == 1 {
			p.aT &^= 2
			p.cnt[p.aT&1] = 0
			n.opm |= opmFairStop
		}
		moved = p.claimMoves(n, s) || moved
	} else {
		// Partial-order reduction: one safe process alone, if there is
		// one (pan's preselection; a search without a claim makes none
		// in its timeout pass, which starts at Again).
		presel := -1
		if p.reduce && !offer && from != to && (p.claim || n.tau&tauTimeout == 0) && p.mayReduce(n, parent) {
			if presel = p.preselect(s, from, to, n.tau&tauTimeout != 0); presel >= 0 {
				from, to = presel, presel
				p.from = from
				n.tau |= tauPresel
			}
		}
		for {
			// pan's Again (the timeout pass of a search without a
			// claim comes back here)
			n.opm &^= opmFairStart | opmFairStop | opmFairDec | opmFairLive
			if p.fair && !offer && (!p.claim || parent.tau&tauStutter == 0) && n.tau&tauAtomic == 0 {
				if p.aT&2 == 0 {
					if p.cycles && n.opm&opmAccept != 0 {
						p.aT |= 2
						p.cnt[p.aT&1] = uint8(p.m.NrPr(s) + 1)
						n.opm |= opmFairStart
					}
				} else if p.cnt[p.aT&1] == 1 {
					p.aT &^= 2
					p.cnt[p.aT&1] = 0
					n.opm |= opmFairStop
				}
			}
			moved = p.systemMoves(n, s, from, to, ctx) || moved
			if n.opm&opmFairDec != 0 {
				if p.claim && p.cnt[p.aT&1] == 1 {
					p.cnt[p.aT&1] = 2
				}
				p.cnt[p.aT&1]++
				n.opm &^= opmFairDec
			}
			refused := p.refused(n, moved)
			// pan's dummy move, on the system's turn: in a model that
			// reads timeout (pan's ETIM) only in the timeout pass, in
			// any other in the first pass, also when no system process
			// is left and the claim stutters alone (fair_claim_alone).
			if p.fair && !p.np && !moved && n.tau&tauAtomic == 0 && (!p.m.HasTimeout || n.tau&tauTimeout != 0) && p.cnt[p.aT&1] > 0 && !refused {
				p.dummyMove(n)
				moved = true
			}
			if !refused {
				break
			}
			p.fairnessUndo(n)
			if p.cycles && n.tau&tauTrunc != 0 {
				if p.aT&1 != 0 {
					break // the nested search keeps the reduction
				}
				// The first phase marks the state: the nested search
				// will not reduce there either.
				p.markProviso(n, parent)
				from, to, presel = p.lastSlot(s), p.base(), -1
			} else if presel = p.preselect(s, presel-1, p.base(), n.tau&tauTimeout != 0); presel >= 0 {
				from, to = presel, presel // the next safe process below
			} else {
				from, to = p.lastSlot(s), p.base() // all of them
			}
			p.from = from
			n.tau &^= tauTrunc | tauPresel | tauGood
			if presel >= 0 {
				n.tau |= tauPresel
			}
			moved = false
		}
	}
	p.fairnessUndo(n) // (pan's Q999)
	if !moved || p.claim && n.tau&tauClaim != 0 && n.tau&tauRequest != 0 {
		if offer || p.m.NrPr(s) == 0 && (!p.opts.StrictEnd || p.m.ChansEmpty(s)) || depth >= p.opts.MaxDepth-1 {
			goto done // (a rendezvous offer nobody takes is no error)
		}
		if n.tau&tauAtomic != 0 && (!p.claim || n.tau&tauClaim == 0) {
			// A blocked atomic sequence loses its exclusivity: the node
			// is looked up again, as the claim's turn.
			n.tau &^= tauTimeout | tauAtomic
			from, to = p.lastSlot(s), p.base()
			p.from = from
			ctx = noContext()
			if p.claim {
				n.tau |= tauClaim
			}
			goto allOver
		}
		if !p.claim {
			if p.m.HasTimeout && n.tau&tauTimeout == 0 {
				n.tau |= tauTimeout
				goto stutter
			}
			if !p.cycles && !p.opts.NoEnds && !p.m.EndState(s, p.opts.StrictEnd) {
				p.report(&Error{Kind: InvalidEndState, Msg: "invalid end state"}, depth-1)
			} else if p.cycles && n.opm&opmAccept != 0 {
				p.report(&Error{Kind: AcceptStutter, Msg: "accept stutter"}, depth-1)
			}
			goto done
		}
		if p.m.HasTimeout && n.tau&tauTimeout == 0 {
			if n.tau&tauClaim != 0 {
				if n.tau&tauRequest != 0 {
					n.tau |= tauTimeout
					n.tau &^= tauRequest
					goto stutter // the claim's moves again, timeout true
				}
			} else {
				// Only the claim's node can grant a timeout: ask it.
				parent.tau |= tauRequest
				return moved
			}
		}
		if n.tau&tauClaim == 0 {
			// The system cannot move: the claim stutters.
			n.tau |= tauClaim | tauStutter
			goto stutter
		}
	}
done:
	if n.tau&tauAtomic == 0 {
		if !offer && (!p.claim || n.tau&tauClaim != 0 && n.tau&tauStutter == 0 || parent.tau&tauStutter != 0) {
			p.untag(n)
		}
		if moved && (!p.claim || n.tau&tauClaim != 0 && (p.m.NrPr(s) > 1 || n.opm&opmAccept != 0)) && p.aT&1 == 0 {
			if p.fair {
				if p.aT&2 != 0 && p.cnt[0] == 1 {
					p.checkCycles(n)
				}
			} else if p.cycles && n.opm&opmAccept != 0 {
				p.checkCycles(n)
			}
		}
	}
	return moved
}

// checkCycles runs the nested search from node n (pan's checkcycles): the
// second phase explores n's successors again, looking for n itself or
// for a state on the first phase's stack.
func (p *product) checkCycles(n *pnode) {
	// pan's checkcycles calls new_state afresh: its From is a variable
	// of that call, the caller's is untouched.
	aT, cnt1, ostate, from := p.aT, p.cnt[1], n.ostate, p.from
	p.aT |= 1
	p.cnt[1] = p.cnt[0]
	p.root = append(p.root[:0], p.keyOf(p.stateAt(p.depth))...)
	p.rootAT, p.rootCnt = p.aT, p.cnt
	p.aDepth, p.found = p.depth, p.depth
	p.newState(p.top(), 0, noContext())
	p.aT, p.cnt[1], p.from = aT, cnt1, from
	p.aDepth, p.found = 0, -1
	n.ostate = ostate
}

// fairnessUndo undoes what the node's fairness bookkeeping did to the
// counting phase (pan's Q999); a second call does nothing.
func (p *product) fairnessUndo(n *pnode) {
	if n.opm&opmFairStart != 0 {
		p.aT &^= 2
		p.cnt[p.aT&1] = 0
		n.opm &^= opmFairStart
	}
	if n.opm&opmFairStop != 0 {
		p.aT |= 2
		p.cnt[p.aT&1] = 1
		n.opm &^= opmFairStop
	}
}

// provisoState is the reference of the stored state whose proviso bit
// node n reads and sets: with a claim, the state its parent (the claim's
// node) stored; without, its own.
func (p *product) provisoState(n, parent *pnode) uint64 {
	if p.claim {
		return parent.ostate
	}
	return n.ostate
}

// mayReduce reports whether node n may reduce: always in the first
// phase, in the nested search only where the first did not refuse to.
//
// With bitstate storage, pan keeps the bit in its stack table's entry of
// the state, with the phase in the state: the nested search's entries are
// its own, put with the bit clear, and the first phase's are cleared when
// they leave the stack, before the nested search starts. The bit it
// reads is then always clear.
func (p *product) mayReduce(n, parent *pnode) bool {
	if p.aT&1 == 0 {
		return true
	}
	ref := p.provisoState(n, parent)
	if p.bits != nil {
		return p.cycles && ref != 0
	}
	return p.cycles && ref != 0 && p.store.Payload(ref)[tagSeen]&tagProviso == 0
}

// markProviso marks node n's state: the nested search will not reduce
// there.
func (p *product) markProviso(n, parent *pnode) {
	if ref := p.provisoState(n, parent); ref != 0 && p.bits == nil {
		p.store.Payload(ref)[tagSeen] |= tagProviso
	}
}

// refused reports whether node n's reduction fails its proviso (pan's
// test at Q999): its process did not move, or, in a cycle search, a move
// met the stack or the depth bound; in a safety search (-DSAFETY), no
// move left the stack.
func (p *product) refused(n *pnode, moved bool) bool {
	if n.tau&tauPresel == 0 {
		return false
	}
	if p.cycles {
		return !moved || n.tau&tauTrunc != 0
	}
	return n.tau&tauGood == 0
}

// preselect returns the highest slot from from down to to whose process
// a reduced search may explore alone in s, -1 if none (firstSafe).
func (p *product) preselect(s *vm.State, from, to int, timeoutPass bool) int {
	return firstSafe(p.m, s, from, to, p.base(), p.cycles, timeoutPass)
}

// checkFairProcs stops a fair search whose state s has more processes
// than its counters take (maxFairProcs), as pan stops when it creates
// one process too many for its NFAIR.
func (p *product) checkFairProcs(s *vm.State) {
	if n := p.m.NrPr(s); n > maxFairProcs {
		p.stop(search.Stop{Reason: search.RuntimeError, Detail: fmt.Sprintf("too many processes for weak fairness: %d, at most %d (the claim included)", n, maxFairProcs)})
	}
}

// dummyMove is fairness's move of a node where no process can move: the
// same state, one deeper, with the counter at 1, so that blocked
// processes do not make a cycle unfair.
func (p *product) dummyMove(n *pnode) {
	depth := p.depth
	child := p.node(depth + 1)
	child.opm |= opmFairDummy | n.opm&(opmAccept|opmProgress)
	child.oval = p.cnt[p.aT&1]
	p.cnt[p.aT&1] = 1
	child.tau = 0
	if p.claim {
		child.tau = tauClaim
	}
	vm.CopyState(p.stateAt(depth+1), p.stateAt(depth))
	p.path.push(pathStep{pid: trail.Dummy}) // (a trail shows its depth)
	p.depth++
	p.newState(p.top(), 0, noContext())
	p.depth--
	p.path.pop()
	p.cnt[p.aT&1] = child.oval
	child.opm &^= opmFairDummy
}

// claimMoves tries the claim's transitions from s, descending into each
// that moves, and reports whether one did.
func (p *product) claimMoves(n *pnode, s *vm.State) bool {
	machine := p.vm
	moved := false
	n.opm &^= opmMoved | opmFairLive
	for _, t := range p.m.ClaimTrans(s) {
		machine.Timeout, machine.Pending = n.tau&tauTimeout != 0, 0
		machine.NonProgress = n.opm&opmProgress == 0 && n.tau&tauStutter == 0
		if t.Else && n.opm&opmMoved != 0 {
			continue
		}
		if !machine.Guard(s, vm.ClaimPid, t) {
			if len(machine.Errors) > 0 {
				// counted (an uninitialised channel; a poll of an xs or
				// xr channel, checked as pan checks it whether or not
				// the guard holds), or fatal
				p.assertions(machine, p.depth, true)
				p.fatal(machine, true)
			}
			continue
		}
		n.opm |= opmMoved
		p.descend(n, s, vm.ClaimPid, p.m.Claim, p.m.ClaimPC(s), t)
		moved = true
	}
	return moved
}

// systemMoves tries the moves of the processes in slots from down to to,
// as the node's pass context allows, descending into each, and reports
// whether one moved.
func (p *product) systemMoves(n *pnode, s *vm.State, from, to int, ctx vm.Pass) bool {
	machine := p.vm
	ctx.SetTimeout(n.tau&tauTimeout != 0)
	offer := ctx.Pending() != 0
	moved := false
	// One pass for all the slots: Open starts each process afresh, and
	// what it keeps of the context (owner, offer, timeout) no move changes.
	// This loop runs for every process of every node, most of which
	// cannot move: it keeps to locals what fairness does not need.
	ps := ctx
	base, fair := p.base(), p.fair
	for slot := from; slot >= to; slot-- {
		pid := slot - base
		procMoved := false // (pan's o_pm&1)
		if fair {
			n.opm &^= opmFairLive
			if !offer {
				p.fairRule2(n, slot)
			}
		}
		if ps.Open(machine, s, pid) {
			pt, pc := p.m.Types[ps.ProcTypeID()], ps.PC()
			for {
				t, ok := ps.NextOf(machine, s)
				if t == nil {
					break
				}
				if !ok {
					// a guard that raised an error: fatal, or (xs, xr,
					// an uninitialised channel) counted, and the
					// transition not taken
					p.assertions(machine, p.depth, true)
					p.fatal(machine, true)
					continue
				}
				if offer {
					// The receive that takes the offer: pan's code of
					// a rendezvous receive applies the rule itself
					// (the loop's is off while boq is set).
					p.fairRule2(n, slot)
				}
				if p.descend(n, s, pid, pt, pc, t) {
					ps.Took()
					procMoved = true
					moved = true
				}
			}
		} else if ps.Barred() {
			// pan's CONTINUE0 after its provided() or highest_priority():
			// rule 2 stays applied for the processes below, and the loop
			// is not tried again for them
			continue
		}
		if fair && n.opm&opmFairDec != 0 && n.opm&opmFairLive != 0 {
			if procMoved {
				if p.claim && p.cnt[p.aT&1] == 1 {
					p.cnt[p.aT&1] = 2
				}
				p.cnt[p.aT&1]++
				n.opm &^= opmFairDec | opmFairLive
			} else if moved {
				n.opm &^= opmFairLive
				// try them all again, from pan's From: the value
				// the last move's subtree left, not this node's (a
				// slot above this state's last, a process that
				// subtree created, has no moves, as pan's zeroed one)
				slot = p.from + 1
			}
		}
	}
	return moved
}

// fairRule2 is pan's fairness rule 2 for the process in slot, tried from
// node n: the counter, at that process, goes on to the next one (to 1
// past the first system process: the claim need not move); systemMoves
// undoes it after the process's moves if it moved.
func (p *product) fairRule2(n *pnode, slot int) {
	if p.fair && n.opm&opmFairDec == 0 && p.aT&2 != 0 && int(p.cnt[p.aT&1]) == slot+2 {
		p.cnt[p.aT&1]--
		if p.claim && slot == 1 {
			p.cnt[p.aT&1] = 1
		}
		n.opm |= opmFairDec | opmFairLive
	}
}

// descend takes transition t of process pid (vm.ClaimPid: the claim), of
// proctype pt at pc, from node n's state s, explores the node it leads
// to, and reports whether it counts as a move: a rendezvous offer counts
// only when a receive takes it.
func (p *product) descend(n *pnode, s *vm.State, pid int, pt *vm.ProcType, pc int, t *vm.Trans) bool {
	machine := p.vm
	depth := p.depth
	if p.moves++; p.moves&boundsEvery == 0 {
		p.checkBounds() // (see boundsEvery)
	}
	next := p.stateAt(depth + 1)
	vm.CopyState(next, s)
	ok := machine.Effect(next, t)
	if len(t.Path) > 0 {
		vm.MarkFired(p.res.Reached[pt.ID], t)
	}
	p.path.push(pathStep{pid: int32(pid), proctype: int32(pt.ID), trans: int32(t.ID)})
	if len(machine.Errors) > 0 {
		p.assertions(machine, depth, false)
	}
	if !ok {
		p.fatal(machine, false)
	}
	markStarts(p.m, p.res.Reached, next, s.NrProcs())
	if p.fair && next.NrProcs() > s.NrProcs() {
		p.checkFairProcs(next)
	}
	var ctx vm.Pass
	ctx.SetAfter(pid, t, machine.Rendezvous)
	offer := ctx.Pending() != 0
	child := p.node(depth + 1)
	child.opm &^= opmAccept | opmProgress
	if p.cycles {
		if p.np {
			if p.m.ClaimAccepting(next) {
				child.opm |= opmAccept
			}
			// After a claim move the processes are where they were: the
			// node's progress bit, fresh but in a dummy move's node (it
			// ORs in the stale bits of the slot), is next's.
			// After a system move from a node at no progress state, only
			// the mover can be at one (bit clear: AtProgress(s) is false,
			// by induction from the root's, which the trace's start can
			// only set).
			switch {
			case pid == vm.ClaimPid && p.claimNoProgress && n.opm&opmFairDummy == 0:
				child.opm |= n.opm & opmProgress
			case pid != vm.ClaimPid && n.opm&(opmProgress|opmFairDummy) == 0:
				if p.m.ProgressAfter(s, next, pid) {
					child.opm |= opmProgress
				}
			case p.m.AtProgress(next):
				child.opm |= opmProgress
			}
		} else if p.m.Accepting(next) {
			child.opm |= opmAccept
		}
	}
	child.tau = 0
	from, to := p.top(), 0
	if offer || t.Atom&vm.Atomic != 0 {
		child.tau |= tauAtomic
		child.tau |= n.tau & tauClaim
	} else if p.claim && n.tau&tauClaim == 0 {
		child.tau |= tauClaim
	}
	if n.tau&tauTimeout != 0 && child.tau&tauClaim == 0 {
		child.tau |= tauTimeout
	}
	if !offer && t.Atom&vm.Atomic != 0 {
		if pid != vm.ClaimPid {
			from = pid + p.base()
			to = from
		} else {
			from, to = 0, 0
		}
		p.res.AtomicSteps++
	}
	p.depth++
	took := p.visit(child, n, next, from, to, ctx)
	p.depth--
	p.path.pop()
	if child.tau&tauAtomic != 0 {
		// The states inside an atomic sequence or a rendezvous are not
		// stored: what their moves met is passed up to the stored one
		// (pan's R999).
		n.tau |= child.tau & (tauTrunc | tauGood)
	}
	if offer && !took {
		return false
	}
	pt.MarkStep(p.res.Reached[pt.ID], pc, t)
	return true
}

// keyOf is the stored form of s.
func (p *product) keyOf(s *vm.State) []byte {
	key := p.keyer.Key(s, p.key)
	if p.m.KeyBuilt() {
		p.key = key
	}
	return key
}

// trail is the path from the initial state: the claim's steps and the
// system's, and the dummy moves of fairness, one per depth, as in pan's
// trails.
func (p *product) trail() []trail.Step {
	out := make([]trail.Step, p.path.len())
	for i := range out {
		st := p.path.at(i)
		switch st.pid {
		case trail.Dummy:
			out[i] = trail.Step{Pid: trail.Dummy}
		case vm.ClaimPid:
			out[i] = trail.Step{Pid: vm.ClaimPid, Trans: p.m.Claim.Trans[st.trans]}
		default:
			out[i] = trail.Step{Pid: int(st.pid), Trans: p.m.Types[st.proctype].Trans[st.trans]}
		}
	}
	return out
}

// report counts an error found at depth (pan reports the depth it found
// the cycle at, when there is one), keeps it with its trail, and stops
// the search at the error bound.
func (p *product) report(e *Error, depth int) {
	e.Depth = depth
	found := p.found
	if found >= 0 {
		e.Depth = found
	}
	p.found = -1 // (pan's uerror forgets it, even inside a nested search)
	// The cycle's start, a search of the path, only for an error kept
	// with its trail: with -c0 a search can find thousands of cycles.
	withTrail := func() []trail.Step {
		if e.Kind.IsCycle() {
			e.Cycle = p.cycleStart(found, depth)
		}
		return p.trail()
	}
	if p.res.record(e, &p.opts, withTrail) {
		p.stop(search.Stop{Reason: search.ErrorLimit})
	}
}

// assertions records the assertion violations the last step raised (a
// guard's, when guard).
func (p *product) assertions(machine *vm.Machine, depth int, guard bool) {
	for _, e := range machine.Errors {
		if !e.Fatal && !(e.Assert && p.opts.NoAsserts) {
			e := stepError(e, depth)
			e.Guard = guard
			p.report(e, e.Depth)
		}
	}
}

// fatal records the fatal run-time error the machine raised (in a guard,
// when guard) and stops.
func (p *product) fatal(machine *vm.Machine, guard bool) {
	for _, e := range machine.Errors {
		if e.Fatal {
			e := machineError(RuntimeFailure, e, p.depth)
			e.Guard = guard
			p.report(e, p.depth)
			p.stop(search.Stop{Reason: search.RuntimeError, Detail: e.Msg})
		}
	}
}

// stop records why the search stops and unwinds it.
func (p *product) stop(st search.Stop) {
	p.res.Stop = st
	panic(errStop)
}

// checkBounds stops the search at the memory bound, the time limit or an
// interrupt.
func (p *product) checkBounds() {
	if p.opts.MaxMemory > 0 {
		vectors, table := p.storeBytes()
		if vectors+table > p.opts.MaxMemory {
			p.stop(search.Stopped(search.MemoryBound, p.opts.Budget))
		}
	}
	if p.opts.Time > 0 && time.Since(p.start) > p.opts.Time {
		p.stop(search.Stopped(search.TimeLimit, p.opts.Budget))
	}
	if p.opts.Interrupted() {
		p.stop(search.Stop{Reason: search.Interrupted})
	}
}

// storeBytes is what the store holds: states and table.
func (p *product) storeBytes() (states, table int64) {
	if p.bits != nil {
		return p.bits.Bytes()
	}
	return p.store.Bytes()
}
