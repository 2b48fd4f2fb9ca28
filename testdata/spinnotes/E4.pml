/* spin-notes: E4 d_step then x = 4
 * A d_step is one transition: no intermediate states, no atomic step.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 */

byte x;

active proctype P() {
	d_step { x = 1; x = 2; x = 3 };
	x = 4
}
