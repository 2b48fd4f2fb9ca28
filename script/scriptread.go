package script

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"gmc/vm"
	"io"
	"strconv"
	"strings"
)

// Deviation is how a script differs from the search it claims to record
// (004 §3.1.2), or how it is unreadable.
type Deviation struct {
	// Kind is "transition" (the script takes a transition the search
	// does not take there), "backtrack" (it backtracks from a state
	// still partly explored), "state" (a state ID whose fingerprint does
	// not match), "end" (the script and the search end at different
	// points), "subgraphs" (its Subgraphs list does not match the
	// script) or "format" (the script is unreadable).
	Kind    string `json:"kind"`
	Step    int64  `json:"step"` // the instruction, from 1
	Message string `json:"message"`
}

func (d *Deviation) Error() string {
	return fmt.Sprintf("script step %d: %s", d.Step, d.Message)
}

// scriptOp is a decoded instruction, 8 bytes (a parallel certification
// holds the whole script): pid is M's process; x is M's transition code,
// N's, R's and X's state ID (N's counted by the reader), E's number of
// states.
type scriptOp struct {
	op  byte
	pid uint8
	x   uint32
}

// Reader follows a search script during certification: the whole
// script, read as a stream, or a part of it (parallel certification).
type Reader struct {
	r        *stream // the whole script; nil when following a part
	ahead    *readAhead
	part     *part
	depth    int
	reduced  bool
	trustful bool
	step     int64 // the instruction read last, from 1
	states   uint32
	err      error    // the first format error
	cur      scriptOp // the instruction read last

	// fps is 004's map FP: the fingerprint of each state the script
	// will name again, by ID. A state leaves it after its last use (the
	// script marks it); peak is the most it held.
	fps  map[uint32]uint64
	peak int
}

// Read opens a script and checks that it is one, of a model with
// the given fingerprint.
func Read(r io.Reader, fingerprint string) (_ *Reader, err error) {
	z, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("not a search script (%v)", err)
	}
	ahead := newReadAhead(z)
	defer func() {
		if err != nil {
			ahead.Stop()
		}
	}()
	br := bufio.NewReaderSize(ahead, 1<<12)
	line := func() string {
		s, _ := br.ReadString('\n')
		return strings.TrimSuffix(s, "\n")
	}
	if magic := line(); magic != scriptMagic {
		if v, ok := strings.CutPrefix(magic, "gmc search script "); ok {
			return nil, fmt.Errorf("a search script of version %s; this gmc reads version %d (write it again with gmc run --script)", v, scriptVersion)
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
	if err != nil || depth <= 0 {
		return nil, errors.New("corrupt search script: bad header")
	}
	next := line()
	reduced := next == strings.TrimSuffix(reducedLine(true), "\n")
	if reduced {
		next = line()
	}
	if next != "" {
		return nil, errors.New("corrupt search script: bad header")
	}
	return &Reader{r: &stream{r: br, buf: make([]byte, 1<<16)}, ahead: ahead, depth: depth, trustful: kind == "kind trustful", reduced: reduced, fps: make(map[uint32]uint64)}, nil
}

// Close stops reading the script (certifications close the script they
// follow when they are done).
func (s *Reader) Close() {
	if s.ahead != nil {
		s.ahead.Stop()
	}
}

// MaxDepth is the depth bound of the search the script records.
func (s *Reader) MaxDepth() int { return s.depth }

// Reduced says whether the search the script records reduced by partial
// order: a certification follows it with the same reduction.
func (s *Reader) Reduced() bool { return s.reduced }

// Trustful reports whether the script records only the perfect search.
func (s *Reader) Trustful() bool { return s.trustful }

// PeakFingerprints is the most fingerprints the certification kept at
// once (004 §4.4: the script's marks let it forget them after their last
// use).
func (s *Reader) PeakFingerprints() int { return s.peak }

// next reads the next instruction into s.cur (false at a format error).
func (s *Reader) next() bool {
	if s.err != nil {
		return false
	}
	if s.part != nil {
		s.cur, s.step = s.part.next()
		return true
	}
	s.step++
	in, err := s.decode()
	if err != nil {
		s.err = err
		return false
	}
	s.cur = in
	return true
}

// decode reads an instruction from the stream; N's get their IDs.
func (s *Reader) decode() (scriptOp, error) {
	s.r.fill()
	op, err := s.r.byte()
	if err != nil {
		return scriptOp{}, s.corrupt(err)
	}
	in := scriptOp{op: op}
	n := 0
	switch op {
	case opMove:
		n = 2
	case opRevisit, opRevisitLast, opEnd:
		n = 1
	case opNew, opNewLast:
		s.states++
		if s.states == 0 {
			return in, s.deviation("format", "more than %d states", uint32(1<<32-1))
		}
		in.x = s.states
	case opBacktrack, opDeadEnd:
	default:
		return in, s.deviation("format", "corrupt search script: unknown instruction %q", op)
	}
	for i := range n {
		a, err := s.r.uvarint()
		if err != nil {
			return in, s.corrupt(err)
		}
		if a > 1<<32-1 {
			return in, s.deviation("format", "corrupt search script: argument %d too large", a)
		}
		if op == opMove && i == 0 {
			if a >= vm.MaxProcs {
				return in, s.deviation("format", "corrupt search script: process %d (a model has at most %d)", a, vm.MaxProcs)
			}
			in.pid = uint8(a)
		} else {
			in.x = uint32(a)
		}
	}
	return in, nil
}

func (s *Reader) corrupt(err error) error {
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return &Deviation{Kind: "format", Step: s.step, Message: "the script ends before the search does (truncated?)"}
	}
	return &Deviation{Kind: "format", Step: s.step, Message: fmt.Sprintf("corrupt search script: %v", err)}
}

