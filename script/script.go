package script

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"gmc/internal/atomicfile"
	"gmc/store"
)

// Search scripts (search-carrying code, chapter 3 of
// 004, docs/references.md#004-ch-3). A script records an
// exhaustive DFS as the sequence of what it did, so that a certifier can
// repeat the search without a table of visited states and notice any
// deviation.
//
// Format, version 2: a gzip stream of
//
//	gmc search script 2\n
//	kind full|trustful\n
//	model FINGERPRINT\n        vm.Model.Fingerprint of the model searched
//	depth N\n                  the depth bound of the search
//	\n
//
// then instructions, one byte of opcode and its arguments as unsigned
// varints, in the order the search did them:
//
//	M pid trans   the search takes transition trans (its ID in its
//	              proctype) of process pid
//	N             the state it arrives at is new: its ID is the number
//	              of N's and n's so far (states are numbered from 1)
//	n             a new state the script never names again
//	R id          the state it arrives at is state id, seen before
//	r id          the same, and the script never names state id again
//	B             the search backtracks from the state on top of the stack
//	E states      the end: the number of states
//	G size...     after E, the Subgraphs list (004 §3.2.1): for each state,
//	              by ID, the number of M's in the part of the script that
//	              explores it (from its N to the B that leaves it)
//
// States the search does not store (inside an atomic sequence or a
// rendezvous handshake) have no N or R. The search's order is fixed, so
// the certifier expects each instruction at the point where its own
// search does the same. The lower-case forms are the last-occurrence
// marks of 004 §4.4: a certifier forgets a state's fingerprint after its
// last use. Subgraphs lets a certifier split the script into parts of
// about equal work (Algorithm 3.2, gmc certify --parallel).
//
// A trustful script (004 §3.1.3) records the perfect search: only the
// moves that lead to new states (through states not stored, if need be),
// the N's of those states, and their backtracks; and, since an assertion
// is a transition of its own in Promela, not a property of states, every
// move that executes an assertion, wherever it leads; M's second
// argument is trans<<1 | 1 when the move was possible only because of
// timeout; no R; and
//
//	D             the state on top of the stack has no moves at all
//
// so that the certifier checks end states without trying every move.

const (
	scriptVersion = 2
	scriptMagic   = "gmc search script 2"
)

// Script instructions. opCut is not written: a parallel certification
// puts it where it cut a part of the script out (partition.go).
const (
	opBacktrack   byte = 'B'
	opMove        byte = 'M'
	opNew         byte = 'N'
	opNewLast     byte = 'n'
	opRevisit     byte = 'R'
	opRevisitLast byte = 'r'
	opEnd         byte = 'E'
	opDeadEnd     byte = 'D'
	opSubgraphs   byte = 'G'
	opCut         byte = 'X'
)

// Writer records a search script as the search runs. The
// instructions go to a temporary file first: the marks of last
// occurrences and the Subgraphs list are known only at the end, and the
// script of a long search should not have to fit in memory.
type Writer struct {
	header   string
	trustful bool
	file     *os.File
	raw      *bufio.Writer
	err      error // the first error writing the temporary file
	tmp      []byte

	// trustful: the moves of the search stack, of which the first
	// written are in the script (the others lead to no new state yet)
	stack   [][2]uint64
	written int

	// The states: how many, and for stores that do not number their
	// states (a cache forgets them), the ID of each state's fingerprint.
	states uint32
	ids    map[uint64]uint32
	// A state explored again after a cache evicted it (Algorithm 4.2 of
	// 004, done as the search goes): nothing is written from its
	// arrival to the backtrack from it, which is at search depth skip.
	depth, skip int

	// What the script's structure says, kept as it is written: its open
	// frames (a state ID, or 0 for a state not stored, and the moves
	// written before it), the moves written, each state's Subgraphs size,
	// and the number of the last R naming each state.
	frames  []scriptFrame
	moves   uint64
	sizes   []uint64
	revisit uint64
	lastRef []uint64
}

