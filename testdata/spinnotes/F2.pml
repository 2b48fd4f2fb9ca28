/* spin-notes: F2
 * Rendezvous: every matching receiver gives its own successor.
 * pan: 
 * spin: 
 * expect merge:   stored=20 matched=8 transitions=28 atomic=0 depth=9 errors=0
 * expect nomerge: stored=20 matched=8 transitions=28 atomic=0 depth=9 errors=0
 */

chan c = [0] of { byte };
byte got;

active proctype S() {
	c!1;
	c!2
}

active [2] proctype R() {
	byte v;
	c?v;
	got = got + v
}
