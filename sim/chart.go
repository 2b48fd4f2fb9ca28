package sim

import (
	"fmt"
	"strings"

	"gmc/lang"
	"gmc/vm"
)

// The message sequence chart (Options.Chart): the printer tells the
// chart what it sees of a run, the processes created and ended and the
// errors, and the machine's Chan hook the messages sent and received.

// chartStep is the number of the step being executed: in a simulation
// the depth counts it when it ends, in a replay when it starts.
func (p *printer) chartStep() int {
	if p.replay {
		return p.res.Depth
	}
	return p.res.Depth + 1
}

// chartStart tells the chart that process pid was created at the
// current depth by creator (-1: at the start).
func (p *printer) chartStart(s *vm.State, pid, creator int) {
	if p.opts.Chart == nil {
		return
	}
	step := p.res.Depth
	if creator < 0 {
		step = 0
	}
	label := strings.TrimSpace(p.label(s, pid, p.m.ProcType(s, pid)))
	name := label[strings.IndexByte(label, '(')+1 : len(label)-1] // "A:1" of "proc  0 (A:1)"
	p.opts.Chart.Start(step, pid, name, creator)
}

// chartEnd tells the chart that process pid ended.
func (p *printer) chartEnd(pid int) {
	if p.opts.Chart != nil {
		p.opts.Chart.End(p.res.Depth, pid)
	}
}

// chartError tells the chart of an error of the step being executed.
func (p *printer) chartError(e *vm.RuntimeError) {
	if p.opts.Chart != nil {
		p.opts.Chart.Error(p.chartStep(), e.Pid, e.Msg)
	}
}

// chanEvent is the machine's Chan hook: a message sent into channel ch
// at index slot of its queue, or received from there.
func (p *printer) chanEvent(send bool, ch, slot int) {
	s := p.r.Machine().State()
	step, pid := p.chartStep(), p.mv.Pid
	if !send {
		p.opts.Chart.Recv(step, pid, ch, slot)
		return
	}
	c := p.m.ChanContents(s, ch)
	if c == nil || slot >= len(c.Messages) {
		return
	}
	var b strings.Builder
	b.WriteString(p.chanName(s, pid, ch))
	b.WriteByte('!')
	for k, v := range c.Messages[slot] {
		if k > 0 {
			b.WriteByte(',')
		}
		if c.Type.FieldIsMtype(k) {
			b.WriteString(p.m.MtypeName(v))
		} else {
			fmt.Fprint(&b, v)
		}
	}
	p.opts.Chart.Send(step, pid, ch, slot, b.String(), c.Type.Cap == 0)
}

// chanName names channel ch as the sending process pid sees it, as SPIN
// names a channel in its -s lines where it can: a local (or parameter)
// of the process, else a global (an array's element with its index),
// else a local of another process ("B(2):c").
func (p *printer) chanName(s *vm.State, pid, ch int) string {
	find := func(items []vm.Item) string {
		for _, it := range items {
			if it.Chan && int(it.Value) == ch {
				return it.Name
			}
		}
		return ""
	}
	if pid < s.NrProcs() {
		if n := find(p.m.LocalItems(s, pid)); n != "" {
			return n
		}
	}
	if n := find(p.m.GlobalItems(s)); n != "" {
		return n
	}
	for q := 0; q < s.NrProcs(); q++ {
		if n := find(p.m.LocalItems(s, q)); n != "" {
			pt := p.m.ProcType(s, q)
			name := pt.Name
			if pt.Proc.Kind == lang.KindInit {
				name = ":init:"
			}
			return fmt.Sprintf("%s(%d):%s", name, q, n)
		}
	}
	return fmt.Sprintf("chan %d", ch)
}
