/* spin-notes: A1
 * Counting basics: initial state, state at -end-, state after process removal.
 * pan: 
 * spin: 
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 * expect nomerge: stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 */

active proctype P() {
	skip
}
