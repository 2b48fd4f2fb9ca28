/* spin-notes: D6 written without the inline
 * Straight-line local code merges into one chain.
 * pan: 
 * spin: 
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 */

active proctype P() {
	byte a, b, c, d;
	a = 1;
	b = 2;
	c = 3;
	d = 4;
	assert(a + b + c + d == 10)
}
