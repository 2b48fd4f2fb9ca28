/* spin-notes: B1 plus assert(y > 0)
 * Automatic hiding: a read in an assert makes the global visible.
 * pan: 
 * spin: 
 * expect merge:   stored=9 matched=0 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=9 matched=0 transitions=9 atomic=0 depth=4 errors=0
 */

byte y;

active proctype P() {
	if
	:: y = 1
	:: y = 2
	fi;
	skip;
	assert(y > 0)
}
