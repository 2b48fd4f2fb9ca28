/* spin-notes: D6 with inline foo()
 * An inline call stops a chain (chains can flow out of but not into it).
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 */

inline foo() {
	b = 2;
	c = 3
}

active proctype P() {
	byte a, b, c, d;
	a = 1;
	foo();
	d = 4;
	assert(a + b + c + d == 10)
}
