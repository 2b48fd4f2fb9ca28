/* spin-notes: G2 two runs
 * run appends processes; removal is a separate step in descending pid order.
 * pan: 
 * spin: 
 * expect merge:   stored=12 matched=4 transitions=16 atomic=0 depth=7 errors=0
 * expect nomerge: stored=12 matched=4 transitions=16 atomic=0 depth=7 errors=0
 */

proctype P() {
	skip
}

init {
	run P();
	run P()
}
