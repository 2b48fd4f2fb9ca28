// Package checker is gmc's exhaustive search: the depth-first search of
// pan (search.go, mirroring pan's new_state), what it reports (Result,
// Stats, Error, in result.go), the unreached listing (report.go), the
// estimate of a search stopped early from its stack (stackestimate.go, 004
// eq. 5.2-5.3), and a series of bitstate runs and seeded runs on every
// core (series.go). Every search keeps a sample of the states it stores
// (Result.Sample, package sample); with a bitstate store it also checks
// every state it reaches against it for omissions. The sample observes:
// no count depends on it.
//
// A model that runs a never claim (vm.Options.Claim, NonProgress), or a
// search for acceptance or non-progress cycles (Options.Cycles, Fair), is
// searched by the product search (nested.go): pan's new_state with its
// claim turns, stutter, nested search and weak fairness, a recursive port
// with pan's flags named (docs/references.md#spin-liveness). DFS.Run hands
// over to it; it keeps its cycle tags with the states of an exact, hc or
// collapse store (store.Payloads) or, with bitstate storage, apart as pan
// -DBITSTATE does, and supports no script, cache or observer yet. Its conformance cases are testdata/liveness/.
//
// The search takes its states from a store (package store), records or
// follows a search script through the Recorder and Follower interfaces
// (implemented by package script), and tells coverage analyses what it
// executes through Observer (package coverage). The randomized and Monte
// Carlo searches (package random) and certification (package script) stand
// on it.
//
// Invariants a change must keep:
//
//   - Counts are SPIN's: stored, matched, transitions, atomic steps, depth
//     and errors equal pan's on every model of the corpus (the conformance
//     test). A differing count is a bug.
//   - Executability: who may move, and which transitions are tried (else
//     only when nothing else of the process moved, unless escapes cut off
//     the rest of their group, only receives after a rendezvous offer,
//     atomic exclusivity until the sequence blocks, timeout only when
//     nothing moves, priorities) is vm.Pass, the one piece of code the
//     search and vm.Runner both follow. TestRunnerMatchesSearch checks
//     that the two reach the same states.
//   - Stopping: the search stops only through DFS.stop, which records a
//     typed search.Stop in Result.Stop and unwinds to Run. Nothing decides
//     by the words of a stop; estimate.Verdict decides the coverage line.
//
// The parallel search (parallel.go, gmc run -j N) is the only one that
// runs several goroutines: its workers are DFSs, each with its own
// machine, stack, counts and Result, sharing the model, a
// store.Concurrent (each worker through its own store.SharedView)
// and the Parallel's atomic counters and stop; of a worker, the others
// read its deque of states handed over under its lock (and its length,
// atomic), their vectors after that lock, and its paths for trails only
// after all the workers have returned.
//
// A DFS and its Result belong to one goroutine. A compiled vm.Model is
// read-only and may be searched by several DFSs at once, each with its own
// store.
package checker
