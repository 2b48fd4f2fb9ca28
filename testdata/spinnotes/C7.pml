/* spin-notes: C7
 * Declarations with initialisers after the first statement become assignments.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 * expect nomerge: stored=8 matched=0 transitions=8 atomic=0 depth=7 errors=0
 */

byte g;

active proctype P() {
	byte a = 3;
	g = a;
	byte b = 4;
	g = b;
	if
	:: true -> byte c = 5; g = c
	fi
}
