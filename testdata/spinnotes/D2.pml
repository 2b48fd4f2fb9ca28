/* spin-notes: D2
 * Merging: global accesses break chains; a condition heads a chain.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 * expect nomerge: stored=12 matched=0 transitions=12 atomic=0 depth=11 errors=0
 */

byte g;

active proctype P() {
	byte a, b;
	a = 1;
	b = 2;
	g = a + b;
	a = 3;
	b = a;
	(b == 3) -> a = 0;
	b = 1;
	printf("hi\n");
	g = b
}
