// Package lang is gmc's front end for Promela: it turns source text into a
// checked syntax tree (Spec), with every problem reported as a positioned
// Diagnostic.
//
// The stages, each in its own file:
//
//   - scanner.go: tokens; preproc.go: the C preprocessor subset (#define,
//     function-like macros, #include, #if/#ifdef/#else/#endif) with a map
//     from every output position back to its file, line and column;
//   - semis.go: implied semicolons; inline.go: inline expansion;
//   - grammar.go (participle), exprparse.go and sequence.go (hand-written
//     for speed): the parser, building the AST of ast.go (build.go);
//   - ltl.go: each ltl block becomes the never claim SPIN makes of it
//     (package ltl translates; the claim is parsed like any never claim
//     and appended to Procs, positioned in SPIN's _spin_nvr.tmp);
//   - check.go: resolution and type checking;
//   - pos.go: positions and diagnostics, sorted and printed in one format,
//     file:line:col: error: message;
//   - print.go, spintext.go: statements printed back, as gmc and as SPIN
//     print them (SPIN's text is what pan's reports and trails show).
//
// Load (read a file, preprocess, parse, make the ltl blocks' claims,
// check) is the entry point; Parse and Check are its halves (without the
// claims). Problems never panic: they are collected as
// Diagnostics, all of them in one pass.
//
// A Spec is built once and then read only: package vm compiles it, and it
// may be shared by goroutines that only read it. Nothing in lang keeps
// global state, so separate loads may run at once.
package lang
