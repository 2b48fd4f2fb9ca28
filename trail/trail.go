package trail

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gmc/internal/atomicfile"
	"gmc/vm"
)

// A trail is the text file pan writes (docs/references.md#pan-trail),
// one line "depth:pid:id" per step from the initial state, so that spin
// -t and pan -r replay gmc's trails as pan's and gmc replays pan's:
//
//	-2:<claim>:-2         a never claim ran with the system: its proctype number
//	-4:-4:-4              statements were merged (not spin -o3)
//	<depth>:<pid>:<id>    a step: the search depth, the process, pan's transition id
//	-1:-1:-1              before the first step of the cycle the trail ends in
//
// With a claim, the claim is pan's process 0 and the system's pids are
// one up (spin subtracts the claim when it prints them). A move of weak
// fairness that changes nothing (pan's dummy move) counts in the depth
// but has no line: the depths have a gap there. The id is pan's t_id:
// the model-wide number of the statement the transition starts with
// (gmc dump's id). gmc writes after the steps lines of its own, which
// spin and pan stop reading at (neither parses a line that does not
// start with a number):
//
//	#gmc model <the model's fingerprint>
//	#gmc error <what went wrong>
//
// so that gmc replay knows a trail written for another version of the
// model and the error it should reach; on pan's trails it does without.
// As pan's, the trail of an error raised while evaluating a transition
// ends in that transition, which did not execute (docs/references.md#pan-trail).
const (
	lineCycle  = -1
	lineClaim  = -2
	lineMerged = -4
)

// ClaimPid is the pid gmc gives the never claim's steps (a trail file
// gives it 0).
const ClaimPid = vm.ClaimPid

// Dummy is the pid of a dummy step (a move of weak fairness that changes
// nothing but the depth).
const Dummy = -2

// npIDs is the t_id pan gives the first transition of its built-in np_
// claim of -l; the others follow in order (its pan.t numbers them
// 9997, 9998, 9999, outside any model's statements).
const npIDs = 9997

// Path is the file the k-th error (from 1) of a run on model is
// written to, named as SPIN names them: model.trail, model1.trail, ...
func Path(model string, k int) string {
	if k <= 1 {
		return model + ".trail"
	}
	return model + strconv.Itoa(k-1) + ".trail"
}

// Name is the file pan writes the k-th error's trail (from 1) of a run on
// model to: Path's names; with every (pan -e) numbered from 1
// (model1.trail, model2.trail, ...); in an iterative search (pan -i, -I)
// always model.trail, each error's written over the one before.
func Name(model string, k int, every, iterative bool) string {
	switch {
	case iterative:
		return Path(model, 1)
	case every:
		return Path(model, k+1)
	}
	return Path(model, k)
}

// Step is one step of a path a search took: process Pid took transition
// Trans (Pid ClaimPid: the never claim; Dummy: a dummy move, Trans nil).
// Searches keep the paths to their errors as steps.
type Step struct {
	Pid   int
	Trans *vm.Trans
}

// TransID is the id pan's trails give transition t of pt: pan's t_id,
// the number of the statement it starts with, or for the np_ claim the
// number pan's own table gives it.
func TransID(pt *vm.ProcType, t *vm.Trans) int {
	if pt.Name != vm.NonProgressClaim {
		return pt.Elements[t.Elem-1].ID
	}
	k := 0
	for _, pc := range pt.PCs {
		for _, u := range pc.Trans {
			if u == t {
				return npIDs + k
			}
			k++
		}
	}
	return -1
}

// Entry is one step as a trail file records it: the process that moved
// (ClaimPid: the claim; Dummy: a dummy move) and pan's id of the
// transition it took (TransID).
type Entry struct {
	Pid int
	ID  int
}

// Entries are the entries a trail file of m records for steps, which a
// search of m took.
func Entries(m *vm.Model, steps []Step) []Entry {
	ids := make(map[*vm.Trans]int)
	types := m.Types
	if m.Claim != nil {
		types = append(types[:len(types):len(types)], m.Claim)
	}
	for _, pt := range types {
		for _, pc := range pt.PCs {
			for _, t := range pc.Trans {
				ids[t] = TransID(pt, t)
			}
		}
	}
	out := make([]Entry, len(steps))
	for i, st := range steps {
		out[i] = Entry{Pid: st.Pid}
		if st.Trans != nil {
			id, ok := ids[st.Trans]
			if !ok {
				id = -1 // (not m's: Follow refuses it)
			}
			out[i].ID = id
		}
	}
	return out
}

