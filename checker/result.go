package checker

import (
	"runtime"
	"time"

	"gmc/lang"
	"gmc/sample"
	"gmc/search"
	"gmc/store"
	"gmc/trail"
	"gmc/vm"
)

// Options configure a search.
type Options struct {
	// Budget bounds the search: depth (-m), errors (-c), states, memory,
	// time, and an interrupt.
	search.Budget
	// Progress, when set, is called about every ProgressEvery (default
	// a quarter of a second) with how far the search is.
	Progress      func(Progress)
	ProgressEvery time.Duration
	// Store is the set of visited states (nil: a new store.Exact). A
	// store.Bitstate makes the search a bitstate search, a store.Cache a
	// search with state-space caching; store.HashCompact and
	// store.Collapse keep every state (hc but for its omissions) in
	// less memory.
	Store store.Store
	// Observer, when set, is told what the search executes (coverage
	// analyses); nil costs the search nothing.
	Observer Observer
	// Recorder, when set, records the search as it goes (a search script,
	// package script); it needs an exact store (store.Exact or
	// store.Collapse), new, or a cache.
	Recorder Recorder
	// Follower, when set, makes the search a certification: it follows a
	// script instead of keeping a table of visited states, and stops at
	// the first deviation (Result.Deviation).
	Follower Follower
	// Start, when set, starts the search from another state than the
	// initial one.
	Start *Start
	// Cycles asks for a search of acceptance or non-progress cycles (pan
	// -a, -l: the nested search); Fair makes it weakly fair (-f). A model
	// compiled with a claim (vm.Options.Claim, NonProgress) is searched
	// as pan does with one, cycles or not.
	Cycles CycleMode
	Fair   bool
	// Reduce makes the search reduce by partial order as pan does by
	// default (docs/references.md#spin-por): at a state, a process whose
	// moves are all local (vm.Model.Preselectable) is explored alone when
	// its moves pass the proviso: in a safety search, one of them leads
	// off the search stack; in a cycle search, none meets the stack or
	// the depth bound (the first phase then marks the state, and the
	// nested search does not reduce there). A model SPIN builds without
	// reduction (vm.Model.NoReduce) is searched in full (Result.Reduced
	// says which). The product search does not reduce with weak
	// fairness in a model with rendezvous (pan refuses that too): Run
	// returns an error.
	Reduce bool
	// StackProviso gives a reduced safety search the proviso of pan's
	// builds without -DSAFETY, which pan -a runs as a safety search on a
	// model without accept labels: a process explored alone is refused
	// when it did not move or one of its moves met the search stack or
	// the depth bound (docs/references.md#spin-por).
	StackProviso bool

	// NoAsserts: failing assert statements are no errors (pan -A); the
	// other counted errors (trace assertions, xs/xr, uninitialised
	// channels) still are, as pan's -A silences spin_assert only.
	NoAsserts bool
	// NoEnds: invalid end states are no errors (pan -E).
	NoEnds bool
	// StrictEnd: a valid end state also has every channel empty (pan -q),
	// and a state without processes is one only then
	// (docs/references.md#spin-pan-flags).
	StrictEnd bool
	// EveryError keeps every error with its trail in Result.Errors (pan
	// -e), where with MaxErrors 0 only the first is kept.
	EveryError bool
	// Iterative makes the depth-first search look for a shorter error
	// (pan -i, -I): at each error, the depth bound is lowered and the
	// search goes on; MaxErrors then stops it only once the bound is 0.
	// It implies Reach. Result.Errors keeps every error, with its trail
	// for the last one only (pan writes each over the one before).
	Iterative IterMode
	// Reach explores a stored state again when the search reaches it at
	// a smaller depth than it had (pan built with -DREACH): the depth
	// bound then cuts no path that a shorter one could replace. It needs
	// a store that keeps payloads (exact, hash compaction, collapse) and
	// no script.
	Reach bool

	// noSample leaves out the sample of states (Result.Sample): for the
	// benchmark that measures what the sample costs (BenchmarkSampleCost).
	noSample bool
	// ahead overrides when the search computes its moves ahead
	// (DFS.takeDirect): for the test that it computes the same as when
	// it computes each in its turn.
	ahead aheadMode
}

// aheadMode is when a search computes its moves ahead (DFS.takeDirect).
type aheadMode uint8

const (
	aheadLarge  aheadMode = iota // once the store is large (aheadFrom)
	aheadNever                   // never
	aheadAlways                  // from the first move
)

// IterMode is how a search looks for shorter errors (Options.Iterative).
type IterMode uint8

// The iterative modes.
const (
	NotIterative IterMode = iota
	// Shortest: after an error at depth d the bound becomes d+1 (pan -i):
	// the search ends with a shortest error within the bound.
	Shortest
	// Halving: the bound becomes d/2 (pan -I), faster and approximate.
	Halving
)

