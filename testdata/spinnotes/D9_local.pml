/* spin-notes: D9 with a local-declared global
 * A global declared local counts as local for merging.
 * pan: 
 * spin: 
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 */

local byte g;

active proctype P() {
	byte a;
	a = 1;
	g = 2;
	a = 3;
	assert(a == 3)
}
