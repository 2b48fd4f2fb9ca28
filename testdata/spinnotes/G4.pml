/* spin-notes: G4 A before B
 * A finished process is removed only when it is the highest pid; _nr_pr includes it.
 * pan: 
 * spin: 
 * expect merge:   stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 * expect nomerge: stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 */

active proctype A() {
	skip
}

active proctype B() {
	_nr_pr == 1
}
