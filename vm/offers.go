package vm

import "slices"

// Who may take a rendezvous offer. A search makes an offer at every send
// on a rendezvous channel, and the offer's pass looks at every process
// for a receive that may take it (Pass.OpenReceiver), as pan's new_state
// does: on philo_host, the channels and pcs of a dozen processes for
// each offer, a sixth of the search's instructions. Yet most receives
// name their channel with constants and variables no statement writes
// (get[i]?who, where get is a global array of channels and i the
// process's parameter): such a receive's channel is the same in every
// state, for the same process. takers keeps, for the processes of a
// state, which of them may receive on each channel; an offer's pass
// then looks at those alone. A process with a receive whose channel
// may change (a variable some statement writes, an expression the
// receive's test does not cover) may take any offer.
//
// The index is exact: a process it leaves out has no receive, at any of
// its pcs, whose test (recvTest.blocked) would not rule the offer out,
// so the pass opens the same processes, in the same order, as when it
// looked at all of them. An index holds for the states whose processes
// are those it was made for. A state's Procs slice is made anew where a
// process is created (vm.State), so that a state whose slice is the
// index's has its processes; the index holds the slice, so that no other
// can take its address. A parallel search's workers share one slice
// among the states of equal offsets (Machine.SharedOffsets), and a
// state may reach a layout by another path, with a slice of its own:
// then the index holds where the offsets, the number of channels, each
// process's proctype and the bytes of the variables its receives'
// channels were read from are as they were, which costs about what a
// pass over the processes costs.

// frozen reports whether r computes its channel from variables that no
// statement writes (w): global ones, unchanged since the initial state,
// and locals of proctype pt, unchanged since the process was created.
func (r *recvTest) frozen(w *writeSet, pt *ProcType) bool {
	if w.all {
		return false
	}
	switch {
	case !r.array:
		n := scalarSize(r.sc)
		return n > 0 && !w.wrote(pt, !r.local, int(r.off), int(r.off)+n)
	case w.wrote(pt, true, int(r.off), int(r.off+r.n*r.stride)):
		return false
	}
	switch r.idx.op {
	case OpConst:
		return true
	case OpLoadG, OpLoadL:
		n := scalarSize(r.idx.sc)
		return n > 0 && !w.wrote(pt, r.idx.op == OpLoadG, int(r.idx.a), int(r.idx.a)+n)
	}
	return false
}

// scalarSize is the bytes loadFast reads for a scalar of class sc, 0 for
// the classes it does not load.
func scalarSize(sc Scalar) int {
	switch sc {
	case ScalarBit, ScalarByte:
		return 1
	case ScalarShort:
		return 2
	case ScalarInt:
		return 4
	}
	return 0
}

// channel is the channel r receives from in s, for the process whose
// locals start at pbase; false when the receive's test could not tell
// (an index out of range, a channel that does not exist). It computes
// what recvTest.blocked computes first, which keeps its own copy: its
// lines are under the profile-guided build's profile (DEVELOPERS.md), and
// blocked calling channel executed 1.3% more instructions on philo_host
// N=5 (bench/instructions.sh).
func (r *recvTest) channel(s *State, pbase int) (int64, bool) {
	buf := s.Buf
	var c int64
	if !r.array {
		off := int(r.off)
		if r.local {
			off += pbase
		}
		c, _ = loadFast(buf, off, r.sc)
	} else {
		k := r.idx.a
		switch r.idx.op {
		case OpLoadG:
			k, _ = loadFast(buf, int(r.idx.a), r.idx.sc)
		case OpLoadL:
			k, _ = loadFast(buf, pbase+int(r.idx.a), r.idx.sc)
		}
		if k < 0 || k >= r.n {
			return 0, false
		}
		c, _ = loadFast(buf, int(r.off+k*r.stride), r.sc)
	}
	return c, c >= 1 && c <= int64(len(s.Chans))
}

// takerIndex is the takers of every channel in the states of one layout
// of processes (see the top of this file).
type takerIndex struct {
	procs []int32 // the processes' offsets
	held  []int32 // a Procs slice of states with these processes
	chans int     // how many channels
	// deps are the offsets of the bytes the index was computed from (the
	// processes' proctypes, the locals their receives' channels are read
	// from), vals their values then
	deps []int32
	vals []byte
	// the processes that may take an offer on channel c, highest pid
	// first: pids[start[c-1]:start[c]]
	start []int32
	pids  []int16
	// build's scratch: each process's channels (any: it may take every
	// offer), those of takers[i] at recv[takers[i].from:takers[i].to]
	takers []taker
	recv   []int64
}

