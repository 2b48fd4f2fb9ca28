/* spin-notes: B4 with assert(l > 0)
 * No dead-variable reset after a read by assert; def differs only by merging.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=1 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=10 matched=1 transitions=11 atomic=0 depth=5 errors=0
 */

active proctype P() {
	byte l;
	if
	:: l = 1
	:: l = 2
	fi;
	skip;
	assert(l > 0);
	skip
}
