package vm

// State is one state of a model. Buf holds the hidden globals and then the
// state vector; Procs and Chans give the offset in Buf of each process slot
// (by pid) and each channel (by id-1). Procs and Chans are shared between a
// state and its copies until a process is created or removed, so they are
// never changed in place.
type State struct {
	Buf   []byte
	Procs []int32
	Chans []int32
}

// Vector returns the part of the state that identifies it: the hidden
// globals are left out.
func (m *Model) Vector(s *State) []byte { return s.Buf[m.HiddenSize:] }

// Key returns the form of s a store keeps, built in buf when it is not
// the vector itself (it is valid until s or buf change). For a model with
// rendezvous channels, that is its vector without the bytes every stored
// state can be rebuilt without (as pan masks bytes out of what it stores):
//   - a channel's type byte: which channels exist follows from the
//     processes (whose type bytes stay) and the globals;
//   - the length and message slot of a rendezvous channel: empty in every
//     stored state (a handshake's intermediate state is never stored).
//
// Without rendezvous channels the vector is kept whole: a byte per
// channel is not worth the time of leaving it out.
func (m *Model) Key(s *State, buf []byte) []byte {
	if !m.hasRendezvous {
		return s.Buf[m.HiddenSize:] // (small enough to inline: a call per move)
	}
	return m.buildKey(s, buf)
}

// buildKey is Key of a model with rendezvous channels.
func (m *Model) buildKey(s *State, buf []byte) []byte {
	from := m.HiddenSize
	if cap(buf) < len(s.Buf) {
		buf = make([]byte, len(s.Buf))
	}
	buf = buf[:len(s.Buf)]
	// Copied in the longest runs between the bytes left out, rather than
	// an append per channel (a tenth of a rendezvous model's
	// instructions, callgrind on philo_host): the runs up to the first
	// process are the same in every state (setKeyRuns), and a model's
	// channels usually sit side by side, so most of them end a run of
	// length zero.
	n := 0
	chans := s.Chans
	if g := len(m.GlobalChans); g > 0 && len(chans) >= g {
		for _, r := range m.keyRuns {
			n += copy(buf[n:], s.Buf[r.from:r.to])
		}
		from, chans = m.keyEnd, chans[g:]
	}
	for _, off := range chans {
		o := int(off)
		if o > from {
			n += copy(buf[n:], s.Buf[from:o])
		}
		from = o + int(m.keyCut[s.Buf[o]])
	}
	n += copy(buf[n:], s.Buf[from:])
	return buf[:n]
}

// keyRun is a run of bytes Key copies from a state: [from, to).
type keyRun struct{ from, to int32 }

// setKeyRuns works out Key's runs of the part of a state before its
// first process: the globals, and the global channels, which every state
// past the model's start has side by side after them, less what Key cuts
// of each (keyCut, so after the channel types are made).
func (m *Model) setKeyRuns() {
	m.keyRuns = m.keyRuns[:0]
	from, off := m.HiddenSize, m.GlobalsOff+m.GlobalsSize
	for _, ci := range m.GlobalChans {
		if off > from {
			m.keyRuns = append(m.keyRuns, keyRun{int32(from), int32(off)})
		}
		from = off + int(m.keyCut[ci.Type.ID])
		off += ci.Type.Size
	}
	if off > from {
		m.keyRuns = append(m.keyRuns, keyRun{int32(from), int32(off)})
	}
	m.keyEnd = off
}

// A Keyer builds keys as Key does, for one search, in fewer steps: it
// keeps the runs of the vector a key is made of for the channels of the
// last state it was given, which the next states share (Chans is shared
// between a state and its copies until a process is created or removed,
// and never changed in place), so that a key is a copy of each run rather
// than a look at the type of every channel. The product search builds a
// key for every state it reaches. Not safe for concurrent use.
type Keyer struct {
	m     *Model
	chans []int32 // the channels runs is for (kept: it is never reused)
	runs  []int32 // from, to of each run but the last, which goes on from tail to the end
	tail  int32
	valid bool
}

// NewKeyer returns a Keyer for m's states.
func NewKeyer(m *Model) *Keyer { return &Keyer{m: m} }

// Key is m.Key(s, buf).
func (k *Keyer) Key(s *State, buf []byte) []byte {
	if !k.m.hasRendezvous {
		return s.Buf[k.m.HiddenSize:]
	}
	if !k.valid || len(s.Chans) != len(k.chans) || len(s.Chans) > 0 && &s.Chans[0] != &k.chans[0] {
		k.cut(s)
	}
	buf = buf[:0]
	for i := 0; i < len(k.runs); i += 2 {
		buf = append(buf, s.Buf[k.runs[i]:k.runs[i+1]]...)
	}
	return append(buf, s.Buf[k.tail:]...)
}

