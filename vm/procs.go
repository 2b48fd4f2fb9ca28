package vm

import (
	"fmt"
	"strconv"
	"strings"
)

// spawn creates a process of proctype pt at the end of s (SPIN-NOTES 7):
// its slot, with the parameters set from args and the locals declared at
// the start of the body initialised, followed by its local channels. It
// returns the new pid, or a fatal error message.
func (m *Model) spawn(s *State, pt *ProcType, args []int64, prio int) (int, string) {
	if len(s.Procs) >= MaxProcs {
		return 0, "too many processes"
	}
	pid := len(s.Procs)
	off := len(s.Buf)
	s.Buf = append(s.Buf, make([]byte, pt.Size)...)
	s.Buf[off+slotType] = byte(pt.ID)
	s.Procs = append(s.Procs[:len(s.Procs):len(s.Procs)], int32(off))
	m.setPC(s, pid, pt.Start)
	if m.HasPriority {
		if prio == 0 {
			prio = pt.Priority
		}
		s.Buf[off+m.prioOff()] = byte(prio)
	}
	base := off + m.SlotHeader()
	for i, p := range pt.Params {
		if i < len(args) {
			sc, size, bits := unpackClass(packClass(p.Type))
			store(s.Buf, base+p.Off, sc, size, bits, args[i])
		}
	}
	chans := s.Chans[:len(s.Chans):len(s.Chans)]
	for _, ci := range pt.Chans {
		if len(chans) >= 255 {
			return 0, "too many channels"
		}
		chans = m.newChan(s, chans, ci.Type)
		s.Buf[base+ci.Off] = byte(len(chans))
	}
	s.Chans = chans
	m.setCounts(s)
	if pt.Init != nil {
		vm := &Machine{M: m}
		vm.enter(s, pid, nil)
		if _, ok := vm.run(pt.Init, 0, false); !ok {
			msg := "error initialising a new process"
			if len(vm.Errors) > 0 {
				msg = vm.Errors[0].Msg
			}
			return 0, msg
		}
	}
	return pid, ""
}

// newChan appends an empty channel of type ct to s.
func (m *Model) newChan(s *State, chans []int32, ct *ChanType) []int32 {
	off := len(s.Buf)
	s.Buf = append(s.Buf, make([]byte, ct.Size)...)
	s.Buf[off] = byte(ct.ID)
	return append(chans, int32(off))
}

// remove deletes process pid, which must be the last one, and the channels
// created after it.
func (m *Model) remove(s *State, pid int) {
	off := s.Procs[pid]
	s.Buf = s.Buf[:off]
	s.Procs = s.Procs[:pid:pid]
	n := len(s.Chans)
	for n > 0 && s.Chans[n-1] >= off {
		n--
	}
	s.Chans = s.Chans[:n:n]
	m.setCounts(s)
}

// MtypeName returns the name of mtype value v (as printm and %e print it).
func (m *Model) MtypeName(v int64) string {
	for name, c := range m.Spec.MtypeValues {
		if c.Value == v && c.Subtype == "" {
			return name
		}
	}
	return strconv.FormatInt(v, 10)
}

// Sprintf formats a Promela printf: format is the string literal as
// written, with its quotes and escapes. The conversions are C's %d %i %u %c
// %o %x %X and SPIN's %e (an mtype's name); width and flags are honoured.
func Sprintf(m *Model, format string, args []int64) string {
	f := unquote(format)
	var b strings.Builder
	next := 0
	arg := func() int64 {
		if next < len(args) {
			next++
			return args[next-1]
		}
		return 0
	}
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			b.WriteByte(f[i])
			continue
		}
		j := i + 1
		for j < len(f) && strings.IndexByte("-+ #0123456789.l", f[j]) >= 0 {
			j++
		}
		if j >= len(f) {
			b.WriteString(f[i:])
			break
		}
		spec := strings.ReplaceAll(f[i:j], "l", "")
		switch f[j] {
		case '%':
			b.WriteByte('%')
		case 'd', 'i':
			fmt.Fprintf(&b, spec+"d", arg())
		case 'u':
			fmt.Fprintf(&b, spec+"d", uint32(arg()))
		case 'c':
			fmt.Fprintf(&b, spec+"c", rune(byte(arg())))
		case 'o', 'x', 'X':
			fmt.Fprintf(&b, spec+string(f[j]), uint32(arg()))
		case 'e':
			fmt.Fprintf(&b, spec+"s", m.MtypeName(arg()))
		case 's':
			fmt.Fprintf(&b, spec+"d", arg())
		default:
			b.WriteString(f[i : j+1])
		}
		i = j
	}
	return b.String()
}

// unquote removes the quotes of a string literal and interprets C escapes.
func unquote(lit string) string {
	if len(lit) >= 2 && lit[0] == '"' {
		lit = lit[1 : len(lit)-1]
	}
	if !strings.Contains(lit, `\`) {
		return lit
	}
	var b strings.Builder
	for i := 0; i < len(lit); i++ {
		c := lit[i]
		if c != '\\' || i+1 >= len(lit) {
			b.WriteByte(c)
			continue
		}
		i++
		switch lit[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '0':
			b.WriteByte(0)
		default:
			b.WriteByte(lit[i])
		}
	}
	return b.String()
}
