package vm

// An uninitialised channel (id 0) is one pan reads anyway: its q_len,
// q_full, q_zero, qsend and qrecv count "ref to uninitialized chan name"
// as an error (uerror: the search goes on) and then use the queue at
// q_offset[-1], which is the start of pan's state vector (the offset
// before q_offset's first is 0 in pan as gcc lays it out): a queue whose
// length byte is the number of processes (_nr_pr, the claim's included)
// and whose type byte is the number of channels (_nr_qs). Its sends and
// receives then fail for good (Uerror: "qsend bad queue#", "qrecv bad
// queue#"). gmc reads the channel as pan does, so that the searches count
// what pan counts (docs/references.md#spin-errors).

// SPIN's simulator reads channel 0 its own way: its length is 0 (empty,
// not full), and a send or a receive on it is not executable, SPIN
// printing an error each time it tries one ("Error: sending to an
// uninitialized chan"): a simulating machine does the same, and tells
// Machine.Uninit of the send or receive.

// simLen is the value SPIN's simulator gives op on channel 0.
func simLen(op Op) int64 {
	switch op {
	case OpChanEmpty, OpChanNFull:
		return 1
	}
	return 0 // len, nempty, full
}

// UninitUse is a send or a receive on channel 0 that a simulating
// machine found not executable, where SPIN's simulator prints an error:
// the process, its transition, whether it sends, and whether it was tried
// with timeout true.
type UninitUse struct {
	Pid     int
	T       *Trans
	Send    bool
	Timeout bool
}

// simUninit tells the simulator's hook of a send (send true) or a receive
// on channel 0, which is not executable.
func (vm *Machine) simUninit(send bool) {
	if vm.Uninit != nil {
		vm.Uninit(UninitUse{Pid: vm.pid, T: vm.t, Send: send, Timeout: vm.Timeout})
	}
}

// uninit records the counted error of a reference to channel 0 in the
// operation op (pan's words: len, qfull, q_zero, sending, receiving).
func (vm *Machine) uninit(op string) {
	vm.countError("ref to uninitialized chan name (" + op + ")")
}

// phantomLen is the length pan reads for channel 0: its number of
// processes.
func (vm *Machine) phantomLen() int {
	n := len(vm.s.Procs)
	if vm.M.Claim != nil && vm.M.ClaimPC(vm.s) >= 0 {
		n++ // pan's claim is a process
	}
	return n
}

// phantomFull is pan's q_full of channel 0: the queue type its type byte
// names is full when the length equals its capacity (one slot for a
// rendezvous); a type byte that names no channel type is pan's fatal
// "bad queue - q_full" (ok false).
func (vm *Machine) phantomFull() (full, ok bool) {
	vm.uninit("qfull")
	t := len(vm.s.Chans)
	if t < 1 || t > len(vm.M.Chans) {
		vm.fail("bad queue - q_full")
		return false, false
	}
	return vm.M.Chans[t-1].full(vm.phantomLen(), false), true
}

// phantomZero is pan's q_zero of channel 0, in a model that has
// rendezvous channels (pan calls it only there): counted, and not a
// rendezvous.
func (vm *Machine) phantomZero() {
	if vm.M.hasRendezvous {
		vm.uninit("q_zero")
	}
}

// phantomMatch is pan's receive guard on channel 0: q_zero (with
// rendezvous channels in the model), no rendezvous offer pending, q_len
// not 0. The message pan would then compare (Q_has, for ?? and matched
// fields) is its state vector's bytes: gmc stops there instead.
func (vm *Machine) phantomMatch(p *RecvPattern) bool {
	vm.phantomZero()
	if vm.Pending != 0 {
		return false
	}
	vm.uninit("len")
	if vm.phantomLen() == 0 {
		return false
	}
	matches := p.Random
	for _, m := range p.Match {
		matches = matches || m
	}
	if matches {
		vm.fail("a receive that matches fields on an uninitialised channel (pan compares its own state vector there: gmc does not follow it)")
		return false
	}
	return true
}

// phantomRecv is pan's qrecv of channel 0: counted, then fatal.
func (vm *Machine) phantomRecv() {
	vm.uninit("receiving")
	vm.fail("qrecv bad queue#")
}
