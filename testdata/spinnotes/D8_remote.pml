/* spin-notes: D8 plus Q reading P[0]:a
 * A remote variable reference turns merging and dead-variable reset off.
 * pan: 
 * spin: 
 * expect merge:   stored=13 matched=4 transitions=17 atomic=0 depth=8 errors=0
 * expect nomerge: stored=13 matched=4 transitions=17 atomic=0 depth=8 errors=0
 */

active proctype P() {
	byte a, b;
	a = 1;
	b = 2;
	a = 3;
	b = a;
	(a == b)
}

active proctype Q() {
	P[0]:a == 3
}
