// Package walk moves through a model's state graph one step at a time, by
// the rules of vm.Runner, between the states a search stores (no atomic
// sequence running, no rendezvous offer pending): a step is one move from a
// stored state and the moves after it through states not stored, until the
// next stored one. The randomized and Monte Carlo searches (package random)
// and the estimate of a stopped depth-first search (package checker) stand
// on it.
//
// Walker takes random steps or lists every successor of a stored state;
// Tree keeps the states a walk-based search keeps, each with the moves that
// reached it, so that every kept state has a trail.
//
// A Walker is not safe for use by several goroutines; each search has its
// own. The states it returns are its own copies, never changed afterwards.
package walk
