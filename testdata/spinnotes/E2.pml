/* spin-notes: E2
 * Atomic intermediate states are not stored; the whole atomic merges into one step.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=2 depth=7 errors=0
 */

byte x, y;

active proctype P() {
	atomic { x = 1; x = 2; x = 3 };
	y = 1
}

active proctype Q() {
	y == 1
}
