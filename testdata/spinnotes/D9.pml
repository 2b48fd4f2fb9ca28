/* spin-notes: D9 chain leaving an atomic
 * A chain can leave an atomic; its atomic flag is that of its last statement.
 * pan: 
 * spin: 
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=1 depth=5 errors=0
 */

active proctype P() {
	byte a, b, c;
	atomic { a = 1; b = 2 };
	c = 3;
	assert(a + b + c == 6)
}
