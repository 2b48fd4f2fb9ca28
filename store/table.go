package store

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"gmc/internal/hugepage"
	"gmc/internal/prefetch"
)

// Table is the exact store of the parallel search (checker.Parallel, gmc
// run -j N) when it keeps every state whole: one open-addressed table of
// 64-bit slots that all the goroutines search at once, each through its
// own View, so that a lookup writes nothing another core reads but the
// slot it fills. Where Shared's shards cost every lookup a lock and a
// shard's counters, written by every core (the cache lines travel
// between the cores on each state), a Table's lookup is a hash, a probe
// of the table by atomic loads, and for a new state an append to the
// View's own arena and one compare-and-swap on the empty slot.
//
// A slot holds the top bits of the state's hash (a tag, as Exact's
// entries: most mismatches are told apart without reading the vector,
// and growth moves entries by their tags alone), the arena position of
// the vector and two mark bits, the parallel search's Marks (Visit,
// Mark). The arenas are append-only chunks, each View's own, named in
// one directory: a View writes a vector and its chunk's name before the
// compare-and-swap that publishes its slot, so a goroutine that loads the
// slot reads only memory written before (the Go memory model: an atomic
// operation that observes another synchronizes with it). A View that
// loses the race for an empty slot to the same vector takes its unpublished
// copy back.
//
// The counts are each View's own, added to one counter every
// tableBatch states; the table grows when that counter says it is 3/4
// full, at a barrier: the View that finds it so waits until the others
// are out of the table (a View is in it between Enter and Leave, and
// looks at each operation whether a growth waits), moves the entries
// to a table twice as large, and lets them in again. A View held out
// of the table by a growth only waits; the slots a goroutine held (a
// SharedRef) name the state by its hash and arena position, which
// growth keeps, so they stay valid.
//
// Memory per state is Exact's: the vector after its length, and a slot
// of 8 bytes at a load of 3/8 to 3/4.
//
// A compact Table (NewCompactTable) is hash compaction in the same way:
// a slot holds the marks and a 62-bit fingerprint of the state (its
// hash's top bits, which are also its home), and no vector: a state is a
// slot of 8 bytes, a new one a compare-and-swap, where HashCompact shards
// behind locks cost -j 2 more than -j 1 (swp W=3,M=7,C=4 --no-reduce:
// 1.93-2.69 s against 1.8-1.9 s, a fifth of the processor time in the
// shards' locks).
type Table struct {
	seed    maphash.Seed
	views   []*View
	compact bool // hash compaction: fingerprints, no vectors

	// growing is set while a growth waits or runs: every operation
	// reads it, only a growth writes it (a line of its own).
	_       [64]byte
	growing atomic.Bool
	_       [63]byte
	// gate is held for reading by every View in the table, for writing
	// by a growth.
	gate sync.RWMutex
	// filled is the states counted so far, in batches of tableBatch
	// from each View.
	filled atomic.Int64
	_      [56]byte

	// the table: written only by a growth, which holds gate for
	// writing; read by the Views, which hold it for reading
	slots  []atomic.Uint64
	bits   uint
	tagged uint // up to this many bits, grow reads homes from tags
	mask   uint64
	limit  int64 // grow when filled passes it
	tbytes atomic.Int64

	// chunks is the directory of the arenas' chunks: each is written
	// once, by the View that made it, before a slot names it.
	chunks  [tableChunks][]byte
	nchunks atomic.Int64
}

const (
	tablePosBits   = 37 // a slot's arena position: chunk<<chunkBits | offset (128 GiB, as Exact's, for its tags' sake)
	tablePosMask   = 1<<tablePosBits - 1
	tableTagBits   = 62 - tablePosBits // the hash's top bits, below the marks
	tableMarks     = 3 << 62           // a slot's Marks, shifted by tableMarkShift
	tableMarkShift = 62
	// tableFingerprintBits: a compact table's fingerprint, below the marks
	tableFingerprintBits = 62
	tableChunks          = 1 << (tablePosBits - chunkBits)
	// tableBatch is how many states a View counts before it adds them to
	// the shared counter: one write of a shared line per tableBatch
	// states.
	tableBatch = 256
)

