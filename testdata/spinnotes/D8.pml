/* spin-notes: D8
 * Merging of local straight-line code.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 */

active proctype P() {
	byte a, b;
	a = 1;
	b = 2;
	a = 3;
	b = a;
	(a == b)
}
