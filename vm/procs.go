package vm

import (
	"strconv"
	"strings"
)

// spawn creates a process of proctype pt at the end of s
// (docs/references.md#spin-processes): its slot, with the parameters set
// from args and the locals declared at the start of the body initialised,
// followed by its local channels. It returns the new pid, or a fatal error
// message.
func (m *Model) spawn(s *State, pt *ProcType, args []int64, prio int) (int, string) {
	if m.NrPr(s) >= MaxProcs {
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

// Sprintf formats a Promela printf as SPIN does: format is the string
// literal as written (quotes and escapes included). SPIN reads the format
// itself rather than handing it to C: it knows %d %u %c %o %x, %e (an
// mtype's name) and %%, the escapes \n and \t (a backslash before anything
// else stands for that character), and nothing else. A conversion it does
// not know (a width, %s, %ld...) is an error that uses up an argument; a
// conversion without an argument left is an error too. The errors are
// returned in SPIN's words, in order.
func Sprintf(m *Model, format string, args []int64) (text string, errs []string) {
	raw := format
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' {
		raw = raw[1 : len(raw)-1]
	}
	var b strings.Builder
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; {
		case c == '\\' && i+1 < len(raw):
			i++
			switch raw[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(raw[i])
			}
		case c == '%' && i+1 < len(raw):
			i++
			conv := raw[i]
			if conv == '%' {
				b.WriteByte('%')
				continue
			}
			if len(args) == 0 {
				errs = append(errs, "too few print args "+format)
				continue
			}
			v := args[0]
			args = args[1:]
			switch conv {
			case 'd':
				b.WriteString(strconv.FormatInt(int64(int32(v)), 10))
			case 'u':
				b.WriteString(strconv.FormatUint(uint64(uint32(v)), 10))
			case 'c':
				if byte(v) != 0 {
					b.WriteByte(byte(v))
				}
			case 'o':
				b.WriteString(strconv.FormatUint(uint64(uint32(v)), 8))
			case 'x':
				b.WriteString(strconv.FormatUint(uint64(uint32(v)), 16))
			case 'e':
				b.WriteString(m.MtypeName(v))
			default:
				errs = append(errs, "bad print cmd: '"+raw[i-1:]+"\"'")
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), errs
}