// Write writes the path steps, which ends in the error msg, to path as a
// trail of m; m's claim, if it has one, ran with the system. cycle is the
// index in steps of the first step of the cycle the path ends in, -1 when
// the error is no cycle. The file is written whole or not at all: it is
// written to a temporary file in the same directory and renamed into
// place.
func Write(path string, m *vm.Model, msg string, steps []Step, cycle int) error {
	var b strings.Builder
	shift := 0
	if m.Claim != nil {
		fmt.Fprintf(&b, "%d:%d:%d\n", lineClaim, m.Claim.ID, lineClaim)
		shift = 1
	}
	if m.Merge {
		fmt.Fprintf(&b, "%d:%d:%d\n", lineMerged, lineMerged, lineMerged)
	}
	for i, st := range Entries(m, steps) {
		if i == cycle {
			fmt.Fprintf(&b, "%d:%d:%d\n", lineCycle, lineCycle, lineCycle)
		}
		switch st.Pid {
		case Dummy:
			continue // pan's dummy move has a depth and no line
		case ClaimPid:
			st.Pid = -shift // 0
		}
		fmt.Fprintf(&b, "%d:%d:%d\n", i+1, st.Pid+shift, st.ID)
	}
	fmt.Fprintf(&b, "#gmc model %s\n#gmc error %s\n", m.Fingerprint(), strings.ReplaceAll(msg, "\n", " "))
	return atomicfile.Write(path, []byte(b.String()))
}

// File is a trail read back from a file, pan's or gmc's.
type File struct {
	// ClaimID is the proctype number of the never claim that ran with the
	// system (vm.ProcType.ID), -1 when none did.
	ClaimID int
	Merge   bool // the model's statements were merged
	// Model is the fingerprint of the model gmc found the trail on, Error
	// the error it found; both "" in a trail pan wrote.
	Model string
	Error string
	// Steps are the steps from the initial state, dummy moves where the
	// depths have gaps, and Lines the file's line of each (for a dummy
	// move, the line of the step after it).
	Steps []Entry
	Lines []int
	// Cycle is the index in Steps of the first step of the cycle the
	// trail ends in, -1 when it records no cycle.
	Cycle int
}

// LineError is an error at a line of a trail file.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

func (e *LineError) Unwrap() error { return e.Err }

// Read parses a trail. Its errors are one line, a *LineError when they
// are at a line. A trail may have no steps: pan's of an error in the
// initial state (an empty file, when no claim ran and -o3).
func Read(r io.Reader) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	t := &File{ClaimID: -1, Cycle: -1}
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	bad := func(format string, args ...any) error {
		return &LineError{line, fmt.Errorf(format, args...)}
	}
	gmcLines := false // the steps are over
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if line == 1 && strings.HasPrefix(text, "gmc-trail") {
			return nil, bad("written by an older gmc in its own format (%s), which this gmc no longer reads: run gmc run again to write the trail in pan's format", text)
		}
		if text == "" {
			continue
		}
		if rest, ok := strings.CutPrefix(text, "#gmc "); ok {
			gmcLines = true
			key, val, _ := strings.Cut(rest, " ")
			switch key {
			case "model":
				if len(val) != 64 || strings.Trim(val, "0123456789abcdef") != "" {
					return nil, bad("the model fingerprint %q is not 64 hex digits (a damaged trail?)", val)
				}
				t.Model = val
			case "error":
				t.Error = val
			}
			continue
		}
		if strings.HasPrefix(text, "#") {
			continue
		}
		if gmcLines {
			return nil, bad("%q after gmc's lines, which end the trail", text)
		}
		f := strings.Split(text, ":")
		var n [3]int
		ok := len(f) == 3
		for i := 0; ok && i < 3; i++ {
			n[i], err = strconv.Atoi(f[i])
			ok = err == nil
		}
		if !ok {
			return nil, bad("want a step \"depth:pid:transition\", got %q", text)
		}
		depth, pid, id := n[0], n[1], n[2]
		switch {
		case depth == lineClaim:
			if len(t.Steps) > 0 || t.ClaimID >= 0 || pid < 0 {
				return nil, bad("a claim line (-2:claim:-2) comes once, before the steps")
			}
			t.ClaimID = pid
		case depth == lineMerged:
			t.Merge = true
		case depth == lineCycle:
			if t.Cycle >= 0 {
				return nil, bad("a second start of cycle (-1:-1:-1)")
			}
			t.Cycle = len(t.Steps)
		case depth <= -5 && depth >= -8:
			return nil, bad("pan permuted its search (-DPERMUTED) to find this trail; only pan -r replays it")
		case depth <= 0:
			return nil, bad("%q is no step (its depth is not positive) nor a line pan writes", text)
		case depth <= len(t.Steps):
			return nil, bad("depth %d after depth %d: the depths of a trail increase", depth, len(t.Steps))
		case pid < 0 || id < 0:
			return nil, bad("want a step \"depth:pid:transition\", got %q", text)
		default:
			for len(t.Steps)+1 < depth {
				// pan leaves its dummy moves out, keeping their depth
				t.Steps = append(t.Steps, Entry{Pid: Dummy})
				t.Lines = append(t.Lines, line)
			}
			if t.ClaimID >= 0 {
				pid-- // the claim is pan's process 0
			}
			t.Steps = append(t.Steps, Entry{Pid: pid, ID: id})
			t.Lines = append(t.Lines, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		// pan and gmc end every line; the file was cut short.
		last := data[bytes.LastIndexByte(data, '\n')+1:]
		return nil, &LineError{line, fmt.Errorf("the trail is truncated: its last line %q is cut short", last)}
	}
	if t.Cycle >= len(t.Steps) {
		return nil, &LineError{line, fmt.Errorf("the trail's cycle has no steps (a damaged trail?)")}
	}
	return t, nil
}

