package store

import "encoding/binary"

// Splitter cuts a state vector into the parts collapse compression keeps
// apart: the global part first (the header, the global variables and the
// channels), then each process's part, in pid order. The parts must
// determine the vector: two different vectors never have the same parts.
// They may share a buffer of the splitter's, valid until the next Split.
// Package vm makes the splitter of a model (vm.Model.Splitter).
type Splitter interface {
	Split(v []byte, parts [][]byte) [][]byte
}

// Collapse is collapse compression (pan -DCOLLAPSE): an exact store in
// which each distinct global part and each distinct process part of the
// states is kept once, in a table of its own that numbers them, and a
// state is the tuple of its parts' numbers (varints), kept in an exact
// store. As most states differ from others in one process or in the
// globals, the parts are few and the tuples short: a state costs its
// tuple, a length byte and its slot in the table. The same states are
// stored as with Exact; it costs a lookup per part.
//
// pan numbers each proctype's parts apart and writes the proctype's
// number before each; here the parts of every proctype share one table
// (a part starts with its proctype's number), which spares that byte.
// pan puts every channel in the global part (unless -DSEPQS), as the
// Splitter does.
type Collapse struct {
	split  Splitter
	global *Exact // the global parts, numbered
	procs  *Exact // the process parts, numbered
	top    *Exact // the tuples
	parts  [][]byte
	tuple  []byte
	// The parts of the last state encoded, by position, and their
	// numbers: a search inserts the successors of a state one after
	// the other, which share most parts with it and with each other.
	memo   [][]byte
	memoID []uint32
}

// NewCollapse returns an empty collapse store that cuts states with
// split.
func NewCollapse(split Splitter) *Collapse {
	c := &Collapse{split: split, global: newExact(10), procs: newExact(10), top: NewExact()}
	c.global.NumberStates()
	c.procs.NumberStates()
	return c
}

// Presize implements Presizer: the table of the states' tuples (the
// parts' tables are as many as the parts, far fewer than the states).
func (c *Collapse) Presize(bits uint) { c.top.Presize(bits) }

// encode interns v's parts and returns its tuple.
func (c *Collapse) encode(v []byte) []byte {
	c.parts = c.split.Split(v, c.parts[:0])
	for len(c.memo) < len(c.parts) {
		c.memo = append(c.memo, nil)
		c.memoID = append(c.memoID, 0)
	}
	t := c.tuple[:0]
	for i, p := range c.parts {
		if string(p) != string(c.memo[i]) || c.memoID[i] == 0 {
			tab := c.procs
			if i == 0 {
				tab = c.global
			}
			tab.Insert(p)
			c.memo[i] = append(c.memo[i][:0], p...)
			c.memoID[i] = tab.last
		}
		t = binary.AppendUvarint(t, uint64(c.memoID[i]))
	}
	c.tuple = t
	return t
}

// Insert implements Store.
func (c *Collapse) Insert(v []byte) bool { return c.top.Insert(c.encode(v)) }

// Len implements Store.
func (c *Collapse) Len() int { return c.top.Len() }

// Bytes implements Store: the tuples and the parts, and the three tables.
func (c *Collapse) Bytes() (states, table int64) {
	for _, s := range []*Exact{c.global, c.procs, c.top} {
		v, t := s.Bytes()
		states += v
		table += t
	}
	return states, table
}

// Parts is the number of distinct global parts and process parts kept
// (pan's "collapse counts").
func (c *Collapse) Parts() (global, procs int) { return c.global.Len(), c.procs.Len() }

// Has reports whether v is in the store, without adding it.
func (c *Collapse) Has(v []byte) bool {
	c.parts = c.split.Split(v, c.parts[:0])
	t := c.tuple[:0]
	for i, p := range c.parts {
		tab := c.procs
		if i == 0 {
			tab = c.global
		}
		id, ok := tab.lookupID(p)
		if !ok {
			return false
		}
		t = binary.AppendUvarint(t, uint64(id))
	}
	c.tuple = t
	return c.top.Has(t)
}

// NumberStates makes the store number its states as Exact.NumberStates.
func (c *Collapse) NumberStates() { c.top.NumberStates() }

// LastID is the number of the state the last Insert found or added
// (NumberStates only).
func (c *Collapse) LastID() uint32 { return c.top.LastID() }

// SetPayload implements Payloads.
func (c *Collapse) SetPayload(n int) { c.top.SetPayload(n) }

// Put implements Payloads.
func (c *Collapse) Put(v []byte) (ref uint64, isNew bool) { return c.top.Put(c.encode(v)) }

// Payload implements Payloads.
func (c *Collapse) Payload(ref uint64) []byte { return c.top.Payload(ref) }
