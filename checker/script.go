package checker

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gmc/internal/atomicfile"
)

// Search scripts (search-carrying code, chapter 3 of
// ../shared/papers/004_ef8f55d742c4ec04.txt). A script records an
// exhaustive DFS as the sequence of what it did, so that a certifier can
// repeat the search without a table of visited states and notice any
// deviation.
//
// Format, version 1: a gzip stream of
//
//	gmc search script 1\n
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
//	              of N's so far (states are numbered from 1)
//	R id          the state it arrives at is state id, seen before
//	B             the search backtracks from the state on top of the stack
//	E states      the end: the number of states
//
// States the search does not store (inside an atomic sequence or a
// rendezvous handshake) have no N or R. The search's order is fixed, so
// the certifier expects each instruction at the point where its own
// search does the same.
//
// A trustful script (004 §3.1.3) records the perfect search: only the
// moves that lead to new states (through states not stored, if need be),
// and their backtracks; and, since an assertion is a transition of its
// own in Promela, not a property of states, every move that executes an
// assertion, wherever it leads; M's second argument is trans<<1 | 1 when the move
// was possible only because of timeout; no N or R; and
//
//	D             the state on top of the stack has no moves at all
//
// so that the certifier checks end states without trying every move.

const scriptMagic = "gmc search script 1"

// Script instructions.
const (
	opBacktrack byte = 'B'
	opMove      byte = 'M'
	opNew       byte = 'N'
	opRevisit   byte = 'R'
	opEnd       byte = 'E'
	opDeadEnd   byte = 'D'
)

// ScriptWriter records a search script as the search runs.
type ScriptWriter struct {
	buf      bytes.Buffer
	z        *gzip.Writer
	states   uint32
	tmp      []byte
	trustful bool
	// trustful: the moves of the search stack, of which the first
	// written are in the script (the others lead to no new state yet)
	stack   [][2]uint64
	written int
}

// NewScriptWriter starts a script for the model with the given
// fingerprint, searched with depth bound maxDepth; trustful records only
// the perfect search.
func NewScriptWriter(fingerprint string, maxDepth int, trustful bool) *ScriptWriter {
	w := &ScriptWriter{trustful: trustful}
	w.z, _ = gzip.NewWriterLevel(&w.buf, gzip.BestSpeed) // a valid level: no error
	kind := "full"
	if trustful {
		kind = "trustful"
		w.stack, w.written = [][2]uint64{{}}, 1 // the initial state: no move
	}
	fmt.Fprintf(w.z, "%s\nkind %s\nmodel %s\ndepth %d\n\n", scriptMagic, kind, fingerprint, maxDepth)
	return w
}

func (w *ScriptWriter) op(op byte, args ...uint64) {
	w.tmp = append(w.tmp[:0], op)
	for _, a := range args {
		w.tmp = binary.AppendUvarint(w.tmp, a)
	}
	w.z.Write(w.tmp) // into a bytes.Buffer: cannot fail
}

func (w *ScriptWriter) move(pid, trans int, timeout, asserts bool) {
	if !w.trustful {
		w.op(opMove, uint64(pid), uint64(trans))
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

func (w *ScriptWriter) arrive(isNew bool, id uint32) {
	switch {
	case isNew:
		w.states++
		if w.trustful {
			w.flush()
		} else {
			w.op(opNew)
		}
	case !w.trustful:
		w.op(opRevisit, uint64(id))
	}
}

// flush writes the moves of the stack not written yet: they lead to a
// new state.
func (w *ScriptWriter) flush() {
	for ; w.written < len(w.stack); w.written++ {
		w.op(opMove, w.stack[w.written][0], w.stack[w.written][1])
	}
}

// deadEnd records that the state on top of the stack has no moves.
func (w *ScriptWriter) deadEnd() {
	if w.trustful {
		w.flush()
		w.op(opDeadEnd)
	}
}

func (w *ScriptWriter) backtrack() {
	if !w.trustful {
		w.op(opBacktrack)
		return
	}
	top := len(w.stack) - 1
	if top < w.written {
		w.op(opBacktrack)
		w.written = top
	}
	w.stack = w.stack[:top]
}

// Write ends the script and writes it to path, whole or not at all.
func (w *ScriptWriter) Write(path string) error {
	w.op(opEnd, uint64(w.states))
	if err := w.z.Close(); err != nil {
		return err
	}
	return atomicfile.Write(path, w.buf.Bytes())
}

// Deviation is how a script differs from the search it claims to record
// (004 §3.1.2), or how it is unreadable.
type Deviation struct {
	// Kind is "transition" (the script takes a transition the search
	// does not take there), "backtrack" (it backtracks from a state
	// still partly explored), "state" (a state ID whose fingerprint does
	// not match), or "end" (the script and the search end at different
	// points).
	Kind    string `json:"kind"`
	Step    int64  `json:"step"` // the instruction, from 1
	Message string `json:"message"`
}

func (d *Deviation) Error() string {
	return fmt.Sprintf("script step %d: %s", d.Step, d.Message)
}

// ScriptReader follows a search script during certification.
type ScriptReader struct {
	r        *bufio.Reader
	depth    int
	trustful bool
	step     int64    // instructions read
	fps      []uint64 // fingerprint of each state, by ID-1 (004's map FP)
	err      error    // the first format error
	// the instruction read ahead
	op   byte
	args [2]uint64
}

// ReadScript opens a script and checks that it is one, of a model with
// the given fingerprint.
func ReadScript(r io.Reader, fingerprint string) (*ScriptReader, error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("not a search script (%v)", err)
	}
	br := bufio.NewReader(z)
	line := func() string {
		s, _ := br.ReadString('\n')
		return strings.TrimSuffix(s, "\n")
	}
	if magic := line(); magic != scriptMagic {
		if strings.HasPrefix(magic, "gmc search script ") {
			return nil, fmt.Errorf("a search script of version %s; this gmc reads version 1", strings.TrimPrefix(magic, "gmc search script "))
		}
		return nil, errors.New("not a search script")
	}
	kind := line()
	if kind != "kind full" && kind != "kind trustful" {
		return nil, errors.New("corrupt search script: bad header")
	}
	model, _ := strings.CutPrefix(line(), "model ")
	if model != fingerprint {
		return nil, errors.New("the script is for another model (or another version of it): its fingerprint differs")
	}
	depth, err := strconv.Atoi(strings.TrimPrefix(line(), "depth "))
	if err != nil || depth <= 0 || line() != "" {
		return nil, errors.New("corrupt search script: bad header")
	}
	return &ScriptReader{r: br, depth: depth, trustful: kind == "kind trustful"}, nil
}

// MaxDepth is the depth bound of the search the script records.
func (s *ScriptReader) MaxDepth() int { return s.depth }

// Trustful reports whether the script records only the perfect search.
func (s *ScriptReader) Trustful() bool { return s.trustful }

// States is the number of states the script has named so far.
func (s *ScriptReader) States() int { return len(s.fps) }

// next reads the next instruction (false at a format error).
func (s *ScriptReader) next() bool {
	if s.err != nil {
		return false
	}
	s.step++
	op, err := s.r.ReadByte()
	if err != nil {
		s.err = s.corrupt(err)
		return false
	}
	n := 0
	switch op {
	case opMove:
		n = 2
	case opRevisit, opEnd:
		n = 1
	case opNew, opBacktrack, opDeadEnd:
	default:
		s.err = &Deviation{Kind: "format", Step: s.step, Message: fmt.Sprintf("corrupt search script: unknown instruction %q", op)}
		return false
	}
	for i := range n {
		if s.args[i], err = binary.ReadUvarint(s.r); err != nil {
			s.err = s.corrupt(err)
			return false
		}
	}
	s.op = op
	return true
}

func (s *ScriptReader) corrupt(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &Deviation{Kind: "format", Step: s.step, Message: "the script ends before the search does (truncated?)"}
	}
	return &Deviation{Kind: "format", Step: s.step, Message: fmt.Sprintf("corrupt search script: %v", err)}
}

