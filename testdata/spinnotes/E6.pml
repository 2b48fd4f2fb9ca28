/* spin-notes: E6
 * Assertions inside atomic chains are re-evaluated on every arrival.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=2 transitions=9 atomic=0 depth=4 errors=3
 * expect nomerge: stored=7 matched=2 transitions=9 atomic=5 depth=6 errors=3
 */

byte x;

active [2] proctype P() {
	atomic { x++; assert(x < 2) }
}