// cut finds the runs of s's keys: what Key leaves out are the channels'
// bytes it names.
func (k *Keyer) cut(s *State) {
	m := k.m
	k.chans, k.runs, k.valid = s.Chans, k.runs[:0], true
	from := int32(m.HiddenSize)
	for _, off := range s.Chans {
		n := int32(1)
		if ct := m.Chans[s.Buf[off]]; ct.Cap == 0 {
			n = int32(ct.Size)
		}
		if off > from {
			k.runs = append(k.runs, from, off)
		}
		from = off + n
	}
	k.tail = from
}

// KeyBuilt reports whether Key builds keys in its buffer (rather than
// returning the vector).
func (m *Model) KeyBuilt() bool { return m.hasRendezvous }

// HasRendezvous reports whether some channel is declared with capacity 0
// (pan's SYNC > 0).
func (m *Model) HasRendezvous() bool { return m.hasRendezvous }

// CopyState makes dst a copy of src, reusing dst's buffer.
func CopyState(dst, src *State) {
	dst.Buf = append(dst.Buf[:0], src.Buf...)
	dst.Procs = src.Procs
	dst.Chans = src.Chans
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	c := &State{}
	CopyState(c, s)
	return c
}

// NrProcs is the number of live processes (_nr_pr).
func (s *State) NrProcs() int { return len(s.Procs) }

// ProcType returns the proctype of process pid.
func (m *Model) ProcType(s *State, pid int) *ProcType {
	return m.Types[s.Buf[s.Procs[pid]+slotType]]
}

// at returns the proctype (its ID) of process pid and the control
// location it is at: ProcType and PC, finding the process's slot once.
func (m *Model) at(s *State, pid int) (proctype int, pc *PC) {
	off := s.Procs[pid]
	proctype = int(s.Buf[off+slotType])
	n := int(s.Buf[off+slotPC])
	if m.pcAt != nil {
		// (a pass asks at every process: one look-up, in a flat table)
		return proctype, m.pcAt[proctype<<8|n]
	}
	n |= int(s.Buf[off+slotPC+1]) << 8
	return proctype, m.Types[proctype].PCs[n]
}

// transOf is the transition list of proctype at pc (a pass looks it up
// at every call of NextOf: the flat table where there is one).
func (m *Model) transOf(proctype, pc int) []*Trans {
	if m.pcAt != nil {
		return m.pcAt[proctype<<8|pc].Trans
	}
	return m.Types[proctype].PCs[pc].Trans
}

// PC returns the pc of process pid.
func (m *Model) PC(s *State, pid int) int {
	off := s.Procs[pid] + slotPC
	if m.narrowPC {
		return int(s.Buf[off])
	}
	return int(s.Buf[off]) | int(s.Buf[off+1])<<8
}

func (m *Model) setPC(s *State, pid, pc int) {
	off := s.Procs[pid] + slotPC
	s.Buf[off] = byte(pc)
	if !m.narrowPC {
		s.Buf[off+1] = byte(pc >> 8)
	}
}

// Priority returns the priority of process pid (1 when the model does not
// use priorities).
func (m *Model) Priority(s *State, pid int) int {
	if !m.HasPriority {
		return 1
	}
	return int(s.Buf[int(s.Procs[pid])+m.prioOff()])
}

// Offsets computes the Procs and Chans of the state whose buffer is b
// from its bytes alone (for a state kept as its bytes, as the parallel
// search keeps the states it hands over), appended to procs and chans.
func (m *Model) Offsets(b []byte, procs, chans []int32) ([]int32, []int32) {
	v := m.HiddenSize
	nprocs := len(procs) + int(b[v+hdrNrPr])
	nchans := len(chans) + int(b[v+hdrNrQs])
	off := m.GlobalsOff + m.GlobalsSize
	for range m.GlobalChans {
		if len(chans) == nchans {
			break
		}
		chans = append(chans, int32(off))
		off += m.Chans[b[off]].Size
	}
	for len(procs) < nprocs {
		procs = append(procs, int32(off))
		pt := m.Types[b[off+slotType]]
		off += pt.Size
		for range pt.Chans {
			chans = append(chans, int32(off))
			off += m.Chans[b[off]].Size
		}
	}
	return procs, chans
}

func (m *Model) setCounts(s *State) {
	v := m.HiddenSize
	s.Buf[v+hdrNrPr] = byte(len(s.Procs))
	s.Buf[v+hdrNrQs] = byte(len(s.Chans))
}

// chanLen returns the number of messages in the channel at offset off.
func chanLen(b []byte, off int32, ct *ChanType) int {
	if ct.LenSize == 1 {
		return int(b[off+1])
	}
	return int(b[off+1]) | int(b[off+2])<<8
}

func setChanLen(b []byte, off int32, ct *ChanType, n int) {
	b[off+1] = byte(n)
	if ct.LenSize == 2 {
		b[off+2] = byte(n >> 8)
	}
}

// slotOff is the offset of message slot i of the channel at off.
func slotOff(off int32, ct *ChanType, i int) int {
	return int(off) + 1 + ct.LenSize + i*ct.MsgSize
}
