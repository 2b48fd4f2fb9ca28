/* spin-notes: A3 -m100000
 * Baseline for the depth-bound variants (bound not hit).
 * pan: 
 * spin: 
 * expect merge:   stored=31 matched=10 transitions=41 atomic=0 depth=21 errors=0
 * expect nomerge: stored=31 matched=10 transitions=41 atomic=0 depth=21 errors=0
 */

byte x;

active proctype P() {
	do
	:: x < 10 -> x++
	:: x > 0 -> x--
	od
}
