package script

import (
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"gmc/checker"
	"gmc/search"
	"gmc/vm"
)

// Parallel certification (004 §3.2): the script is split into parts of
// about equal work, each the DFS of a subgraph of the state graph
// (Algorithm 3.2), and the parts are followed at once. A part starts
// where its initialization path (the moves from the initial state that
// the script has on its stack when it first reaches the part's root)
// leads; where a part's search reaches the root of another part, the
// part only notes the state's fingerprint (an X instruction in place of
// the other part's script). At the end the parts' fingerprint maps must
// agree: a state ID names one state in every part (004 Theorem 3.2.3).

// Certification is what a certification measured.
type Certification struct {
	// PeakFingerprints is the most fingerprints kept at once: with the
	// script's last-occurrence marks, a sequential certification forgets
	// a state's after its last use (004 §4.4); a parallel one keeps
	// every part's to compare them at the end.
	PeakFingerprints int `json:"peak_fingerprints"`
	// Parts are the parts of a parallel certification, in script order.
	Parts []Part `json:"parts,omitempty"`
	// Split is the time spent reading and splitting the script.
	Split time.Duration `json:"-"`
}

// Part is one part of a script split for parallel certification.
type Part struct {
	Root  uint32 `json:"root"`  // the state it starts from
	Path  int    `json:"path"`  // the length of its initialization path
	Moves int64  `json:"moves"` // the transitions it takes (its size)
}

// part is a part being followed: ops[begin:end] less its cuts, the
// script of other parts inside it.
type part struct {
	Part
	ops        *scriptOps // the whole script, shared by the parts
	path       []int      // the initialization path: indices of M's in ops
	begin, end int
	cuts       []cut
	i, c       int // the next instruction and the next cut
	// foreign are the states of other parts this part names, with the
	// fingerprint it found and the step that named them.
	foreign map[uint32]foreignRef
}

// cut is another part's script inside a part: ops[begin] is the N of its
// root, ops[end] the B that leaves it.
type cut struct {
	begin, end int
	id         uint32
}

type foreignRef struct {
	fp   uint64
	step int64
}

// next returns the part's next instruction and its step in the whole
// script; after the part, an end.
func (p *part) next() (scriptOp, int64) {
	if p.i >= p.end {
		return scriptOp{op: opEnd}, int64(p.end) + 1
	}
	if p.c < len(p.cuts) && p.i == p.cuts[p.c].begin {
		c := p.cuts[p.c]
		p.c++
		p.i = c.end
		return scriptOp{op: opCut, x: c.id}, int64(c.begin) + 1
	}
	p.i++
	return p.ops.at(p.i - 1), int64(p.i)
}

// named checks a state the part names but does not define: against the
// part's own fingerprints, or noted for the comparison at the end.
func (p *part) named(s *Reader, id uint32, fp uint64) error {
	kept, ok := s.fps[id]
	if !ok {
		ref, seen := p.foreign[id]
		if !seen {
			p.foreign[id] = foreignRef{fp: fp, step: s.step}
			return nil
		}
		kept = ref.fp
	}
	if kept != fp {
		return s.deviation("state", "the script says the search is back at state %d, but the state it reached is another (its fingerprint differs)", id)
	}
	return nil
}

// scriptOps are a script's instructions in memory, in chunks: a script
// of millions of instructions grows without being copied.
type scriptOps struct {
	chunks [][]scriptOp
	n      int
}

const opChunkBits = 16

func (o *scriptOps) at(i int) scriptOp {
	return o.chunks[i>>opChunkBits][i&(1<<opChunkBits-1)]
}

func (o *scriptOps) add(in scriptOp) {
	if o.n&(1<<opChunkBits-1) == 0 {
		o.chunks = append(o.chunks, make([]scriptOp, 0, 1<<opChunkBits))
	}
	last := &o.chunks[len(o.chunks)-1]
	*last = append(*last, in)
	o.n++
}

