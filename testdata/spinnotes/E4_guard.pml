/* spin-notes: E4 d_step guarded by y == 1, plus Q
 * Whether a d_step can run is decided by its first statement.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=1 transitions=7 atomic=0 depth=4 errors=0
 * expect nomerge: stored=6 matched=1 transitions=7 atomic=0 depth=4 errors=0
 */

byte x, y;

active proctype P() {
	d_step { y == 1; x = 2 }
}

active proctype Q() {
	y = 1
}