func (s *ScriptReader) deviation(kind, format string, args ...any) error {
	return &Deviation{Kind: kind, Step: s.step, Message: fmt.Sprintf(format, args...)}
}

// move checks that the script's next instruction takes transition trans
// of process pid, the move the search takes next.
func (s *ScriptReader) move(pid, trans int, what func(pid, trans int) string) error {
	if !s.next() {
		return s.err
	}
	switch {
	case s.op == opBacktrack:
		return s.deviation("backtrack", "the script backtracks from a state that is not fully explored: the search still takes %s there", what(pid, trans))
	case s.op != opMove:
		return s.deviation("transition", "the script says %s where the search takes %s", s.name(), what(pid, trans))
	case s.args[0] != uint64(pid) || s.args[1] != uint64(trans):
		return s.deviation("transition", "the script takes %s, but the search takes %s there (the script's is not the next move of that state)", what(int(s.args[0]), int(s.args[1])), what(pid, trans))
	}
	return nil
}

// arrive reads what the script says of a state the search stores: new,
// or the state with some ID seen before, whose fingerprint must be fp.
func (s *ScriptReader) arrive(fp uint64) (isNew bool, err error) {
	if !s.next() {
		return false, s.err
	}
	switch s.op {
	case opNew:
		s.fps = append(s.fps, fp)
		return true, nil
	case opRevisit:
		id := s.args[0]
		if id == 0 || id > uint64(len(s.fps)) {
			return false, s.deviation("state", "the script names state %d, which it has not visited (%d states so far)", id, len(s.fps))
		}
		if s.fps[id-1] != fp {
			return false, s.deviation("state", "the script says the search is back at state %d, but the state it reached is another (its fingerprint differs)", id)
		}
		return false, nil
	}
	return false, s.deviation("transition", "the script says %s where the search reaches a state it stores (N or R expected)", s.name())
}

// backtrack checks that the script backtracks where the search does.
func (s *ScriptReader) backtrack() error {
	if !s.next() {
		return s.err
	}
	switch s.op {
	case opBacktrack:
		return nil
	case opMove:
		return s.deviation("transition", "the script takes transition %d of process %d from a state where the search has no more moves", s.args[1], s.args[0])
	}
	return s.deviation("end", "the script says %s where the search backtracks", s.name())
}

// end checks that the script ends where the search does.
func (s *ScriptReader) end() error {
	if !s.next() {
		return s.err
	}
	if s.op != opEnd {
		return s.deviation("end", "the search is over, but the script goes on (%s)", s.name())
	}
	if s.args[0] != uint64(len(s.fps)) {
		return s.deviation("end", "the script ends claiming %d states; it named %d", s.args[0], len(s.fps))
	}
	if _, err := s.r.ReadByte(); err != io.EOF {
		return s.deviation("end", "data after the end of the script")
	}
	return nil
}

// name describes the instruction read last.
func (s *ScriptReader) name() string {
	switch s.op {
	case opMove:
		return fmt.Sprintf("take transition %d of process %d", s.args[1], s.args[0])
	case opNew:
		return "a new state"
	case opRevisit:
		return fmt.Sprintf("back at state %d", s.args[0])
	case opBacktrack:
		return "backtrack"
	case opDeadEnd:
		return "a state without moves"
	}
	return "end"
}
