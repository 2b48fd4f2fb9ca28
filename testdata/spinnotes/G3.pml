/* spin-notes: G3
 * _nr_pr counts live processes; pids are reused after removal.
 * pan: 
 * spin: 
 * expect merge:   stored=80 matched=88 transitions=168 atomic=0 depth=19 errors=0
 * expect nomerge: stored=80 matched=88 transitions=168 atomic=0 depth=19 errors=0
 */

byte n;

proctype P() {
	n++
}

init {
	byte i;
	do
	:: i < 3 -> run P(); i++
	:: else -> break
	od;
	_nr_pr == 1;
	assert(n == 3)
}
