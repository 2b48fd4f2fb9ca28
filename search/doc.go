// Package search holds what every search of gmc shares and nothing else:
// the Budget a search runs within (depth, errors, states, memory, time, an
// interrupt) and the Stop that says why it ended, as a typed Reason.
//
// The searches themselves live above it: the exhaustive depth-first search
// in package checker, the randomized and Monte Carlo searches in package
// random, certification in package script. Each takes a Budget and returns
// a result carrying a Stop; package estimate decides from the Stop and the
// counts which coverage line a run prints (estimate.Verdict), so that no
// code matches a stop by its words.
//
// Invariant: a search sets its Stop where it stops, once; Reason Complete
// is the only one after which every reachable state was visited.
//
// Values of this package are plain data, safe to copy and share.
package search