// Follow replays steps on m from the initial state, as the search took
// them, and returns the runner at the state reached and the errors the
// last step raised. m must be compiled with the claim the search ran, if
// any (File.ClaimID).
// It fails if a step is not one the search could have taken: a process
// that does not exist, a transition that is not at the process's pc or
// not executable, another process moving inside an atomic sequence that
// could go on, a rendezvous left without its receive, a claim step out of
// the claim's turn. When cycle >= 0 it also fails unless the steps from
// cycle on lead back to the state before them (the cycle closes). The
// last step of the trail of an error raised while evaluating a
// transition is that transition, whose guard raised the error: it is a
// move (vm.Runner.Moves offers it) that leaves the state as it was and
// returns the error.
func Follow(m *vm.Model, steps []Entry, cycle int) (*vm.Runner, []*vm.RuntimeError, error) {
	w, err := NewWalker(m)
	if err != nil {
		return nil, nil, err
	}
	var raised []*vm.RuntimeError
	for i, st := range steps {
		if i == cycle {
			w.MarkCycle()
		}
		mv, err := w.Next(st)
		if err != nil {
			return nil, nil, fmt.Errorf("step %d (%s): %v", i+1, Describe(st), err)
		}
		raised = w.Do(mv)
		for _, e := range raised {
			if e.Fatal && i != len(steps)-1 {
				return nil, nil, fmt.Errorf("step %d (%s): %s, yet the trail goes on", i+1, Describe(st), e.Msg)
			}
		}
	}
	if w.R.Pending != 0 && len(raised) == 0 {
		// (a step tried inside one may raise an error: pan's polling
		// receive of a rendezvous channel, docs/references.md#spin-rv-poll)
		return nil, nil, fmt.Errorf("the trail ends inside a rendezvous")
	}
	if cycle >= 0 {
		if err := w.Closes(); err != nil {
			return nil, nil, err
		}
	}
	return w.R, raised, nil
}

// Describe names a trail step in messages.
func Describe(st Entry) string {
	switch st.Pid {
	case ClaimPid:
		return fmt.Sprintf("the claim, transition id %d", st.ID)
	case Dummy:
		return "a dummy move"
	}
	return fmt.Sprintf("process %d, transition id %d", st.Pid, st.ID)
}

// NextMove finds the move a trail step of a process names among the moves
// r can make, or says why the step is not possible.
func NextMove(r *vm.Runner, st Entry) (vm.Move, error) {
	if st.Pid < 0 {
		return vm.Move{}, fmt.Errorf("a step of the never claim, in a trail of the model without it")
	}
	m, s := r.M, r.S
	moves, _ := r.Moves()
	for _, mv := range moves {
		if mv.Pid == st.Pid && TransID(m.ProcType(s, mv.Pid), mv.T) == st.ID {
			return mv, nil
		}
	}
	switch {
	case st.Pid >= s.NrProcs():
		return vm.Move{}, fmt.Errorf("no process %d (there are %d)", st.Pid, s.NrProcs())
	case r.Owner >= 0 && st.Pid != r.Owner:
		return vm.Move{}, fmt.Errorf("process %d is inside an atomic sequence", r.Owner)
	}
	pt := m.ProcType(s, st.Pid)
	pc := pt.PCs[m.PC(s, st.Pid)]
	for _, t := range pc.Trans {
		if TransID(pt, t) == st.ID {
			return vm.Move{}, fmt.Errorf("%q is not executable", t.Text)
		}
	}
	return vm.Move{}, fmt.Errorf("%s is at state %d, which has no transition with id %d", pt.Name, pc.Seqno, st.ID)
}

// ClaimName is the name of the claim with proctype number id in m (a
// model compiled without a claim, whose Claims are all it declares; the
// number after them is pan's np_ claim of -l), or an error that says why
// there is none.
func ClaimName(m *vm.Model, id int) (string, error) {
	for _, c := range m.Claims {
		if c.ID == id {
			return c.Name, nil
		}
	}
	if id == m.NumIDs() {
		return vm.NonProgressClaim, nil
	}
	for _, pt := range m.Types {
		if pt.ID == id {
			return "", fmt.Errorf("the trail's claim (-2:%d:-2) is proctype %s, not a never claim: a trail of another model?", id, pt.Name)
		}
	}
	return "", fmt.Errorf("the model has no claim %d (-2:%d:-2): a trail of another model?", id, id)
}