type scriptFrame struct {
	id    uint32
	moves uint64
}

// NewWriter starts a script for the model with the given
// fingerprint, searched with depth bound maxDepth; trustful records only
// the perfect search; reduced says that the search reduces by partial
// order (checker.Options.Reduce), which a certification must then do too.
func NewWriter(fingerprint string, maxDepth int, trustful, reduced bool) (*Writer, error) {
	f, err := os.CreateTemp("", "gmc-script-*")
	if err != nil {
		return nil, fmt.Errorf("search script: %w", err)
	}
	kind := "full"
	if trustful {
		kind = "trustful"
	}
	w := &Writer{
		header:   fmt.Sprintf("%s\nkind %s\nmodel %s\ndepth %d\n%s\n", scriptMagic, kind, fingerprint, maxDepth, reducedLine(reduced)),
		trustful: trustful,
		file:     f,
		raw:      bufio.NewWriterSize(f, 1<<16),
		frames:   []scriptFrame{{}}, // the initial state's
		depth:    1,
	}
	if trustful {
		w.stack, w.written = [][2]uint64{{}}, 1 // the initial state: no move
	}
	return w, nil
}

// The search's events: move, arrive, deadEnd, backtrack.

func (w *Writer) move(pid, trans int, timeout, asserts bool) {
	w.depth++
	if w.skip > 0 {
		return
	}
	if !w.trustful {
		w.emit(opMove, uint64(pid), uint64(trans))
		return
	}
	code := uint64(trans) << 1
	if timeout {
		code |= 1
	}
	w.stack = append(w.stack, [2]uint64{uint64(pid), code})
	if asserts {
		w.flush() // the certifier must check the assertion
	}
}

// arrive records the arrival at a stored state: state id, new or seen
// before.
func (w *Writer) arrive(isNew bool, id uint32) {
	if w.skip > 0 {
		if isNew {
			w.fail(errors.New("a new state while exploring a state again"))
		}
		return
	}
	switch {
	case isNew:
		w.states++
		if id != w.states {
			w.fail(fmt.Errorf("state %d numbered %d", w.states, id))
		}
		w.flush()
		w.emit(opNew, uint64(id))
	case !w.trustful:
		w.emit(opRevisit, uint64(id))
	}
}

// arriveKey is arrive for a store that does not number its states: key
// is the state's vector, inserted what the store said of it. A state a
// cache took for new but the script has named is one explored again
// after its eviction: the script says it is a revisit, and leaves out
// its exploration, which finds nothing new (004 Theorem 4.3.1).
func (w *Writer) arriveKey(key []byte, inserted bool) {
	if w.ids == nil {
		w.ids = make(map[uint64]uint32)
	}
	fp := store.Fingerprint(key)
	id, known := w.ids[fp]
	switch {
	case !known && !inserted:
		w.fail(errors.New("the store knows a state the script never named"))
	case !known:
		id = w.states + 1
		if w.skip == 0 {
			w.ids[fp] = id
		}
		w.arrive(true, id)
	default:
		w.arrive(false, id)
		if inserted && w.skip == 0 {
			w.skip = w.depth
		}
	}
}

// flush writes the moves of the stack not written yet: they lead to a
// new state.
func (w *Writer) flush() {
	for ; w.written < len(w.stack); w.written++ {
		w.emit(opMove, w.stack[w.written][0], w.stack[w.written][1])
	}
}

// deadEnd records that the state on top of the stack has no moves.
func (w *Writer) deadEnd() {
	if w.trustful && w.skip == 0 {
		w.flush()
		w.emit(opDeadEnd)
	}
}

func (w *Writer) backtrack() {
	w.depth--
	if w.skip > 0 {
		if w.depth+1 > w.skip {
			return
		}
		w.skip = 0 // the backtrack from the state explored again
	}
	if !w.trustful {
		w.emit(opBacktrack)
		return
	}
	top := len(w.stack) - 1
	if top < w.written {
		w.emit(opBacktrack)
		w.written = top
	}
	w.stack = w.stack[:top]
}

