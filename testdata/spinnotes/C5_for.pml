/* spin-notes: C5 for (i : 1 .. 3)
 * for is i = a; do :: i <= b -> body; i++ :: else -> break od.
 * pan: 
 * spin: 
 * expect merge:   stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 * expect nomerge: stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 */

byte g;

active proctype P() {
	byte i;
	for (i : 1 .. 3) {
		g = g + i
	}
}
