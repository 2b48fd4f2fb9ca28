// Command gmc is a model checker for Promela.
//
//	gmc check M.pml...    read and check models, print diagnostics
//	gmc run [flags] M.pml verify a model (SPIN-style report + coverage)
//
// Run `gmc help` for every command and flag.
package main
