/* spin-notes: A3 -m5
 * Depth bound: states at depth >= -m are matched, not explored.
 * pan: -m5
 * spin: 
 * expect merge:   stored=6 matched=3 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=6 matched=3 transitions=9 atomic=0 depth=4 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 10 -> x++
	:: x > 0 -> x--
	od
}
