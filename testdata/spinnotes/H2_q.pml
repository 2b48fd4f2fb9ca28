/* spin-notes: H2 timeout in Q
 * timeout in another process fires only when the system is blocked.
 * pan: 
 * spin: 
 * expect merge:   stored=9 matched=2 transitions=11 atomic=0 depth=6 errors=0
 * expect nomerge: stored=9 matched=2 transitions=11 atomic=0 depth=6 errors=0
 */

byte x;

active proctype P() {
	x == 1 -> x = 2
}

active proctype Q() {
	timeout -> x = 1
}
