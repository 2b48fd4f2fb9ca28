// Command spincount runs SPIN's verifier on Promela models and prints one
// line per model:
//
//	model  stored matched transitions atomic depth errors vector secs
//
// where secs is pan's wall time (not counting spin and the C compiler).
// The pipeline is spin [-o3] -a; cc -DNOREDUCE -DSAFETY -DNOCLAIM; ./pan -c0 -mN
// (see package gmc/internal/spinref). Flags may appear before, between or
// after the model paths; they apply to all models:
//
//	spincount [-o3] [-m N] [-c N] [-O] [-timeout D] [-j N] [-header]
//	          [-spin "flags"] [-pan "flags"] model.pml...
//
// A model that hits the depth bound gets a warning on stderr. Failures are
// reported on stderr and make the exit status 1.
package main
