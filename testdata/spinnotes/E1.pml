/* spin-notes: E1
 * Atomic exception: the fi exit node at the end of an atomic is its own step.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=1 depth=4 errors=0
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=3 depth=6 errors=0
 */

byte x, y, z;

active proctype P() {
	atomic {
		x = 1;
		if
		:: x == 1 -> y = 1
		fi
	};
	z = 1
}
