/* spin-notes: A4 true instead of timeout, -m2
 * Depth bound: the successor of a depth m-1 state is a truncated matched arrival.
 * pan: -m2
 * spin: 
 * expect merge:   stored=2 matched=1 transitions=3 atomic=0 depth=1 errors=0
 * expect nomerge: stored=2 matched=1 transitions=3 atomic=0 depth=1 errors=0
 */

byte x;

active proctype P() {
	x = 1;
	true -> x = 2;
	assert(x == 2)
}
