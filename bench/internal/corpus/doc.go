// Package corpus loads the models the paper-table programs under bench/
// run on: files given on the command line (each FILE or
// FILE:NAME=VALUE,... for #defines) or, without them, a default corpus of
// gmc's examples and SPIN's, each with its exhaustive search so that a
// table can compare a bounded or randomized search against the truth.
//
// Default patterns are relative to the repository root (the directory
// holding gmc's go.mod, found by walking up from the working directory),
// so the programs run from anywhere inside the repository; files given
// explicitly are relative to the working directory, as a shell user
// expects.
package corpus
