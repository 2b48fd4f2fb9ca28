/* spin-notes: A4 timeout, -m2
 * At depth maxdepth-1 there is no timeout pass and no deadlock report.
 * pan: -m2
 * spin: 
 * expect merge:   stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=0
 * expect nomerge: stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=0
 */

byte x;

active proctype P() {
	x = 1;
	timeout -> x = 2;
	assert(x == 2)
}
