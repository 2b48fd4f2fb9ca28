package store

import (
	"encoding/binary"
	"sync"
	"sync/atomic"
)

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
	encoder
	tables partTables // the parts, numbered
	top    *Exact     // the tuples
}

// partTables are the tables that number the global parts and the process
// parts.
type partTables struct {
	global *Exact // the global parts, numbered
	procs  *Exact // the process parts, numbered
}

func newPartTables() partTables {
	t := partTables{global: newExact(10), procs: newExact(10)}
	t.global.NumberStates()
	t.procs.NumberStates()
	return t
}

// number interns part p, the global part if global, and returns its
// number.
func (t partTables) number(global bool, p []byte) uint32 {
	tab := t.procs
	if global {
		tab = t.global
	}
	tab.Insert(p)
	return tab.last
}

// encoder turns a state into its tuple of parts' numbers: the parts of a
// Splitter, each numbered once (a memo of the last state's parts).
type encoder struct {
	split Splitter
	parts [][]byte
	tuple []byte
	// The parts of the last state encoded, by position, and their
	// numbers: a search inserts the successors of a state one after
	// the other, which share most parts with it and with each other.
	memo   [][]byte
	memoID []uint32
}

// NewCollapse returns an empty collapse store that cuts states with
// split.
func NewCollapse(split Splitter) *Collapse {
	return &Collapse{encoder: encoder{split: split}, tables: newPartTables(), top: NewExact()}
}

// Presize implements Presizer: the table of the states' tuples (the
// parts' tables are as many as the parts, far fewer than the states).
func (c *Collapse) Presize(bits uint) { c.top.Presize(bits) }

// encode interns v's parts and returns its tuple.
func (c *Collapse) encode(v []byte) []byte { return c.encoder.encode(v, c.tables.number) }

// encode returns v's tuple, its parts numbered by number (the global
// part first) where the memo does not know them. The tuple is valid
// until the next encode.
func (e *encoder) encode(v []byte, number func(global bool, part []byte) uint32) []byte {
	e.parts = e.split.Split(v, e.parts[:0])
	for len(e.memo) < len(e.parts) {
		e.memo = append(e.memo, nil)
		e.memoID = append(e.memoID, 0)
	}
	t := e.tuple[:0]
	for i, p := range e.parts {
		if string(p) != string(e.memo[i]) || e.memoID[i] == 0 {
			e.memo[i] = append(e.memo[i][:0], p...)
			e.memoID[i] = number(i == 0, p)
		}
		t = binary.AppendUvarint(t, uint64(e.memoID[i]))
	}
	e.tuple = t
	return t
}

// Insert implements Store.
func (c *Collapse) Insert(v []byte) bool { return c.top.Insert(c.encode(v)) }

// Len implements Store.
func (c *Collapse) Len() int { return c.top.Len() }

// Bytes implements Store: the tuples and the parts, and the three tables.
func (c *Collapse) Bytes() (states, table int64) {
	for _, s := range []*Exact{c.tables.global, c.tables.procs, c.top} {
		v, t := s.Bytes()
		states += v
		table += t
	}
	return states, table
}

// Parts is the number of distinct global parts and process parts kept
// (pan's "collapse counts").
func (c *Collapse) Parts() (global, procs int) { return c.tables.global.Len(), c.tables.procs.Len() }

