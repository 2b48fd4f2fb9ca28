/* spin-notes: A3 -m4
 * Depth bound: states at depth >= -m are matched, not explored.
 * pan: -m4
 * spin: 
 * expect merge:   stored=5 matched=2 transitions=7 atomic=0 depth=3 errors=0
 * expect nomerge: stored=5 matched=2 transitions=7 atomic=0 depth=3 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 10 -> x++
	:: x > 0 -> x--
	od
}
