/* spin-notes: G2 two runs in an atomic
 * run inside an atomic; only the last run is a normal step.
 * pan: 
 * spin: 
 * expect merge:   stored=9 matched=2 transitions=11 atomic=1 depth=7 errors=0
 * expect nomerge: stored=9 matched=2 transitions=11 atomic=1 depth=7 errors=0
 */

proctype P() {
	skip
}

init {
	atomic { run P(); run P() }
}
