/* spin-notes: A3 -m3
 * Depth bound: successors of a depth m-1 state become truncated matched arrivals.
 * pan: -m3
 * spin: 
 * expect merge:   stored=3 matched=2 transitions=5 atomic=0 depth=2 errors=0
 * expect nomerge: stored=3 matched=2 transitions=5 atomic=0 depth=2 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 10 -> x++
	:: x > 0 -> x--
	od
}