// script is a whole script in memory, with where each state's part of
// it begins and ends.
type script struct {
	ops    scriptOps
	sizes  []uint64 // the Subgraphs list, by ID-1
	posN   []int    // the index of each state's N
	posEnd []int    // the index of the B that leaves it
	parent []uint32 // the state whose part of the script holds its N (0: none)
	moves  int64
}

// readAll reads the whole script, checking that its instructions nest:
// every B leaves a state the script entered, every R names a state
// named before.
func (s *Reader) readAll() (*script, error) {
	sc := &script{}
	frames := []uint32{0} // the state of each open frame (0: not stored)
	var stored []uint32   // the stored states among them
	for {
		if !s.next() {
			return nil, s.err
		}
		in, at := s.cur, sc.ops.n
		switch in.op {
		case opEnd:
			if len(frames) > 0 {
				return nil, s.deviation("end", "the script ends with %d states on its stack", len(frames))
			}
			if in.x != s.states {
				return nil, s.deviation("end", "the script ends claiming %d states; it named %d", in.x, s.states)
			}
			sizes, err := s.subgraphs()
			if err != nil {
				return nil, err
			}
			sc.sizes = sizes
			return sc, nil
		case opMove:
			sc.moves++
			frames = append(frames, 0)
		case opNew, opNewLast:
			if len(frames) == 0 || frames[len(frames)-1] != 0 {
				return nil, s.deviation("format", "a new state where the script is at another")
			}
			frames[len(frames)-1] = in.x
			sc.posN = append(sc.posN, at)
			sc.posEnd = append(sc.posEnd, -1)
			parent := uint32(0)
			if len(stored) > 0 {
				parent = stored[len(stored)-1]
			}
			sc.parent = append(sc.parent, parent)
			stored = append(stored, in.x)
		case opRevisit, opRevisitLast:
			if in.x == 0 || in.x > s.states {
				return nil, s.deviation("state", "the script names state %d, which it has not visited (%d states so far)", in.x, s.states)
			}
		case opBacktrack:
			if len(frames) == 0 {
				return nil, s.deviation("backtrack", "the script backtracks from the initial state twice")
			}
			if id := frames[len(frames)-1]; id != 0 {
				sc.posEnd[id-1] = at
				stored = stored[:len(stored)-1]
			}
			frames = frames[:len(frames)-1]
		}
		sc.ops.add(in)
	}
}

// split divides the script into at most k parts of about equal size
// (Algorithm 3.2): k-1 times, the state whose part of the script, less
// the parts already cut out, has the size closest to the moves left over
// the parts left to make; what is left is the part of the initial state.
// The sizes come from the script's Subgraphs list and are checked when a
// state is chosen (a wrong list gives unequal parts, or a deviation,
// never a part left out: 004 Theorem 3.2.4).
func (sc *script) split(k int) ([]*part, error) {
	n := len(sc.posN)
	if n == 0 {
		return nil, &Deviation{Kind: "format", Step: 1, Message: "the script names no state"}
	}
	sizes := append([]uint64(nil), sc.sizes...)
	taken := make([]bool, n+1) // by ID: in a part cut out
	roots := map[uint32]bool{}
	left := uint64(sc.moves)
	for i := 0; i < k-1; i++ {
		target := left / uint64(k-i)
		best, bestDiff := uint32(0), uint64(0)
		for id := uint32(2); id <= uint32(n); id++ {
			size := sizes[id-1]
			if taken[id] || size == 0 {
				continue
			}
			diff := max(size, target) - min(size, target)
			if best == 0 || diff < bestDiff {
				best, bestDiff = id, diff
			}
		}
		if best == 0 {
			break
		}
		moves, _ := sc.scan(best, func(id uint32) bool { return taken[id] })
		if uint64(moves) != sizes[best-1] {
			return nil, &Deviation{Kind: "subgraphs", Step: int64(sc.posN[best-1]) + 1,
				Message: fmt.Sprintf("the Subgraphs list gives state %d's part of the script %d moves; it has %d", best, sizes[best-1], moves)}
		}
		// Its states are the IDs from best to the last N before its end.
		last := uint32(sort.SearchInts(sc.posN, sc.posEnd[best-1]))
		for id := best; id <= last; id++ {
			taken[id] = true
		}
		for a := sc.parent[best-1]; a != 0; a = sc.parent[a-1] {
			sizes[a-1] -= min(sizes[a-1], uint64(moves))
		}
		left -= min(left, uint64(moves))
		roots[best] = true
	}
	roots[1] = true
	var parts []*part
	for root := range roots {
		p := &part{Part: Part{Root: root}, ops: &sc.ops, begin: sc.posN[root-1], end: sc.posEnd[root-1] + 1, foreign: map[uint32]foreignRef{}}
		p.Moves, p.cuts = sc.scan(root, func(id uint32) bool { return roots[id] })
		p.i = p.begin
		parts = append(parts, p)
	}
	sort.Slice(parts, func(i, j int) bool { return parts[i].begin < parts[j].begin })
	sc.paths(parts)
	return parts, nil
}

