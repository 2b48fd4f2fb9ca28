/* spin-notes: F6
 * A rendezvous sender inside an atomic loses atomicity at the send.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=2 transitions=10 atomic=0 depth=6 errors=1
 * expect nomerge: stored=8 matched=2 transitions=10 atomic=0 depth=6 errors=1
 */

chan c = [0] of { byte };
byte x;

active proctype S() {
	atomic { c!1; x = 1 }
}

active proctype R() {
	c?_;
	assert(x == 1)
}
