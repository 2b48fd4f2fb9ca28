/* spin-notes: section 7 run loop, too many processes
 * Creating the 256th process is a fatal error.
 * pan: 
 * spin: 
 * expect merge:   stored=509 matched=254 transitions=763 atomic=0 depth=508 errors=1
 * expect nomerge: stored=509 matched=254 transitions=763 atomic=0 depth=508 errors=1
 */

proctype P() {
	skip
}

init {
	do
	:: run P()
	od
}