// View is one goroutine's access to a Table: its arena, its counts, and
// its place in or out of the table. A View is used by one goroutine at a
// time.
type View struct {
	t       *Table
	held    bool   // between Enter and Leave
	chunk   []byte // the chunk being filled (its length is what is used)
	chunkID int
	pending int64 // states not yet added to t.filled
	bytes   int64 // the bytes of the vectors this View added

	// what the others read of this View: its states and bytes, as of
	// its last batch
	n, used atomic.Int64
	_       [64]byte // (the Views are apart: each writes its own counts)
}

// NewTable returns an empty table for views goroutines (at least 1).
func NewTable(views int) *Table { return newTable(views, false) }

// NewCompactTable returns an empty compact table (hash compaction) for
// views goroutines (at least 1).
func NewCompactTable(views int) *Table { return newTable(views, true) }

func newTable(views int, compact bool) *Table {
	views = max(views, 1)
	t := &Table{seed: maphash.MakeSeed(), tagged: tableTagBits, compact: compact}
	// The table must hold what the Views add before they count it,
	// views*tableBatch states, with room to spare: at least 8 times as
	// many slots (see addCount).
	t.resize(max(initBits, uint(bits.Len(uint(8*views*tableBatch-1)))))
	for range views {
		t.views = append(t.views, &View{t: t})
	}
	return t
}

func (t *Table) resize(bits uint) {
	t.bits = bits
	t.slots = hugepage.Make[atomic.Uint64](1 << bits)
	t.mask = 1<<bits - 1
	t.limit = int64(len(t.slots)) / 4 * 3
	t.tbytes.Store(int64(len(t.slots)) * 8)
}

// Presize implements Presizer; call it before any view inserts.
func (t *Table) Presize(bits uint) {
	if t.Len() == 0 && bits > t.bits {
		t.resize(bits)
	}
}

// View is the view of goroutine i (0 to the views given to NewTable - 1).
func (t *Table) View(i int) SharedView { return t.views[i] }

// SetPayload implements Concurrent: the Marks are bits of every slot,
// and a Table has no other payload.
func (t *Table) SetPayload(int) {}

// Compact reports whether t keeps fingerprints (NewCompactTable) rather
// than vectors.
func (t *Table) Compact() bool { return t.compact }

// Omission is, for a compact table, the probability that two of its
// states had one fingerprint (62 bits: at most n(n-1)/2^63); 0 for an
// exact one.
func (t *Table) Omission() float64 {
	if !t.compact {
		return 0
	}
	n := float64(t.Len())
	return min(n*(n-1)/math.Exp2(63), 1)
}

// Len implements Store: the states of all the Views as of their last
// batch, exact when none is in the table.
func (t *Table) Len() int {
	n := int64(0)
	for _, v := range t.views {
		n += v.n.Load()
	}
	return int(n)
}

// Bytes implements Store: the Views' arenas as of their last batch, and
// the table.
func (t *Table) Bytes() (states, table int64) {
	for _, v := range t.views {
		states += v.used.Load()
	}
	return states, t.tbytes.Load()
}

// Each calls f with every vector in the table (f must not keep it), in
// the table's order: for one goroutine, when no View is in the table
// (after the search). A vector a View appended but another View's
// insert of the same state beat is in no slot, and is not yielded. A
// compact table has no vectors to yield.
func (t *Table) Each(f func(v []byte)) {
	if t.compact {
		return
	}
	for i := range t.slots {
		if e := t.slots[i].Load(); e != 0 {
			f(storedVector(t.chunks[:], e&tablePosMask-1))
		}
	}
}

// Insert implements Store, through the first View: for one goroutine
// only, when no other uses the table.
func (t *Table) Insert(v []byte) bool {
	w := t.views[0]
	w.Enter()
	defer w.Leave()
	return w.Insert(v)
}

// Enter lets the View into the table: it must be in to look up states,
// and while it is, a growth waits for it to leave or to look up again.
func (w *View) Enter() {
	w.t.gate.RLock()
	w.held = true
}

// Leave takes the View out of the table, and counts its states.
func (w *View) Leave() {
	w.flush()
	w.held = false
	w.t.gate.RUnlock()
}

// wait lets a growth that waits run before the View looks up a state.
// (Small enough to inline: every lookup asks.)
func (w *View) wait() {
	if w.t.growing.Load() {
		w.letGrow()
	}
}