// scan counts the moves in the part of the script of state root, less
// the parts of the states where it cuts, and lists those.
func (sc *script) scan(root uint32, cutAt func(id uint32) bool) (moves int64, cuts []cut) {
	for i := sc.posN[root-1] + 1; i < sc.posEnd[root-1]; i++ {
		switch in := sc.ops.at(i); in.op {
		case opMove:
			moves++
		case opNew, opNewLast:
			if cutAt(in.x) {
				cuts = append(cuts, cut{begin: i, end: sc.posEnd[in.x-1], id: in.x})
				i = sc.posEnd[in.x-1] - 1
			}
		}
	}
	return moves, cuts
}

// paths finds each part's initialization path: the moves on the
// script's stack when it reaches the part's root.
func (sc *script) paths(parts []*part) {
	at := map[int]*part{}
	for _, p := range parts {
		at[p.begin] = p
	}
	var stack []int
	for i := range sc.ops.n {
		in := sc.ops.at(i)
		switch in.op {
		case opMove:
			stack = append(stack, i)
		case opBacktrack:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case opNew, opNewLast:
			if p := at[i]; p != nil {
				p.path = append([]int(nil), stack...)
				p.Path = len(stack)
			}
		}
	}
}

// CertifyParallel certifies m by following script in k parts at once
// (004 §3.2; k = 1 follows the whole script, read into memory first).
func CertifyParallel(m *vm.Model, script *Reader, k int) (*Result, error) {
	defer script.Close()
	if script.reduced && !script.trustful {
		// A part's search would need the states of its initialization
		// path on its stack for the reduction's proviso to decide as
		// the whole search did.
		return nil, errors.New("a script of a search reduced by partial order is certified whole, not in parts (leave out --parallel, or write the script with gmc run --no-reduce)")
	}
	s0, err := m.InitialState()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	failed := func(err error) *Result {
		res := &checker.Result{}
		res.Elapsed = time.Since(start)
		fail(res, err)
		return &Result{Result: res}
	}
	sc, err := script.readAll()
	if err != nil {
		return failed(err), nil
	}
	parts, err := sc.split(max(k, 1))
	if err != nil {
		return failed(err), nil
	}
	cert := &Certification{Split: time.Since(start)}
	results := make([]*checker.Result, len(parts))
	readers := make([]*Reader, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		cert.Parts = append(cert.Parts, p.Part)
		r := &Reader{part: p, depth: script.depth, trustful: script.trustful, fps: map[uint32]uint64{}}
		readers[i] = r
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = followPart(m, r, s0)
		}()
	}
	wg.Wait()
	res := &checker.Result{Stop: search.Stop{Reason: search.Complete}}
	for i, r := range results {
		res.Stored += r.Stored
		res.Matched += r.Matched
		res.Transitions += r.Transitions
		res.AtomicSteps += r.AtomicSteps
		res.Stats.NumErrors += r.Stats.NumErrors
		res.Errors = append(res.Errors, r.Errors...)
		res.DepthReached = max(res.DepthReached, r.DepthReached)
		res.MaxVector = max(res.MaxVector, r.MaxVector)
		switch {
		case r.Deviation != nil:
			// the deviation at the smallest step of the script
			if res.Deviation == nil || deviationOf(r.Deviation).Step < deviationOf(res.Deviation).Step {
				res.Deviation, res.Stop = r.Deviation, r.Stop
			}
		case !r.Complete() && res.Complete():
			res.Stop = r.Stop
		}
		cert.PeakFingerprints += len(readers[i].fps) + len(parts[i].foreign)
	}
	if !script.trustful {
		// a part's search counts the arrival at the root of a part cut
		// out of it as a revisit; the whole search has one arrival there,
		// counted by that part as a new state
		for _, p := range parts {
			res.Matched -= int64(len(p.cuts))
			res.Transitions -= int64(len(p.cuts))
		}
	}
	if res.Deviation == nil && res.Complete() {
		if err := compareFingerprints(parts, readers); err != nil {
			fail(res, err)
		}
	}
	res.Elapsed = time.Since(start)
	return &Result{Result: res, Certification: cert}, nil
}

