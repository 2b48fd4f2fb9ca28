package script

import (
	"gmc/checker"
	"gmc/vm"
)

// recorder is a Writer as the search sees it: the checker.Recorder that
// Writer.Recorder returns.
type recorder struct{ w *Writer }

// Recorder is what the search records the script through
// (checker.Options.Recorder).
func (w *Writer) Recorder() checker.Recorder { return recorder{w} }

func (r recorder) Move(pid int, t *vm.Trans, timeout bool) { r.w.move(pid, t.ID, timeout, t.Asserts) }

func (r recorder) Arrive(key []byte, isNew bool, id uint32) {
	if key == nil {
		r.w.arrive(isNew, id)
	} else {
		r.w.arriveKey(key, isNew)
	}
}

func (r recorder) DeadEnd()   { r.w.deadEnd() }
func (r recorder) Backtrack() { r.w.backtrack() }

// follower is a Reader as the search sees it (checker.Options.Follower):
// certification asks it whether each step of the search is the script's.
type follower struct{ r *Reader }

func (f follower) Move(pid, trans int, name func(pid, trans int) string) error {
	return f.r.move(pid, trans, name)
}

func (f follower) Arrive(fingerprint uint64) (bool, error) { return f.r.arrive(fingerprint) }
func (f follower) Backtrack() error                        { return f.r.backtrack() }
func (f follower) End() error                              { return f.r.end() }