// CycleMode says which cycles a search looks for.
type CycleMode uint8

// The cycle modes.
const (
	NoCycles          CycleMode = iota
	AcceptanceCycles            // pan -a: a cycle through an accept state
	NonProgressCycles           // pan -l: a cycle through no progress state (the model runs the np_ claim)
)

// Start is where a search starts when it does not start from the initial
// state: a part of a script (parallel certification) from where its
// initialization path leads, a Monte Carlo sample from a state its first
// phase reached.
type Start struct {
	State *vm.State
	Depth int          // the depth of State: the search counts from there
	Path  []trail.Step // the path that leads to State, for error trails (may be empty)
}

// Observer is told what a search executes: coverage analyses implement
// it (package coverage).
type Observer interface {
	// Executed: a process of proctype pt took transition t as a move
	// (pan's reached marks are set at the same place).
	Executed(pt *vm.ProcType, t *vm.Trans)
	// Condition: the atomic condition vm.Model.Conds[id] was evaluated
	// to value. Only a model compiled with vm.Options.Conditions reports
	// conditions.
	Condition(id int, value bool)
	// Finished: the search ended with res.
	Finished(res *Result)
}

// Recorder is told, in order, what the search does: a search script
// writer (package script, 004 §3.1) implements it.
type Recorder interface {
	// Move: process pid takes transition t (in the timeout pass).
	Move(pid int, t *vm.Trans, timeout bool)
	// Arrive: the move reached a state to store, new or not. With the
	// exact store, id is the state's number (store.Exact.LastID); with a
	// cache, id is 0 and key is the state's vector.
	Arrive(key []byte, isNew bool, id uint32)
	// DeadEnd: the state has no moves, even with timeout.
	DeadEnd()
	// Backtrack: the search returns from the last move.
	Backtrack()
}

// Follower is asked, in order, whether what the search does is what a
// script says it did: a certification (package script) implements it.
// An error is a deviation; the search stops at the first.
type Follower interface {
	// Move: process pid takes transition trans; name names a move for
	// messages.
	Move(pid, trans int, name func(pid, trans int) string) error
	// Arrive: the move reached the state with this fingerprint
	// (store.Fingerprint); isNew says whether the search explores it.
	Arrive(fingerprint uint64) (isNew bool, err error)
	// Backtrack: the search returns from the last move.
	Backtrack() error
	// End: the search ended.
	End() error
}

// Error is a property violation found by a search, with the path that
// leads to it from the initial state.
type Error struct {
	Kind  ErrorKind
	Msg   string
	Depth int          // as pan reports it (see explore)
	Trail []trail.Step // kept for the errors in Result.Errors only
	// Cycle is, for a cycle (Kind.IsCycle), the index in Trail of the
	// cycle's first step: Trail[:Cycle] is the stem, Trail[Cycle:] the
	// cycle, which leads back to the state the stem reaches (-1: not
	// known).
	Cycle int
	Trans *vm.Trans // the transition that failed, for assertions and run-time errors
	Pid   int
	Pos   lang.Pos // the statement that failed (zero for invalid end states)
	// Guard: the error was raised while evaluating the guard of Trans,
	// process Pid's transition from the state Trail reaches, which did
	// not execute. pan's trail of it holds that step as its last
	// (docs/references.md#pan-trail): FileSteps.
	Guard bool
	// Bound is, in an iterative search (Options.Iterative), the depth
	// bound after the error (pan's "reducing search depth to N"), -1 when
	// the error bound stopped the search there (the depth bound was 0); 0
	// in the other searches.
	Bound int
}

// ErrorLine is an error of Result.Later: what its line says.
type ErrorLine struct {
	N     int64
	Error *Error
}

// FileSteps are the steps a trail file of e records: Trail, and for an
// error raised by a guard (Guard) the step that raised it, as pan writes
// it. (Trail may be nil for an error of the initial state: the search's
// own judgement whether it kept e's trail stays with Trail.)
func (e *Error) FileSteps() []trail.Step {
	if !e.Guard || e.Trans == nil {
		return e.Trail
	}
	return append(e.Trail[:len(e.Trail):len(e.Trail)], trail.Step{Pid: e.Pid, Trans: e.Trans})
}

// ErrorKind classifies errors.
type ErrorKind int

// Kinds of errors.
const (
	AssertionViolated ErrorKind = iota
	InvalidEndState
	RuntimeFailure // fatal: the search stopped
	AcceptanceCycle
	NonProgressCycle
	ClaimEnd      // the never claim reached its end: its property is violated
	AcceptStutter // no move from an accepting state (a cycle search without a claim)
	// EventTrace: a trace assertion had no transition for a send or
	// receive, or a notrace assertion matched them all (vm/trace.go).
	EventTrace
)

