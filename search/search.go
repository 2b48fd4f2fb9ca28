package search

import (
	"fmt"
	"time"
)

// Budget bounds a search. Every search takes one (checker.Options,
// random.Options, random.MonteCarloOptions); a zero field means no bound,
// except MaxDepth, whose zero means DefaultMaxDepth.
type Budget struct {
	MaxDepth  int   // -m: states at this depth are not explored
	MaxErrors int   // -c: stop after this many errors (0: never stop)
	MaxStates int64 // stop once this many states are stored
	// MaxMemory bounds the bytes the store and the search stack may use.
	MaxMemory int64
	Time      time.Duration // stop after this long
	// Interrupt, when closed, stops the search (Ctrl-C).
	Interrupt <-chan struct{}
}

// DefaultMaxDepth is pan's default depth bound (-m10000).
const DefaultMaxDepth = 10000

// Depth is the depth bound, DefaultMaxDepth when none was set.
func (b Budget) Depth() int {
	if b.MaxDepth <= 0 {
		return DefaultMaxDepth
	}
	return b.MaxDepth
}

// Interrupted reports, without waiting, whether Interrupt is closed.
func (b Budget) Interrupted() bool {
	select {
	case <-b.Interrupt:
		return true
	default:
		return false
	}
}

// Reason is why a search ended. Reports and the coverage verdict
// (estimate.Verdict) decide by it, never by the words of a message.
type Reason int

// The reasons a search ends. Complete is the only one after which every
// reachable state was visited; DepthBound means the search ran to its end
// but the depth bound cut some paths. The zero Reason, Running, is that of
// a search that has not ended: a result is never complete by default.
const (
	Running Reason = iota
	Complete
	DepthBound   // finished, but paths were cut at -m
	StateBound   // Budget.MaxStates states stored
	MemoryBound  // Budget.MaxMemory bytes used
	TimeLimit    // Budget.Time elapsed
	StepBound    // a randomized search took its budget of steps
	ErrorLimit   // Budget.MaxErrors errors found
	Interrupted  // Budget.Interrupt closed
	CacheFull    // every state of a state cache is on the search stack
	RuntimeError // a fatal run-time error of the model (a bad channel, ...)
	Deviation    // a certification left its script
)

var reasonNames = [...]string{
	Running:      "running",
	Complete:     "complete",
	DepthBound:   "depth_bound",
	StateBound:   "state_bound",
	MemoryBound:  "memory_bound",
	TimeLimit:    "time_limit",
	StepBound:    "step_bound",
	ErrorLimit:   "error_limit",
	Interrupted:  "interrupted",
	CacheFull:    "cache_full",
	RuntimeError: "runtime_error",
	Deviation:    "deviation",
}

// String names the reason in snake case, as JSON output does.
func (r Reason) String() string {
	if r < 0 || int(r) >= len(reasonNames) {
		return fmt.Sprintf("reason(%d)", int(r))
	}
	return reasonNames[r]
}

// Bounded reports whether the search was cut by a bound of its budget
// (states, memory, time, steps) or an interrupt: it may have left any part
// of the state space unvisited, and what it visited is a sample from which
// a coverage can be estimated.
func (r Reason) Bounded() bool {
	switch r {
	case StateBound, MemoryBound, TimeLimit, StepBound, Interrupted:
		return true
	}
	return false
}

// Stop is how a search ended: the reason, and the words a report prints
// for it (which may name the bound, the depth, the error).
type Stop struct {
	Reason Reason
	Detail string
}

// Early reports whether the search stopped before it ran to its end
// (anything but Running, Complete and DepthBound).
func (s Stop) Early() bool { return s.Reason > DepthBound }

// String is the stop as a report says it: the detail, or the reason's
// own words.
func (s Stop) String() string {
	if s.Detail != "" {
		return s.Detail
	}
	switch s.Reason {
	case Complete:
		return "complete"
	case DepthBound:
		return "depth bound reached"
	case ErrorLimit:
		return "error bound reached"
	case Interrupted:
		return "interrupted"
	}
	return s.Reason.String()
}

// Stopped returns the stop for a bound reached, with the words reports
// use for it.
func Stopped(r Reason, b Budget) Stop {
	switch r {
	case StateBound:
		return Stop{r, fmt.Sprintf("state bound of %d states reached", b.MaxStates)}
	case MemoryBound:
		return Stop{r, fmt.Sprintf("memory bound of %d bytes reached", b.MaxMemory)}
	case TimeLimit:
		return Stop{r, fmt.Sprintf("time limit of %v reached", b.Time.Round(time.Millisecond))}
	}
	return Stop{Reason: r}
}
