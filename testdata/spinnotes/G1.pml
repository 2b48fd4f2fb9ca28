/* spin-notes: G1 init declared between A and B
 * Start-up: init and active proctypes get pids in textual order (checked by asserts).
 * pan: 
 * spin: 
 * expect merge:   stored=31 matched=34 transitions=65 atomic=0 depth=8 errors=0
 * expect nomerge: stored=31 matched=34 transitions=65 atomic=0 depth=8 errors=0
 */

active proctype A() {
	assert(_pid == 0)
}

init {
	assert(_pid == 1)
}

active [2] proctype B() {
	assert(_pid == 2 || _pid == 3)
}
