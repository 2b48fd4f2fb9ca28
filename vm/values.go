package vm

import (
	"sort"
	"strconv"

	"gmc/lang"
)

// Item is one value of a variable, as a simulator's variable dump shows
// it: its name with indexes and fields (a[1], s.f, s.in.g[0]), and its
// value, or, for a channel variable, the channel it holds.
type Item struct {
	Name  string
	Value int64
	Mtype bool // an mtype: shown by name
	Chan  bool // a channel variable: Value is the channel (0: none)
}

// GlobalItems lists the values of the model's globals, hidden ones
// included, in declaration order, each array element and structure field
// on its own.
func (m *Model) GlobalItems(s *State) []Item {
	globals := append([]*Var(nil), m.Globals...)
	sort.SliceStable(globals, func(i, j int) bool { return globals[i].Var.Index < globals[j].Var.Index })
	var out []Item
	for _, v := range globals {
		out = appendItems(out, s.Buf, v.Var.Name, v.Off, v.Type, v.Len)
	}
	return out
}

// LocalItems lists the values of process pid's locals, as GlobalItems
// does, in SPIN's order: the last declared first, the parameters last
// (the last parameter first).
func (m *Model) LocalItems(s *State, pid int) []Item {
	pt := m.ProcType(s, pid)
	base := int(s.Procs[pid]) + m.SlotHeader()
	var out []Item
	for i := len(pt.Locals) - 1; i >= 0; i-- {
		v := pt.Locals[i]
		if v.Var.Param {
			continue
		}
		out = appendItems(out, s.Buf, v.Var.Name, base+v.Off, v.Type, v.Len)
	}
	for i := len(pt.Params) - 1; i >= 0; i-- {
		v := pt.Params[i]
		out = appendItems(out, s.Buf, v.Var.Name, base+v.Off, v.Type, v.Len)
	}
	return out
}

func appendItems(out []Item, b []byte, name string, off int, t *Type, n int) []Item {
	if n == 0 {
		return appendValue(out, b, name, off, t)
	}
	for i := 0; i < n; i++ {
		out = appendValue(out, b, name+"["+strconv.Itoa(i)+"]", off+i*t.Size, t)
	}
	return out
}

func appendValue(out []Item, b []byte, name string, off int, t *Type) []Item {
	if t.Kind == lang.TStruct {
		for _, f := range t.Fields {
			out = appendItems(out, b, name+"."+f.Var.Name, off+f.Off, f.Type, f.Len)
		}
		return out
	}
	return append(out, Item{
		Name:  name,
		Value: load(b, off, t.Scalar, t.Size),
		Mtype: t.Kind == lang.TMtype,
		Chan:  t.Kind == lang.TChan,
	})
}

// Channel is the contents of a channel, for showing it.
type Channel struct {
	Type     *ChanType
	Messages [][]int64 // the fields of each message, structure fields flattened
}

// ChanContents returns the contents of channel ch (its id, from 1), or
// nil if there is no such channel.
func (m *Model) ChanContents(s *State, ch int) *Channel {
	if ch <= 0 || ch > len(s.Chans) {
		return nil
	}
	off := s.Chans[ch-1]
	ct := m.Chans[s.Buf[off]]
	c := &Channel{Type: ct}
	for i := 0; i < chanLen(s.Buf, off, ct); i++ {
		msg := make([]int64, len(ct.Leaves))
		for k, l := range ct.Leaves {
			msg[k] = load(s.Buf, slotOff(off, ct, i)+l.Off, l.Scalar, l.Size)
		}
		c.Messages = append(c.Messages, msg)
	}
	return c
}

// FieldIsMtype reports whether message field k (after flattening) is an
// mtype, which is shown by name.
func (ct *ChanType) FieldIsMtype(k int) bool { return ct.Leaves[k].Mtype }

// LocalChans lists the channels process pid's local channel variables
// hold, in declaration order (0 for one that holds none).
func (m *Model) LocalChans(s *State, pid int) []int {
	pt := m.ProcType(s, pid)
	base := int(s.Procs[pid]) + m.SlotHeader()
	var out []int
	for _, v := range pt.Locals {
		if v.Type.Kind == lang.TChan {
			for i := 0; i < max(v.Len, 1); i++ {
				out = append(out, int(s.Buf[base+v.Off+i]))
			}
		}
	}
	return out
}

// GlobalChanIDs lists the channels the global channel variable v holds
// (each element of an array).
func (m *Model) GlobalChanIDs(s *State, v *lang.Var) []int {
	for _, g := range m.Globals {
		if g.Var == v {
			var out []int
			for i := 0; i < max(g.Len, 1); i++ {
				out = append(out, int(s.Buf[g.Off+i]))
			}
			return out
		}
	}
	return nil
}
