/* spin-notes: D4
 * Merging inside a do option gives one self-looping step.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 * expect nomerge: stored=10 matched=0 transitions=10 atomic=0 depth=9 errors=0
 */

byte g;

active proctype P() {
	byte a, b;
	do
	:: a < 2 -> a++; b = a
	:: a == 2 -> break
	od;
	g = b
}
