/* spin-notes: E5
 * A goto out of an atomic is its own step in -o3.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=1 depth=4 errors=0
 */

byte x, y;

active proctype P() {
	atomic { x = 1; goto L };
	x = 2;
L:	y = 1
}
