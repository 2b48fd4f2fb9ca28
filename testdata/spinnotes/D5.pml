/* spin-notes: D5
 * A label blocks merging.
 * pan: 
 * spin: 
 * expect merge:   stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 * expect nomerge: stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 */

byte g;

active proctype P() {
	byte a, b;
L:	a = a + 1;
	b = a;
	if
	:: a < 3 -> goto L
	:: else -> skip
	fi;
	g = b
}
