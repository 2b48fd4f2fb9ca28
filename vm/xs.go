package vm

import "gmc/lang"

// Exclusive channel use (xs, xr) at run time, as pan built with reduction
// checks it (docs/references.md#spin-por): a process declaring xs c (xr
// c) registers as c's only sender (receiver) when it is created; every
// send, nfull (receive, nempty) on c, and every len, empty, full and poll
// of it, checks that the process is the one registered (the first to
// register or access it wins). A failed check is an error, counted each
// time, that the search goes on from. The table is not part of the state
// and is never undone on backtracking, as in pan. Processes are named by
// pan's numbers: with a never claim, the claim is 0 and process pid is
// pid+1, so that the claim's own polls of a channel are checked too (and
// fail against the process registered for it, as in pan).

// Claim masks of XSTable (pan's q_claim bits).
const (
	xuRecv = 1 // xr
	xuSend = 2 // xs
)

// xuDecl is one channel an xs or xr statement of a proctype names.
type xuDecl struct {
	v    *Var
	mask uint8
}

// XSTable is what a search with reduction keeps of the xs and xr
// declarations: pan's q_claim, q_sender and q_recver, by channel id.
type XSTable struct {
	claim          [MaxProcs + 1]uint8
	sender, recver [MaxProcs + 1]int16
	base           int // pan's number of process 0: 1 with a never claim
	// tentative: the accesses are made ahead of their turn (a search
	// that computes a move before the moves before it are done), and the
	// owners they give channels are kept in given, to be taken back
	tentative bool
	given     []*int16
}

// Tentative makes the accesses from now on tentative (on) or not: the
// owners a tentative access gives channels are kept, and TakeBack takes
// them back. Which process owns a channel is decided by the first access
// in the search's order, so an access made ahead of its turn that gives
// an owner must be made again in its turn.
func (x *XSTable) Tentative(on bool) { x.tentative = on }

// TakeBack takes back the owners the tentative accesses gave, and reports
// whether they gave any.
func (x *XSTable) TakeBack() bool {
	if len(x.given) == 0 {
		return false
	}
	for _, o := range x.given {
		*o = 0
	}
	x.given = x.given[:0]
	return true
}

// NewXSTable returns the table for a search of m with reduction, nil
// when m declares no xs or xr (then there is nothing to check).
func (m *Model) NewXSTable() *XSTable {
	for _, pt := range m.Types {
		if len(pt.xu) > 0 {
			x := &XSTable{}
			if m.Claim != nil {
				x.base = 1
			}
			return x
		}
	}
	return nil
}

// xuDecls lists the xs and xr declarations of a proctype in the order pan
// registers them when it creates a process (the reverse of the source's).
func (c *compiler) xuDecls(p *lang.Proctype) []xuDecl {
	var out []xuDecl
	walkStmts(p.Body, func(s lang.Stmt) {
		x, ok := s.(*lang.XUStmt)
		if !ok {
			return
		}
		mask := uint8(xuRecv)
		if x.Kind == "xs" {
			mask = xuSend
		}
		for _, r := range x.Chans {
			if v := c.vars[r.Var]; r.Var != nil && v != nil {
				out = append(out, xuDecl{v, mask})
			}
		}
	})
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// Register records the xs and xr declarations of the process pid just
// created in s (pan's setq_claim), and returns the errors it raises.
func (x *XSTable) Register(m *Model, s *State, pid int) []string {
	pt := m.ProcType(s, pid)
	var errs []string
	for _, d := range pt.xu {
		off := d.v.Off
		if !d.v.Global {
			off += int(s.Procs[pid]) + m.SlotHeader()
		}
		ch := int(s.Buf[off])
		if ch == 0 {
			errs = append(errs, "x[rs] claim on uninitialized channel")
		}
		x.claim[ch] |= d.mask
		errs = x.check(m, s, ch, pid+x.base, d.mask, errs)
	}
	return errs
}

// Access checks an access by process pid (ClaimPid: the never claim) to
// channel ch of s that needs the claims in mask (xuSend, xuRecv), where
// the channel has them (pan's q_S_check, q_R_check), and returns the
// errors it raises.
func (x *XSTable) Access(m *Model, s *State, ch, pid int, mask uint8, errs []string) []string {
	who := pid + x.base
	if ch < 0 || ch > MaxProcs || who < 0 {
		return errs
	}
	return x.check(m, s, ch, who, x.claim[ch]&mask, errs)
}

// Claimed reports whether channel ch has the claims in mask (pan's
// q_claim bits).
func (x *XSTable) Claimed(ch int64, mask uint8) bool {
	return ch >= 0 && ch <= MaxProcs && x.claim[ch]&mask != 0
}

// check is pan's q_S_check and q_R_check by process who (pan's number).
func (x *XSTable) check(m *Model, s *State, ch, who int, mask uint8, errs []string) []string {
	if mask&xuSend != 0 {
		errs = x.own(&x.sender[ch], m, s, ch, who, "xs chans cannot be used for rv", errs)
	}
	if mask&xuRecv != 0 {
		errs = x.own(&x.recver[ch], m, s, ch, who, "xr chans cannot be used for rv", errs)
	}
	return errs
}

// own checks that who is channel ch's owner in one direction (owner: its
// sender's or its receiver's entry), making it the owner if there is none
// yet, when a rendezvous channel is refused with rvMsg.
func (x *XSTable) own(owner *int16, m *Model, s *State, ch, who int, rvMsg string, errs []string) []string {
	switch *owner {
	case 0:
		*owner = int16(who + 1)
		if x.tentative {
			x.given = append(x.given, owner)
		}
		if m.rendezvous(s, int64(ch)) {
			errs = append(errs, rvMsg)
		}
	case int16(who + 1):
	default:
		errs = append(errs, "error, partial order reduction invalid")
	}
	return errs
}

// xsAccess makes the checks of an access to channel ch by the running
// process, recording their errors (not fatal) in vm.Errors.
func (vm *Machine) xsAccess(ch int64, mask uint8) {
	if x := vm.XS; x != nil && !x.settled(ch, vm.pid+x.base, mask) {
		vm.xsCheck(ch, mask)
	}
}

// xsCheck is xsAccess's checks, where they may give a channel an owner or
// fail.
func (vm *Machine) xsCheck(ch int64, mask uint8) {
	vm.xsErrs = vm.XS.Access(vm.M, vm.s, int(ch), vm.pid, mask, vm.xsErrs[:0])
	for _, msg := range vm.xsErrs {
		vm.countError(msg)
	}
}

// settled reports whether the checks of an access to channel ch by pan's
// process who, with the claims in mask, have nothing to do: the channel
// has none of them, or who owns it for each (most of a search's
// accesses; cambridge's checks took 3% of its instructions without this
// test before them).
func (x *XSTable) settled(ch int64, who int, mask uint8) bool {
	if uint64(ch) > MaxProcs {
		return false
	}
	c, me := x.claim[ch]&mask, int16(who+1)
	return (c&xuSend == 0 || x.sender[ch] == me) && (c&xuRecv == 0 || x.recver[ch] == me)
}

// xsChanTest makes the checks of channel test op (len, empty, nempty,
// full, nfull) on channel ch: nempty is a receiver's test, nfull a
// sender's, and the others either's.
func (vm *Machine) xsChanTest(op Op, ch int64) {
	switch op {
	case OpChanNEmpty:
		vm.xsAccess(ch, xuRecv)
	case OpChanNFull:
		vm.xsAccess(ch, xuSend)
	default:
		vm.xsAccess(ch, xuRecv|xuSend)
	}
}