// IsCycle reports whether errors of kind k are cycles (their trails end
// in a cycle, Error.Cycle).
func (k ErrorKind) IsCycle() bool { return k == AcceptanceCycle || k == NonProgressCycle }

// String names the kind in snake case, as JSON output does.
func (k ErrorKind) String() string {
	switch k {
	case AssertionViolated:
		return "assertion_violated"
	case InvalidEndState:
		return "invalid_end_state"
	case RuntimeFailure:
		return "runtime_error"
	case AcceptanceCycle:
		return "acceptance_cycle"
	case NonProgressCycle:
		return "non_progress_cycle"
	case ClaimEnd:
		return "claim_end"
	case AcceptStutter:
		return "accept_stutter"
	case EventTrace:
		return "event_trace"
	}
	return "unknown"
}

// Stats are the counters of a search, named as pan names them.
type Stats struct {
	Stored      int64 // states stored
	Matched     int64 // arrivals at stored states, and arrivals cut off by the depth bound
	Transitions int64 // stored + matched (visited + matched in a cycle search)
	// Visited counts a cycle search's first visits, in either phase, when
	// the nested search went back to stored states (0 otherwise): Stored
	// is Visited less those (pan's "stored (V visited)").
	Visited      int64
	AtomicSteps  int64
	DepthReached int
	NumErrors    int64 // pan's "errors: N": every error found (Result.Errors keeps some)
	DepthLimited bool  // the depth bound cut the search
	Elapsed      time.Duration
	MaxVector    int
	// Redundant counts the transitions (of Transitions) taken from states
	// explored again after their eviction from a state cache: known only
	// when the cache keeps its exact side set.
	Redundant int64
	// Reduced: the search reduced by partial order (Options.Reduce, on a
	// model SPIN reduces).
	Reduced bool
	// DepthBound is the depth bound the depth-first search ended with:
	// Options.MaxDepth, or lower after an iterative search's errors.
	DepthBound int
	// TooShallow: in an iterative search (Options.Iterative), the depth
	// bound cut the search before an error lowered it: pan says "max
	// search depth too small" then only (the other searches leave it
	// false: DepthLimited says it).
	TooShallow bool
}

// Result is what a search found.
type Result struct {
	Stats
	// Stop is how the search ended: Reason search.Complete when it
	// visited every reachable state.
	Stop search.Stop
	// Errors are the errors found, with their trails: all of them up to
	// the -c bound, or only the first when the search does not stop at
	// errors (Stats.NumErrors counts them all).
	Errors []*Error
	// Later are the errors past the first of a search that does not stop
	// at errors (-c0) whose message differs from the error's before: pan
	// prints a line for each (docs/references.md#spin-error-lines); N is
	// the count of errors at it. No trail is kept.
	Later []ErrorLine
	// lastMsg is the message of the last error found.
	lastMsg string
	Memory  Memory
	// Reached holds, per proctype and claim (by ID), the elements the
	// search reached, for vm.ProcType.Unreached.
	Reached [][]bool

	// Deviation is where a certification left the script it follows
	// (Options.Follower): the Follower's error.
	Deviation error
	// Estimate is the coverage a search stopped early estimates (nil:
	// none).
	Estimate *StackEstimate
	// Workers is the number of goroutines of a parallel search
	// (Parallel), 0 for the one-core searches.
	Workers int
	// Breadth holds what a breadth-first search (BFS) counts besides
	// Stats (nil for the other searches).
	Breadth *BreadthStats
	// Beyond counts the distinct states at the depth bound that the
	// search never stored (exact store only; at least, past 2^20): the
	// coverage is at most Stored / (Stored + Beyond).
	Beyond int64
	// Sample is a uniform sample of the states the search stored (package
	// sample), with the omissions a bitstate store made among the states
	// the search reached (the product search samples its first phase).
	Sample *sample.Sample
}

// Complete reports whether the search visited every reachable state.
func (r *Result) Complete() bool { return r.Stop.Reason == search.Complete }

// Memory is what the search used, in bytes.
type Memory struct {
	Vectors int64 // the state vectors in the store, as stored
	Table   int64 // the store's hash table
	Stack   int64 // the search stack: one state per depth
	// Heap is the Go heap in use when the search ended, its store and
	// stack still held (pan's "total actual memory usage"): read later,
	// by the caller, a collection may already have freed the store a
	// search made for itself.
	Heap int64
}

// HeapInUse is the memory the Go heap holds now, in bytes: what a search
// records as Memory.Heap as it ends.
func HeapInUse() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapInuse)
}
