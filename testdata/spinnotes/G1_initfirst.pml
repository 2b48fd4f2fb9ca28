/* spin-notes: G1 init declared first
 * Start-up: init declared first gets pid 0 (checked by asserts).
 * pan: 
 * spin: 
 * expect merge:   stored=31 matched=34 transitions=65 atomic=0 depth=8 errors=0
 * expect nomerge: stored=31 matched=34 transitions=65 atomic=0 depth=8 errors=0
 */

init {
	assert(_pid == 0)
}

active proctype A() {
	assert(_pid == 1)
}

active [2] proctype B() {
	assert(_pid == 2 || _pid == 3)
}
