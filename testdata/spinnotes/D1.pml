/* spin-notes: D1
 * Merging: a skip heads a chain of local statements up to -end-.
 * pan: 
 * spin: 
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 * expect nomerge: stored=10 matched=0 transitions=10 atomic=0 depth=9 errors=0
 */

active proctype P() {
	byte a, b;
	skip;
	skip;
	skip;
	a = 1;
	a = a + 1;
	b = a;
	b = b * 2;
	assert(b == 4)
}
