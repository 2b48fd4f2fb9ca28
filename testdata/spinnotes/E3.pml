/* spin-notes: E3
 * An atomic that blocks loses atomicity and its state is stored.
 * pan: 
 * spin: 
 * expect merge:   stored=9 matched=3 transitions=12 atomic=3 depth=5 errors=0
 * expect nomerge: stored=9 matched=3 transitions=12 atomic=7 depth=6 errors=0
 */

byte x, y;

active proctype P() {
	atomic { x = 1; y == 1; x = 2 }
}

active proctype Q() {
	y = 1
}
