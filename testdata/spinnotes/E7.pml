/* spin-notes: E7
 * A blocked atomic stores its state, then the timeout pass runs.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=1 depth=3 errors=0
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=2 depth=4 errors=0
 */

byte x;

active proctype P() {
	atomic { x = 1; timeout -> x = 2 }
}
