/* spin-notes: A3 -m10
 * Depth bound: states at depth >= -m are matched, not explored.
 * pan: -m10
 * spin: 
 * expect merge:   stored=14 matched=5 transitions=19 atomic=0 depth=9 errors=0
 * expect nomerge: stored=14 matched=5 transitions=19 atomic=0 depth=9 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 10 -> x++
	:: x > 0 -> x--
	od
}
