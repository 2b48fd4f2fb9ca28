/* spin-notes: H1
 * else is executable only when no earlier transition of the process moved.
 * pan: 
 * spin: 
 * expect merge:   stored=23 matched=10 transitions=33 atomic=0 depth=7 errors=0
 * expect nomerge: stored=23 matched=10 transitions=33 atomic=0 depth=7 errors=0
 */

byte x, y;

active proctype P() {
	do
	:: x < 2 -> x++
	:: else -> break
	od;
	y = 1
}

active proctype Q() {
	x = 5
}
