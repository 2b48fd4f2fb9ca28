// Package trail reads, writes and follows error trails: the path a search
// took from the initial state to an error, in pan's format
// (docs/references.md#pan-trail), one step (depth, process, pan's
// transition id) per line, with the never claim's steps when a claim ran
// and where the cycle starts when the error is a cycle, so that spin -t
// replays gmc's trails and gmc pan's. Searches keep their paths as
// []Step; Write puts them in a file named as SPIN names trails (Path),
// with gmc's own lines after the steps (the model's fingerprint and the
// error), which SPIN does not read; Read reads a trail back, pan's or
// gmc's, as Entries, and Follow (step by step: Walker) replays entries on
// a vm.Runner, refusing any step the search could not have taken and a
// cycle that does not lead back to its start. Simulation and replay
// (package sim) and cmd/gmc use it without importing the searches.
//
// Write writes a file whole or not at all. Nothing here is shared between
// goroutines.
package trail
