/* spin-notes: B2 plain byte h
 * Baseline for B2: h is read, so it is part of the state.
 * pan: 
 * spin: 
 * expect merge:   stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 * expect nomerge: stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 */

byte h;
byte x;

active proctype P() {
	do
	:: h < 3 -> h++; x = h % 2
	:: h >= 3 -> break
	od;
	assert(x < 2)
}
