/* spin-notes: B2 hidden byte h
 * Hidden globals are outside the vector, so states differing only in h are merged.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=1 transitions=7 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=1 transitions=7 atomic=0 depth=5 errors=0
 */

hidden byte h;
byte x;

active proctype P() {
	do
	:: h < 3 -> h++; x = h % 2
	:: h >= 3 -> break
	od;
	assert(x < 2)
}
