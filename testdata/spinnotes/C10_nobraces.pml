/* spin-notes: C10 without the braces
 * Without the block, the initial pc is the do node itself.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=1 transitions=7 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=1 transitions=7 atomic=0 depth=5 errors=0
 */

byte g;

active proctype P() {
	do
	:: g < 2 -> g++
	:: g == 2 -> g = 0
	od
}