func (s *Reader) deviation(kind, format string, args ...any) error {
	return &Deviation{Kind: kind, Step: s.step, Message: fmt.Sprintf(format, args...)}
}

// move checks that the script's next instruction takes transition trans
// of process pid, the move the search takes next.
func (s *Reader) move(pid, trans int, what func(pid, trans int) string) error {
	if !s.next() {
		return s.err
	}
	switch in := s.cur; {
	case in.op == opBacktrack:
		return s.deviation("backtrack", "the script backtracks from a state that is not fully explored: the search still takes %s there", what(pid, trans))
	case in.op != opMove:
		return s.deviation("transition", "the script says %s where the search takes %s", s.name(), what(pid, trans))
	case int(in.pid) != pid || in.x != uint32(trans):
		return s.deviation("transition", "the script takes %s, but the search takes %s there (the script's is not the next move of that state)", what(int(in.pid), int(in.x)), what(pid, trans))
	}
	return nil
}

// arrive reads what the script says of a state the search stores: new,
// or the state with some ID seen before, whose fingerprint must be fp.
func (s *Reader) arrive(fp uint64) (isNew bool, err error) {
	if !s.next() {
		return false, s.err
	}
	id := s.cur.x
	switch s.cur.op {
	case opNewLast:
		if s.part == nil {
			return true, nil // never named again: nothing to keep
		}
		fallthrough
	case opNew:
		s.fps[id] = fp
		s.peak = max(s.peak, len(s.fps))
		return true, nil
	case opRevisit, opRevisitLast, opCut:
		if s.part != nil {
			return false, s.part.named(s, id, fp)
		}
		kept, ok := s.fps[id]
		switch {
		case id == 0 || id > s.states:
			return false, s.deviation("state", "the script names state %d, which it has not visited (%d states so far)", id, s.states)
		case !ok:
			return false, s.deviation("state", "the script names state %d after marking its last use", id)
		case kept != fp:
			return false, s.deviation("state", "the script says the search is back at state %d, but the state it reached is another (its fingerprint differs)", id)
		}
		if s.cur.op == opRevisitLast {
			delete(s.fps, id)
		}
		return false, nil
	}
	return false, s.deviation("transition", "the script says %s where the search reaches a state it stores (N or R expected)", s.name())
}

// backtrack checks that the script backtracks where the search does.
func (s *Reader) backtrack() error {
	if !s.next() {
		return s.err
	}
	switch s.cur.op {
	case opBacktrack:
		return nil
	case opMove:
		return s.deviation("transition", "the script takes transition %d of process %d from a state where the search has no more moves", s.cur.x, s.cur.pid)
	}
	return s.deviation("end", "the script says %s where the search backtracks", s.name())
}

// end checks that the script ends where the search does.
func (s *Reader) end() error {
	if !s.next() {
		return s.err
	}
	if s.cur.op != opEnd {
		return s.deviation("end", "the search is over, but the script goes on (%s)", s.name())
	}
	return s.finish()
}

// finish checks what follows the end instruction: the number of states
// it claims and the Subgraphs list.
func (s *Reader) finish() error {
	if s.part != nil {
		return nil // the parts' states are counted when the script is split
	}
	if s.cur.x != s.states {
		return s.deviation("end", "the script ends claiming %d states; it named %d", s.cur.x, s.states)
	}
	_, err := s.subgraphs()
	return err
}

