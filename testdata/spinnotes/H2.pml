/* spin-notes: H2 timeout breaks a loop
 * timeout is true only when no process can move.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 * expect nomerge: stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 2 -> x++
	:: timeout -> break
	od;
	assert(x == 2)
}