// letGrow lets the growth that waits run, and waits for it.
func (w *View) letGrow() {
	w.t.gate.RUnlock()
	w.t.gate.RLock()
}

// Insert implements SharedView.
func (w *View) Insert(v []byte) bool {
	_, isNew, _ := w.Visit(v, 0)
	return isNew
}

// Visit implements SharedView: the marks are the slot's top bits, set
// by the compare-and-swap that fills the slot (Mark: by an atomic or).
func (w *View) Visit(v []byte, mark Marks) (ref SharedRef, isNew bool, had Marks) {
	return w.VisitHashed(v, w.Hash(v), mark)
}

// Hash is the hash of v that VisitHashed and Prefetch take.
func (w *View) Hash(v []byte) uint64 { return maphash.Bytes(w.t.seed, v) }

// Prefetch asks for the slot where the lookup of a vector of hash h
// begins (Exact.Prefetch), between Enter and Leave (a growth may replace
// the table before the lookup: the request is then lost, nothing else).
func (w *View) Prefetch(h uint64) {
	t := w.t
	prefetch.Line(unsafe.Pointer(&t.slots[h>>(64-t.bits)]))
}

// VisitHashed is Visit of v, whose hash is h.
func (w *View) VisitHashed(v []byte, h uint64, mark Marks) (ref SharedRef, isNew bool, had Marks) {
	w.wait()
	t := w.t
	if t.compact {
		return w.visitFingerprint(h, mark)
	}
	tag := h >> (64 - tableTagBits) << tablePosBits
	m := uint64(mark) << tableMarkShift
	var pos uint64 // our copy of v, +1, once made
	for i := h >> (64 - t.bits); ; i = (i + 1) & t.mask {
		e := t.slots[i].Load()
		if e == 0 {
			if pos == 0 {
				pos = w.append(v) + 1
			}
			if t.slots[i].CompareAndSwap(0, m|tag|pos) {
				w.count(len(w.chunk) - w.offset(pos))
				return SharedRef{a: h, b: pos}, true, 0
			}
			e = t.slots[i].Load() // another View filled it first
		}
		if e&^tableMarks&^tablePosMask == tag && storedEqual(t.chunks[:], e&tablePosMask-1, v) {
			if pos != 0 {
				// our copy was never published: take it back
				w.chunk = w.chunk[:w.offset(pos)]
			}
			return SharedRef{a: h, b: e & tablePosMask}, false, Marks(e >> tableMarkShift)
		}
	}
}

// visitFingerprint is VisitHashed in a compact table: the state is its
// fingerprint, the hash's top 62 bits (1 for 0: a slot of 0 is empty),
// and its reference the fingerprint twice (Mark finds its slot as an
// exact table's, by its home and its "position").
func (w *View) visitFingerprint(h uint64, mark Marks) (ref SharedRef, isNew bool, had Marks) {
	t := w.t
	fp := max(h>>(64-tableFingerprintBits), 1)
	for i := fp >> (tableFingerprintBits - t.bits); ; i = (i + 1) & t.mask {
		e := t.slots[i].Load()
		if e == 0 {
			if t.slots[i].CompareAndSwap(0, uint64(mark)<<tableMarkShift|fp) {
				w.count(0)
				return SharedRef{a: fp << (64 - tableFingerprintBits), b: fp}, true, 0
			}
			e = t.slots[i].Load() // another View filled it first
		}
		if e&^tableMarks == fp {
			return SharedRef{a: fp << (64 - tableFingerprintBits), b: fp}, false, Marks(e >> tableMarkShift)
		}
	}
}

// Mark implements SharedView: it finds the slot by the hash and the
// position ref keeps, which a growth does not change.
func (w *View) Mark(ref SharedRef, marks Marks) {
	w.wait()
	t := w.t
	m := uint64(marks) << tableMarkShift
	key := uint64(tablePosMask)
	if t.compact {
		key = ^uint64(tableMarks)
	}
	for i := ref.a >> (64 - t.bits); ; i = (i + 1) & t.mask {
		e := t.slots[i].Load()
		if e&key == ref.b {
			if e&m != m {
				t.slots[i].Or(m)
			}
			return
		}
		if e == 0 {
			panic("store: Mark of a state the table does not hold")
		}
	}
}

