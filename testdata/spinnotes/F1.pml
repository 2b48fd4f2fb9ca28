/* spin-notes: F1
 * Rendezvous: two half-steps, one arrival, depth +2.
 * pan: 
 * spin: 
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=6 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=6 errors=0
 */

chan c = [0] of { byte };

active proctype S() {
	c!1;
	c!2
}

active proctype R() {
	byte v;
	c?v;
	c?v
}
