/* spin-notes: E4 d_step that blocks midway
 * A later statement that blocks in a d_step is a fatal error.
 * pan: 
 * spin: 
 * expect merge:   stored=1 matched=0 transitions=1 atomic=0 depth=0 errors=1
 * expect nomerge: stored=1 matched=0 transitions=1 atomic=0 depth=0 errors=1
 */

byte x, y;

active proctype P() {
	d_step { x = 1; y == 1; x = 2 }
}
