// Package coverage holds the coverage analyses of a search
// (Rodríguez et al., cited as 003, see docs/references.md#003): which
// transitions and if/do options the search executed (structural
// coverage, 003 §4.1), which atomic conditions of guards, condition
// statements and assertions it saw true and which false (condition
// coverage, a form of 003 §4.2's boolean satisfaction analysis), and what
// the two say together (003 §4.3).
//
// An Analyzer observes a search (it is a checker.Observer); Report turns
// what it saw into a Report, which Write prints.
//
// An Analyzer belongs to the one search it observes.
package coverage
