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

// Version is the version of the trail format Write writes; Read reads
// it and version 1 (which had no claim, cycle or dummy lines).
//
// A trail is a text file:
//
//	gmc-trail 2
//	model <the model's fingerprint>
//	merge <true or false: whether statements were merged>
//	claim <the never claim the search ran with the system, np_ for -l>
//	error <what went wrong>
//	<pid> <transition id>
//	...
//	cycle
//	<pid> <transition id>
//	...
//	end <number of steps>
//
// with one line per step from the initial state: the process that moved
// (-1: the never claim) and the ID of the transition it took (vm.Trans.ID,
// in the claim's transitions for -1). The send and the receive of a
// rendezvous are two steps. The claim line is there only when a claim
// ran: its steps and the system's then alternate as in pan's trails,
// which hold the claim's moves too (docs/references.md#spin-claims). The
// cycle line, in the trail of an acceptance or non-progress cycle, stands
// where pan's trail has its -1:-1:-1 line: the steps after it form the
// cycle, which leads back to the state before it. A line "dummy" is a
// move of weak fairness that changes nothing (pan counts it in the depth
// and leaves it out of its trail). The end line tells a whole trail from
// a truncated one; it counts the step and dummy lines. Lines starting
// with # are comments.
const Version = 2

// ClaimPid is the pid a trail gives the never claim's steps.
const ClaimPid = vm.ClaimPid

// Dummy is the pid of a dummy step (a move of weak fairness that changes
// nothing but the depth).
const Dummy = -2

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

// Write writes the path steps, which ends in the error msg, to path as a
// trail of m; m's claim, if it has one, ran with the system. cycle is the
// index in steps of the first step of the cycle the path ends in, -1 when
// the error is no cycle. The file is written whole or not at all: it is
// written to a temporary file in the same directory and renamed into
// place.
func Write(path string, m *vm.Model, msg string, steps []Step, cycle int) error {
	var b strings.Builder
	fmt.Fprintf(&b, "gmc-trail %d\nmodel %s\nmerge %v\n", Version, m.Fingerprint(), m.Merge)
	if m.Claim != nil {
		fmt.Fprintf(&b, "claim %s\n", m.Claim.Name)
	}
	fmt.Fprintf(&b, "error %s\n", strings.ReplaceAll(msg, "\n", " "))
	for i, st := range steps {
		if i == cycle {
			b.WriteString("cycle\n")
		}
		if st.Pid == Dummy {
			b.WriteString("dummy\n")
			continue
		}
		fmt.Fprintf(&b, "%d %d\n", st.Pid, st.Trans.ID)
	}
	fmt.Fprintf(&b, "end %d\n", len(steps))
	return atomicfile.Write(path, []byte(b.String()))
}

// Entry is one step as a trail file records it: the process that moved
// (ClaimPid: the claim; Dummy: a dummy move) and the ID of the transition
// it took.
type Entry struct {
	Pid   int
	Trans int // the transition's ID in the process's proctype (or the claim's)
}

// Entries are the entries a trail file records for steps.
func Entries(steps []Step) []Entry {
	out := make([]Entry, len(steps))
	for i, st := range steps {
		out[i] = Entry{Pid: st.Pid}
		if st.Trans != nil {
			out[i].Trans = st.Trans.ID
		}
	}
	return out
}

// File is a trail read back from a file.
type File struct {
	Version int
	Model   string // the fingerprint of the model it was found on
	Merge   bool   // the model's statements were merged
	Claim   string // the never claim that ran with the system ("": none)
	Error   string
	Steps   []Entry
	// Cycle is the index in Steps of the first step of the cycle the
	// trail ends in, -1 when it records no cycle.
	Cycle int
}

