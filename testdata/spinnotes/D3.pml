/* spin-notes: D3
 * Merging: a chain flows out of an if option into the code after fi.
 * pan: 
 * spin: 
 * expect merge:   stored=9 matched=0 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=11 matched=0 transitions=11 atomic=0 depth=5 errors=0
 */

byte g;

active proctype P() {
	byte a, b;
	if
	:: g == 0 -> a = 1
	:: g == 0 -> a = 2
	fi;
	b = a + 1;
	g = b
}