// emit writes an instruction to the temporary file and keeps the
// script's structure: frames, Subgraphs sizes, last references.
func (w *Writer) emit(op byte, args ...uint64) {
	switch op {
	case opMove:
		w.moves++
		w.frames = append(w.frames, scriptFrame{})
	case opNew:
		w.frames[len(w.frames)-1] = scriptFrame{id: uint32(args[0]), moves: w.moves}
		w.sizes = append(w.sizes, 0)
		w.lastRef = append(w.lastRef, 0)
		args = nil // the ID is implicit
	case opRevisit:
		w.revisit++
		w.lastRef[args[0]-1] = w.revisit
	case opBacktrack:
		top := w.frames[len(w.frames)-1]
		if top.id != 0 {
			w.sizes[top.id-1] = w.moves - top.moves
		}
		w.frames = w.frames[:len(w.frames)-1]
	}
	w.tmp = append(w.tmp[:0], op)
	for _, a := range args {
		w.tmp = binary.AppendUvarint(w.tmp, a)
	}
	if _, err := w.raw.Write(w.tmp); err != nil {
		w.fail(err)
	}
}

func (w *Writer) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// Write ends the script and writes it to path, whole or not at all: the
// instructions with their last occurrences marked, then the Subgraphs
// list, compressed at gzip's fastest level (a script is large; the
// certifier reads it once).
func (w *Writer) Write(path string) error {
	defer w.Discard()
	if w.err == nil {
		w.err = w.raw.Flush()
	}
	if w.err == nil {
		_, w.err = w.file.Seek(0, io.SeekStart)
	}
	if w.err != nil {
		return fmt.Errorf("search script: %w", w.err)
	}
	return atomicfile.WriteFunc(path, func(out io.Writer) error {
		z, _ := gzip.NewWriterLevel(out, gzip.BestSpeed) // a valid level: no error
		b := bufio.NewWriterSize(z, 1<<16)
		b.WriteString(w.header)
		if err := w.mark(bufio.NewReaderSize(w.file, 1<<16), b); err != nil {
			return err
		}
		var tmp []byte
		tmp = binary.AppendUvarint(append(tmp, opEnd), uint64(w.states))
		tmp = append(tmp, opSubgraphs)
		for _, size := range w.sizes {
			tmp = binary.AppendUvarint(tmp, size)
			if len(tmp) > 1<<12 {
				b.Write(tmp)
				tmp = tmp[:0]
			}
		}
		b.Write(tmp)
		if err := b.Flush(); err != nil {
			return err
		}
		return z.Close()
	})
}

// mark copies the instructions from the temporary file, marking each
// state's last occurrence.
func (w *Writer) mark(in *bufio.Reader, out *bufio.Writer) error {
	var id, revisit uint64
	var tmp []byte
	for {
		op, err := in.ReadByte()
		if err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		tmp = append(tmp[:0], op)
		switch op {
		case opMove:
			for range 2 {
				a, _ := binary.ReadUvarint(in) // our own file
				tmp = binary.AppendUvarint(tmp, a)
			}
		case opNew:
			id++
			if w.lastRef[id-1] == 0 {
				tmp[0] = opNewLast
			}
		case opRevisit:
			a, _ := binary.ReadUvarint(in)
			if revisit++; w.lastRef[a-1] == revisit {
				tmp[0] = opRevisitLast
			}
			tmp = binary.AppendUvarint(tmp, a)
		}
		if _, err := out.Write(tmp); err != nil {
			return err
		}
	}
}

// Discard removes the temporary file; a script not written is lost.
func (w *Writer) Discard() {
	if w.file != nil {
		w.file.Close()
		os.Remove(w.file.Name())
		w.file = nil
	}
}

// reducedLine is the header's line saying that the search reduced by
// partial order; a script without it records a search that did not.
func reducedLine(reduced bool) string {
	if reduced {
		return "reduction partial-order\n"
	}
	return ""
}