// offset is where in the View's chunk its copy pos (+1) starts: a
// copy is always in the View's last chunk until it is published.
func (w *View) offset(pos uint64) int { return int((pos - 1) & (maxChunk - 1)) }

// count counts a new state of bytes bytes, and every tableBatch states
// adds the View's to the table's.
func (w *View) count(bytes int) {
	w.bytes += int64(bytes)
	w.pending++
	if w.pending == tableBatch {
		w.flush()
	}
}

// flush adds the View's pending states to the table's count, and grows
// the table when it is full. With at most tableBatch states not yet
// counted per View, and at least 8 times that many slots per View
// (NewTable), a table grown at 3/4 never fills up while a growth waits
// for the Views to leave.
func (w *View) flush() {
	t := w.t
	if w.pending == 0 {
		return
	}
	w.n.Store(w.n.Load() + w.pending)
	w.used.Store(w.bytes)
	filled := t.filled.Add(w.pending)
	w.pending = 0
	if filled > t.limit && w.held && t.growing.CompareAndSwap(false, true) {
		t.gate.RUnlock()
		t.gate.Lock()
		if t.filled.Load() > t.limit {
			t.grow()
		}
		t.growing.Store(false)
		t.gate.Unlock()
		t.gate.RLock()
	}
}

// grow doubles the table, while no View is in it. The Views wait for
// it, and their cores with them: a large table is moved by as many
// goroutines as there are Views (up to GOMAXPROCS), each a part of the
// old slots, which it puts in the new table by compare-and-swap as
// Visit does. The new table is a table of linear probing whatever the
// order of the moves: an entry takes the first slot empty when it is
// moved, and slots only fill, so none between its home and its slot
// empties after. (swp W=3,M=7,C=4 -j 2: its growths took 0.34 s on one
// core while the other waited, load 4.)
func (t *Table) grow() {
	old := t.slots
	t.resize(t.bits + 1)
	parts := 1
	if len(old) >= growSplit {
		parts = min(len(t.views), runtime.GOMAXPROCS(0))
	}
	per := (len(old) + parts - 1) / parts
	var wg sync.WaitGroup
	for k := 1; k < parts; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.move(old[k*per : min((k+1)*per, len(old))])
		}()
	}
	t.move(old[:per])
	wg.Wait()
}

// growSplit is the least old table grow splits: below, a goroutine
// costs more than it saves.
const growSplit = 1 << 16

// move puts the entries of old, a part of the table before it grew, in
// the new table. Up to 2^tableTagBits slots an entry's new home comes
// from its tag; beyond, from its vector's hash.
func (t *Table) move(old []atomic.Uint64) {
	for k := range old {
		e := old[k].Load()
		if e == 0 {
			continue
		}
		var home uint64
		switch {
		case t.compact:
			home = (e &^ tableMarks) >> (tableFingerprintBits - t.bits)
		case t.bits <= t.tagged:
			home = (e &^ tableMarks >> tablePosBits) >> (tableTagBits - t.bits)
		default:
			home = maphash.Bytes(t.seed, storedVector(t.chunks[:], e&tablePosMask-1)) >> (64 - t.bits)
		}
		for i := home; ; i = (i + 1) & t.mask {
			if t.slots[i].Load() == 0 && t.slots[i].CompareAndSwap(0, e) {
				break
			}
		}
	}
}

// append copies v after its length into the View's arena, unpublished,
// and returns its position.
func (w *View) append(v []byte) uint64 {
	need := len(v) + binary.MaxVarintLen32
	if w.chunk == nil || len(w.chunk)+need > cap(w.chunk) {
		size := minChunk
		if w.chunk != nil {
			size = min(2*cap(w.chunk), maxChunk)
		}
		size = max(size, need) // a huge vector gets a chunk of its own
		id := w.t.nchunks.Add(1) - 1
		if id >= tableChunks {
			panic(ErrFull)
		}
		w.chunk, w.chunkID = hugepage.Make[byte](size)[:0], int(id)
		w.t.chunks[id] = w.chunk[:size]
	}
	pos := uint64(w.chunkID)<<chunkBits | uint64(len(w.chunk))
	w.chunk = binary.AppendUvarint(w.chunk, uint64(len(v)))
	w.chunk = append(w.chunk, v...)
	return pos
}