// subgraphs reads the Subgraphs list that ends the script, one size per
// state.
func (s *Reader) subgraphs() ([]uint64, error) {
	s.step++
	if op, err := s.r.byte(); err != nil || op != opSubgraphs {
		return nil, s.deviation("format", "the script has no Subgraphs list after its end")
	}
	sizes := make([]uint64, s.states)
	for i := range sizes {
		s.r.fill()
		size, err := s.r.uvarint()
		if err != nil {
			return nil, s.deviation("subgraphs", "the Subgraphs list ends after %d of %d states", i, s.states)
		}
		sizes[i] = size
	}
	switch _, err := s.r.byte(); err {
	case io.EOF:
	case nil:
		return nil, s.deviation("format", "data after the end of the script")
	default:
		return nil, s.deviation("format", "corrupt search script: %v", err)
	}
	return sizes, nil
}

// name describes the instruction read last.
func (s *Reader) name() string {
	switch in := s.cur; in.op {
	case opMove:
		return fmt.Sprintf("take transition %d of process %d", in.x, in.pid)
	case opNew, opNewLast:
		return "a new state"
	case opRevisit, opRevisitLast, opCut:
		return fmt.Sprintf("back at state %d", in.x)
	case opBacktrack:
		return "backtrack"
	case opDeadEnd:
		return "a state without moves"
	}
	return "end"
}

// stream reads the decompressed instructions a block at a time: decoding
// from a slice is several times faster than through io.ByteReader, and
// a script can have hundreds of millions of instructions.
type stream struct {
	r      io.Reader
	buf    []byte
	pos, n int
	err    error // what ended the reading: io.EOF or a read error
}

// maxInstruction bounds the length of an instruction: an opcode and two
// varints.
const maxInstruction = 1 + 2*binary.MaxVarintLen64

// fill makes sure the buffer holds a whole instruction, unless the
// stream ends first.
func (b *stream) fill() {
	if b.n-b.pos >= maxInstruction || b.err != nil {
		return
	}
	b.n = copy(b.buf, b.buf[b.pos:b.n])
	b.pos = 0
	for b.n < len(b.buf) && b.err == nil {
		k, err := b.r.Read(b.buf[b.n:])
		b.n += k
		b.err = err
	}
}

func (b *stream) byte() (byte, error) {
	if b.pos == b.n {
		b.fill()
		if b.pos == b.n {
			return 0, b.err
		}
	}
	b.pos++
	return b.buf[b.pos-1], nil
}

func (b *stream) uvarint() (uint64, error) {
	v, k := binary.Uvarint(b.buf[b.pos:b.n])
	switch {
	case k < 0:
		return 0, errors.New("a number too large")
	case k == 0 && b.err == io.EOF:
		return 0, io.ErrUnexpectedEOF
	case k == 0:
		return 0, b.err
	}
	b.pos += k
	return v, nil
}

// readAhead decompresses a script in a goroutine of its own, blocks ahead
// of the certification that reads them: on two cores or more,
// decompression costs the certification nothing. Stop ends it.
type readAhead struct {
	full  chan []byte // blocks read, in order; closed after the last
	empty chan []byte // blocks to read into
	done  chan struct{}
	block []byte // the block being read, and what is left of it
	cur   []byte
	err   error // set before full is closed
}

const readAheadBlocks, readAheadSize = 4, 1 << 18

func newReadAhead(r io.Reader) *readAhead {
	a := &readAhead{full: make(chan []byte, readAheadBlocks), empty: make(chan []byte, readAheadBlocks), done: make(chan struct{})}
	for range readAheadBlocks {
		a.empty <- make([]byte, readAheadSize)
	}
	go func() {
		defer close(a.full)
		for {
			var b []byte
			select {
			case b = <-a.empty:
			case <-a.done:
				return
			}
			n := 0
			var err error
			for n < cap(b) && err == nil {
				var k int
				k, err = r.Read(b[n:cap(b)])
				n += k
			}
			if n > 0 {
				a.full <- b[:n] // never blocks: as many blocks as places
			}
			if err != nil {
				a.err = err // io.EOF, or what went wrong (a gzip stream cut short, say)
				return
			}
		}
	}()
	return a
}

// Read implements io.Reader.
func (a *readAhead) Read(p []byte) (int, error) {
	if len(a.cur) == 0 {
		if a.block != nil {
			a.empty <- a.block
			a.block = nil
		}
		b, ok := <-a.full
		if !ok {
			return 0, a.err
		}
		a.block, a.cur = b, b
	}
	n := copy(p, a.cur)
	a.cur = a.cur[n:]
	return n, nil
}

// Stop ends the reading goroutine.
func (a *readAhead) Stop() {
	select {
	case <-a.done:
	default:
		close(a.done)
	}
}