// Read parses a trail. Errors name the line they are on.
func Read(r io.Reader) (*File, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	t := &File{Merge: true, Cycle: -1}
	sc := bufio.NewScanner(bytes.NewReader(data))
	line := 0
	ended := false
	bad := func(format string, args ...any) error {
		return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, rest, _ := strings.Cut(text, " ")
		if ended {
			return nil, bad("%q after the end line", text)
		}
		switch {
		case line == 1 || t.Version == 0:
			if key != "gmc-trail" {
				return nil, bad("not a gmc trail (it does not start with gmc-trail)")
			}
			v, err := strconv.Atoi(rest)
			if err != nil || v < 1 || v > Version {
				return nil, bad("trail format version %q; this gmc reads versions 1 to %d", rest, Version)
			}
			t.Version = v
			if data[len(data)-1] != '\n' {
				// Write ends every line; the file was cut short.
				last := data[bytes.LastIndexByte(data, '\n')+1:]
				return nil, fmt.Errorf("the trail is truncated: its last line %q is cut short", last)
			}
		case key == "model":
			if len(rest) != 64 || strings.Trim(rest, "0123456789abcdef") != "" {
				return nil, bad("the model fingerprint %q is not 64 hex digits (a damaged trail?)", rest)
			}
			t.Model = rest
		case key == "error":
			t.Error = rest
		case key == "merge":
			t.Merge = rest != "false"
		case key == "claim" && t.Version >= 2:
			if rest == "" || len(t.Steps) > 0 {
				return nil, bad("a claim line names the claim, before the steps")
			}
			t.Claim = rest
		case key == "cycle" && t.Version >= 2:
			if t.Cycle >= 0 {
				return nil, bad("a second cycle line")
			}
			t.Cycle = len(t.Steps)
		case key == "dummy" && t.Version >= 2:
			t.Steps = append(t.Steps, Entry{Pid: Dummy})
		case key == "end":
			n, err := strconv.Atoi(rest)
			if err != nil || n != len(t.Steps) {
				return nil, bad("the end line says %q steps, the trail has %d (a damaged trail?)", rest, len(t.Steps))
			}
			ended = true
		default:
			pid, err1 := strconv.Atoi(key)
			tr, err2 := strconv.Atoi(strings.TrimSpace(rest))
			if err1 != nil || err2 != nil || pid < 0 && !(pid == ClaimPid && t.Claim != "") || tr < 0 {
				return nil, bad("want a step \"pid transition\", got %q", text)
			}
			t.Steps = append(t.Steps, Entry{Pid: pid, Trans: tr})
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if t.Version == 0 {
		return nil, fmt.Errorf("empty trail")
	}
	if t.Model == "" {
		return nil, fmt.Errorf("trail has no model line")
	}
	if !ended {
		return nil, fmt.Errorf("the trail is truncated: it has no end line after its %d steps", len(t.Steps))
	}
	if t.Cycle >= len(t.Steps) {
		return nil, fmt.Errorf("the trail's cycle has no steps (a damaged trail?)")
	}
	return t, nil
}

// Follow replays steps on m from the initial state, as the search took
// them, and returns the runner at the state reached and the errors the
// last step raised. m must be compiled with the claim the search ran, if
// any (File.Claim).
// It fails if a step is not one the search could have taken: a process
// that does not exist, a transition that is not at the process's pc or
// not executable, another process moving inside an atomic sequence that
// could go on, a rendezvous left without its receive, a claim step out of
// the claim's turn. When cycle >= 0 it also fails unless the steps from
// cycle on lead back to the state before them (the cycle closes).
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
	if w.R.Pending != 0 {
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
		return fmt.Sprintf("the claim, transition %d", st.Trans)
	case Dummy:
		return "a dummy move"
	}
	return fmt.Sprintf("process %d, transition %d", st.Pid, st.Trans)
}

// NextMove finds the move a trail step of a process names among the moves
// r can make, or says why the step is not possible.
func NextMove(r *vm.Runner, st Entry) (vm.Move, error) {
	if st.Pid < 0 {
		return vm.Move{}, fmt.Errorf("a step of the never claim, in a trail of the model without it")
	}
	moves, _ := r.Moves()
	for _, mv := range moves {
		if mv.Pid == st.Pid && mv.T.ID == st.Trans {
			return mv, nil
		}
	}
	m, s := r.M, r.S
	switch {
	case st.Pid >= s.NrProcs():
		return vm.Move{}, fmt.Errorf("no process %d", st.Pid)
	case r.Owner >= 0 && st.Pid != r.Owner:
		return vm.Move{}, fmt.Errorf("process %d is inside an atomic sequence", r.Owner)
	}
	pt := m.ProcType(s, st.Pid)
	pc := pt.PCs[m.PC(s, st.Pid)]
	for _, t := range pc.Trans {
		if t.ID == st.Trans {
			return vm.Move{}, fmt.Errorf("%q is not executable", t.Text)
		}
	}
	return vm.Move{}, fmt.Errorf("%s is at state %d, which has no transition %d", pt.Name, pc.Seqno, st.Trans)
}
