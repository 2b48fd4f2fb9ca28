/* spin-notes: G4 declarations swapped
 * Removal in descending pid order lets A finish after B is gone.
 * pan: 
 * spin: 
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 */

active proctype B() {
	_nr_pr == 1
}

active proctype A() {
	skip
}
