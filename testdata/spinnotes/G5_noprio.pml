/* spin-notes: G5 without priority 3
 * Baseline for G5 without priorities.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=2 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=7 matched=2 transitions=9 atomic=0 depth=4 errors=0
 */

byte x;

active proctype A() {
	x = 1
}

active proctype B() {
	x = 2
}
