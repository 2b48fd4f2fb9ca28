/* spin-notes: E8
 * Atomic do loop: the break node is a step; ATOMIC and DO nodes are distinct pcs.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=3 depth=6 errors=0
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=6 depth=9 errors=0
 */

byte x, y;

active proctype P() {
	atomic {
		do
		:: x < 2 -> x++
		:: x == 2 -> break
		od
	};
	y = 1
}
