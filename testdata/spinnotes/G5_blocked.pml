/* spin-notes: G5 blocked high-priority process
 * A blocked higher-priority process does not stop lower ones.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 * expect nomerge: stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 */

byte x;

active proctype A() priority 3 {
	x == 1;
	x = 2
}

active proctype B() {
	x = 1;
	x = 3;
	assert(x != 2)
}
