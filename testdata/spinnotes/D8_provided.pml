/* spin-notes: D8 with provided (true) on P
 * A provided clause turns merging off.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 */

active proctype P() provided (true) {
	byte a, b;
	a = 1;
	b = 2;
	a = 3;
	b = a;
	(a == b)
}