// followPart follows one part: from the state its initialization path
// leads to, by the search or, for a trustful script, by Trustful.
func followPart(m *vm.Model, r *Reader, s0 *vm.State) *checker.Result {
	p := r.part
	root, err := replay(m, s0, p, r.trustful)
	if err != nil {
		res := &checker.Result{}
		fail(res, err)
		return res
	}
	if r.trustful {
		return trustfulFrom(m, r, root, len(p.path))
	}
	res, err := checker.NewDFS(m, checker.Options{
		Budget:   search.Budget{MaxDepth: r.depth},
		Follower: follower{r},
		Start:    &checker.Start{State: root, Depth: len(p.path)},
	}).Run()
	if err != nil { // the initial state was made once already: cannot fail
		res = &checker.Result{}
		fail(res, err)
	}
	return res
}

// replay takes the moves of p's initialization path from s0. They are
// not checked as moves of a search: the part's root, where they lead,
// is checked against the fingerprint the part that reaches it by its
// search keeps (the X instruction in place of this part).
func replay(m *vm.Model, s0 *vm.State, p *part, trustful bool) (*vm.State, error) {
	machine := vm.NewMachine(m)
	s := s0.Clone()
	pending := 0
	for _, i := range p.path {
		in := p.ops.at(i)
		pid, trans := int(in.pid), int(in.x)
		if trustful {
			trans >>= 1
		}
		var tr *vm.Trans
		if pid < s.NrProcs() {
			if pt := m.ProcType(s, pid); trans < len(pt.Trans) {
				tr = pt.Trans[trans]
			}
		}
		executable := false
		for _, timeout := range []bool{false, true} {
			machine.Timeout, machine.Pending = timeout, pending
			if tr != nil && machine.Guard(s, pid, tr) {
				executable = true
				break
			}
		}
		if !executable {
			return nil, &Deviation{Kind: "transition", Step: int64(i) + 1,
				Message: fmt.Sprintf("transition %d of process %d is not a move of the state the script is at", trans, pid)}
		}
		machine.Effect(s, tr)
		pending = machine.Rendezvous
	}
	return s, nil
}

// compareFingerprints checks that the states each part names from other
// parts are the states those parts reached under the same IDs.
func compareFingerprints(parts []*part, readers []*Reader) error {
	var first *Deviation
	for _, p := range parts {
		for id, ref := range p.foreign {
			if first != nil && ref.step > first.Step {
				continue
			}
			var kept uint64
			found := false
			for _, r := range readers {
				if fp, ok := r.fps[id]; ok && r.part != p {
					kept, found = fp, true
					break
				}
			}
			switch {
			case !found:
				first = &Deviation{Kind: "state", Step: ref.step, Message: fmt.Sprintf("the script names state %d, which no part of it visits", id)}
			case kept != ref.fp:
				first = &Deviation{Kind: "state", Step: ref.step, Message: fmt.Sprintf("the script says the search is back at state %d, but the state it reached is another (its fingerprint differs from the one in the part that visits it)", id)}
			}
		}
	}
	if first == nil {
		return nil
	}
	return first
}
