/* spin-notes: C10 do inside a block
 * A block node is its own pc, distinct from the do node the loop returns to.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=1 transitions=8 atomic=0 depth=6 errors=0
 * expect nomerge: stored=7 matched=1 transitions=8 atomic=0 depth=6 errors=0
 */

byte g;

active proctype P() {
	{
		do
		:: g < 2 -> g++
		:: g == 2 -> g = 0
		od
	}
}
