// Package ltl translates linear temporal logic formulas into Büchi
// automata and prints them as Promela never claims, exactly as SPIN 6.5.2
// does with `spin -f` (docs/references.md#spin-ltl).
//
// Exactness is the point: a claim's states, their order and the order of
// their options decide what the search counts, and gmc's counts must be
// pan's. So the translation is SPIN's own algorithm, step for step: the
// formula rewritten as SPIN's parser rewrites it, the tableau of Gerth,
// Peled, Vardi and Wolper (docs/references.md#gpvw) built and merged in
// SPIN's order, the generalized Büchi automaton turned into a Büchi one by
// SPIN's counter construction, and SPIN's simplifications of the result
// (contradictory guards, equal states, transitions to the same state,
// states that only lead to each other). It is not LTL2BA: SPIN 6.5.2's
// built-in translator is this older one.
//
// The stages, each in its own file:
//
//   - formula.go: Formula, the parsed formula (propositions are opaque
//     text); parse.go: Parse, for `spin -f` syntax, errors with a column;
//   - node.go, rewrite.go: SPIN's mutable formula nodes, its equality, the
//     rewrite cache, Canonical, negation pushing, the parser's
//     simplifications;
//   - tableau.go: the tableau and the acceptance classes;
//   - buchi.go: the Büchi automaton, its simplification, the guards;
//   - automaton.go: Automaton, Translate, NeverClaim and Claim.
//
// The package is a leaf: it imports no other gmc package (lang imports it
// to turn ltl blocks into never claims). Nothing here keeps global state;
// each Translate has its own, so translations may run at once. A Formula or
// Automaton is not changed once returned and may be shared by goroutines
// that only read it.
package ltl
