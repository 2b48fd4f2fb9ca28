// Package trail reads, writes and follows error trails: the path a search
// took from the initial state to an error, one step (process, transition)
// per line, with the never claim's steps when a claim ran and where the
// cycle starts when the error is a cycle. Searches keep their paths as
// []Step; Write puts them in a file named as SPIN names trails (Path);
// Read reads one back as Entries, and Follow (step by step: Walker)
// replays entries on a vm.Runner, refusing any step the search could not
// have taken and a cycle that does not lead back to its start. Simulation and replay (package sim) and cmd/gmc use it
// without importing the searches.
//
// Write writes a file whole or not at all. Nothing here is shared between
// goroutines.
package trail