// taker is a process whose receives build found (takerIndex).
type taker struct {
	pid      int
	any      bool
	from, to int
}

// fits reports whether x holds for s; shared: states of other processes
// may share s's Procs slice.
func (x *takerIndex) fits(s *State, shared bool) bool {
	if len(s.Chans) != x.chans || len(s.Procs) != len(x.procs) {
		return false
	}
	if !shared && (len(x.held) == 0 || &x.held[0] == &s.Procs[0]) {
		return true
	}
	if !slices.Equal(x.procs, s.Procs) {
		return false
	}
	buf := s.Buf
	for i, off := range x.deps {
		if buf[off] != x.vals[i] {
			return false
		}
	}
	if !shared {
		x.held = s.Procs // (the next state of these processes hits above)
	}
	return true
}

// build makes x the index of s's processes.
func (x *takerIndex) build(m *Model, s *State) {
	x.procs, x.held = append(x.procs[:0], s.Procs...), s.Procs
	x.chans = len(s.Chans)
	x.deps, x.vals = x.deps[:0], x.vals[:0]
	dep := func(off, n int) {
		for i := off; i < off+n; i++ {
			x.deps = append(x.deps, int32(i))
			x.vals = append(x.vals, s.Buf[i])
		}
	}
	x.takers, x.recv = x.takers[:0], x.recv[:0]
	for pid := len(s.Procs) - 1; pid >= 0; pid-- {
		off := int(s.Procs[pid])
		dep(off+slotType, 1)
		pt := m.Types[s.Buf[off+slotType]]
		tk := taker{pid: pid, from: len(x.recv)}
		pbase := off + m.SlotHeader()
		for _, t := range pt.Trans {
			if !t.Recv {
				continue
			}
			r := t.Code.recv
			if r == nil || !r.fixed {
				tk.any = true
				break
			}
			c, ok := r.channel(s, pbase)
			if !ok {
				tk.any = true
				break
			}
			if r.local {
				dep(pbase+int(r.off), scalarSize(r.sc))
			}
			if r.array && r.idx.op == OpLoadL {
				dep(pbase+int(r.idx.a), scalarSize(r.idx.sc))
			}
			x.recv = append(x.recv, c)
		}
		if tk.to = len(x.recv); tk.any || tk.to > tk.from {
			x.takers = append(x.takers, tk)
		}
	}
	x.start, x.pids = append(x.start[:0], 0), x.pids[:0]
	for c := int64(1); c <= int64(x.chans); c++ {
		for _, tk := range x.takers {
			if tk.any || slices.Contains(x.recv[tk.from:tk.to], c) {
				x.pids = append(x.pids, int16(tk.pid))
			}
		}
		x.start = append(x.start, int32(len(x.pids)))
	}
}

// takerCache is a machine's indexes of the last few layouts it met, and
// whether they pay: where the layout changes at every few offers (a model
// that creates and ends processes as it talks), building them would cost
// more than the passes they spare, and the machine stops.
type takerCache struct {
	idx    [4]takerIndex
	n      int // indexes built (idx[(n-1)%4] the last)
	uses   int
	failed bool
}

// takersBuildLimit: after this many indexes built, the cache gives up
// unless it was used at least takersPerBuild times per index built.
const (
	takersBuildLimit = 64
	takersPerBuild   = 8
)

// takers returns the processes that may take an offer on channel c in s,
// highest pid first; false when the machine has no index for it (hooks
// that watch the receives' tests, xs and xr checks, or an index that
// does not pay).
func (vm *Machine) takers(s *State, c int) ([]int16, bool) {
	if vm.Trace != nil || vm.Cond != nil || vm.XS != nil {
		return nil, false
	}
	tc := vm.takerCache
	if tc == nil {
		tc = &takerCache{}
		vm.takerCache = tc
	}
	if tc.failed {
		return nil, false
	}
	var x *takerIndex
	for i := range min(tc.n, len(tc.idx)) {
		if tc.idx[i].fits(s, vm.SharedOffsets) {
			x = &tc.idx[i]
			break
		}
	}
	if x == nil {
		if tc.n >= takersBuildLimit && tc.uses < takersPerBuild*tc.n {
			tc.failed = true
			return nil, false
		}
		x = &tc.idx[tc.n%len(tc.idx)]
		tc.n++
		x.build(vm.M, s)
	}
	tc.uses++
	if c < 1 || c > x.chans {
		return nil, false
	}
	return x.pids[x.start[c-1]:x.start[c]], true
}