// Has reports whether v is in the store, without adding it.
func (c *Collapse) Has(v []byte) bool {
	c.parts = c.split.Split(v, c.parts[:0])
	t := c.tuple[:0]
	for i, p := range c.parts {
		tab := c.tables.procs
		if i == 0 {
			tab = c.tables.global
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

// CollapseTable is collapse compression for the parallel search
// (checker.Parallel, gmc run -j N --store collapse): the states' tuples
// in a Table, lock-free, with the parallel search's marks in its slots,
// and the parts numbered in one pair of tables behind a lock, which a
// View takes only for a part it has not numbered before: each View keeps
// the numbers it has met (the parts are few, and met again and again),
// so that after the first states it mostly encodes without a lock. Where
// Collapse shards behind locks cost -j 2 more than -j 1 (each state a
// lock), the tuples' table is the exact Table's.
type CollapseTable struct {
	top    *Table
	mu     sync.Mutex // guards tables
	tables partTables
	views  []*CollapseView
}

// NewCollapseTable returns an empty collapse table for views goroutines
// (at least 1), each cutting states with a Splitter of newSplit's.
func NewCollapseTable(views int, newSplit func() Splitter) *CollapseTable {
	c := &CollapseTable{top: NewTable(views), tables: newPartTables()}
	for i := range c.top.views {
		v := &CollapseView{c: c, top: c.top.views[i], encoder: encoder{split: newSplit()}}
		v.known[0], v.known[1] = map[string]uint32{}, map[string]uint32{}
		c.views = append(c.views, v)
	}
	return c
}

// CollapseView is one goroutine's access to a CollapseTable.
type CollapseView struct {
	c   *CollapseTable
	top *View
	encoder
	// known are the numbers of the parts this View has met: process
	// parts, global parts; knownBytes their memory, about (Bytes)
	known      [2]map[string]uint32
	knownBytes atomic.Int64
}

// knownEntry is about what a map entry of CollapseView.known costs
// besides its key's bytes: the key's string header, the number, the
// map's share of its slot and control byte.
const knownEntry = 32

// View implements Concurrent.
func (c *CollapseTable) View(i int) SharedView { return c.views[i] }

// SetPayload implements Concurrent: the marks are bits of the tuples'
// slots.
func (c *CollapseTable) SetPayload(int) {}

// Presize implements Presizer: the tuples' table.
func (c *CollapseTable) Presize(bits uint) { c.top.Presize(bits) }

// Insert implements Store, through the first View: for one goroutine
// only, when no other uses the table.
func (c *CollapseTable) Insert(v []byte) bool {
	w := c.views[0]
	w.Enter()
	defer w.Leave()
	return w.Insert(v)
}

// Len implements Store.
func (c *CollapseTable) Len() int { return c.top.Len() }

// Bytes implements Store: the tuples and the parts, and the tables (the
// Views' numbers of the parts they met among them).
func (c *CollapseTable) Bytes() (states, table int64) {
	states, table = c.top.Bytes()
	for _, w := range c.views {
		table += w.knownBytes.Load()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, s := range []*Exact{c.tables.global, c.tables.procs} {
		v, t := s.Bytes()
		states += v
		table += t
	}
	return states, table
}

// Parts is the number of distinct global parts and process parts kept.
func (c *CollapseTable) Parts() (global, procs int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tables.global.Len(), c.tables.procs.Len()
}

// Enter implements SharedView.
func (w *CollapseView) Enter() { w.top.Enter() }

// Leave implements SharedView.
func (w *CollapseView) Leave() { w.top.Leave() }

// Insert implements SharedView.
func (w *CollapseView) Insert(v []byte) bool { return w.top.Insert(w.encode(v, w.number)) }

// Visit implements SharedView: the tuple's, in the Table.
func (w *CollapseView) Visit(v []byte, mark Marks) (ref SharedRef, isNew bool, had Marks) {
	return w.top.Visit(w.encode(v, w.number), mark)
}

// Mark implements SharedView.
func (w *CollapseView) Mark(ref SharedRef, m Marks) { w.top.Mark(ref, m) }

// number is the number of part p, the global part if global: the View's
// if it met p before, else the shared tables', under their lock.
func (w *CollapseView) number(global bool, p []byte) uint32 {
	k := 0
	if global {
		k = 1
	}
	if id, ok := w.known[k][string(p)]; ok {
		return id
	}
	w.c.mu.Lock()
	id := w.c.tables.number(global, p)
	w.c.mu.Unlock()
	w.known[k][string(p)] = id
	w.knownBytes.Add(int64(len(p)) + knownEntry)
	return id
}
