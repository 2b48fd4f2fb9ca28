/* spin-notes: A2
 * Counting basics with two processes; removal only of the highest pid.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=2 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=7 matched=2 transitions=9 atomic=0 depth=4 errors=0
 */

active [2] proctype P() {
	skip
}
