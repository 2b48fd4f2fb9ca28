package msc

import (
	"fmt"
	"sort"
)

// DefaultMaxEvents bounds what a Chart records: past it, a long run's
// chart would be too tall to read and to draw in a browser.
const DefaultMaxEvents = 5000

// Chart collects the events of one run for its message sequence chart.
// The run tells it, in the order they happen, each process created
// (Start), each process ending (End), each message put into a channel
// (Send) or taken out of one (Recv), and each error (Error); WriteSVG
// draws it. Steps are the run's step numbers, as its output shows them:
// they never decrease.
type Chart struct {
	// MaxEvents bounds the events recorded (0: DefaultMaxEvents); the
	// rest of the run is left out, and the chart says so.
	MaxEvents int

	lines  []*lifeline
	alive  map[int]*lifeline // by pid: the process's current lifeline
	msgs   []*message
	queues map[int][]*message // by channel: the messages in it, in its order
	marks  []*mark
	events int
	last   int // the last step told
	// cut is the step from which events were left out (-1: none)
	cut int
}

// lifeline is one process, from its creation to its end (end -1: it was
// alive when the run stopped).
type lifeline struct {
	pid        int
	name       string
	start, end int
	creator    *lifeline // nil: an initial process
}

// message is one message: sent by from at step send, received by to at
// step recv (to nil: never received).
type message struct {
	from, to   *lifeline
	send, recv int
	label      string
	rendezvous bool
}

// mark is an error on a lifeline.
type mark struct {
	line *lifeline
	step int
	text string
}

// New returns an empty chart.
func New() *Chart {
	return &Chart{alive: map[int]*lifeline{}, queues: map[int][]*message{}, cut: -1}
}

// full reports whether the chart records no more events, and counts one
// more when it does.
func (c *Chart) full(step int) bool {
	limit := c.MaxEvents
	if limit <= 0 {
		limit = DefaultMaxEvents
	}
	if c.cut >= 0 {
		return true
	}
	if c.events >= limit {
		c.cut = step
		return true
	}
	c.events++
	if step > c.last {
		c.last = step
	}
	return false
}

// Start records that process pid, named name (as the run names it,
// "A:1"), was created at step by process creator (-1: it is one of the
// processes the run starts with, at step 0).
func (c *Chart) Start(step, pid int, name string, creator int) {
	if c.full(step) {
		return
	}
	l := &lifeline{pid: pid, name: name, start: step, end: -1, creator: c.alive[creator]}
	if creator < 0 {
		l.creator = nil
	}
	c.lines = append(c.lines, l)
	c.alive[pid] = l
}

// End records that process pid ended at step.
func (c *Chart) End(step, pid int) {
	if c.full(step) {
		return
	}
	if l := c.alive[pid]; l != nil {
		l.end = step
		delete(c.alive, pid)
	}
}

// Send records that process pid put a message, shown as label
// ("q!3,ping"), into channel ch at index slot of its queue, at step; a
// rendezvous channel's message (rendezvous true) is taken at once.
func (c *Chart) Send(step, pid, ch, slot int, label string, rendezvous bool) {
	if c.full(step) {
		return
	}
	m := &message{from: c.alive[pid], send: step, recv: -1, label: label, rendezvous: rendezvous}
	if m.from == nil {
		return // (a process the chart was not told of)
	}
	c.msgs = append(c.msgs, m)
	q := c.queues[ch]
	slot = min(max(slot, 0), len(q))
	q = append(q, nil)
	copy(q[slot+1:], q[slot:])
	q[slot] = m
	c.queues[ch] = q
}

// Recv records that process pid took the message at index slot of
// channel ch's queue, at step. A message the chart was not told of
// (sent before it started recording) is left out.
func (c *Chart) Recv(step, pid, ch, slot int) {
	if c.full(step) {
		return
	}
	q := c.queues[ch]
	if slot < 0 || slot >= len(q) {
		return
	}
	m := q[slot]
	c.queues[ch] = append(q[:slot], q[slot+1:]...)
	m.to, m.recv = c.alive[pid], step
}

// Error records an error of process pid at step (text: what the run
// says, "assertion violated (y == 3)").
func (c *Chart) Error(step, pid int, text string) {
	if c.full(step) {
		return
	}
	if l := c.alive[pid]; l != nil {
		c.marks = append(c.marks, &mark{line: l, step: step, text: text})
	}
}

// Summary says what the chart holds, in one line.
func (c *Chart) Summary() string {
	s := fmt.Sprintf("%d processes, %d messages", len(c.lines), len(c.msgs))
	if c.cut >= 0 {
		s += fmt.Sprintf(", cut at step %d (more than %d events)", c.cut, c.events)
	}
	return s
}

// rows returns the steps the chart shows, in order: those where
// something is drawn. (A rendezvous is drawn at its receive's step: in a
// replay its send is a step of its own.)
func (c *Chart) rows() []int {
	seen := map[int]bool{0: true}
	for _, l := range c.lines {
		seen[l.start] = true
		if l.end >= 0 {
			seen[l.end] = true
		}
	}
	for _, m := range c.msgs {
		if m.to == nil || !m.rendezvous {
			seen[m.send] = true
		}
		if m.to != nil {
			seen[m.recv] = true
		}
	}
	for _, k := range c.marks {
		seen[k.step] = true
	}
	steps := make([]int, 0, len(seen))
	for s := range seen {
		steps = append(steps, s)
	}
	sort.Ints(steps)
	return steps
}
