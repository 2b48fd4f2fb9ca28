/* spin-notes: F4
 * A rendezvous send whose message matches no receive is undone.
 * pan: 
 * spin: 
 * expect merge:   stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 * expect nomerge: stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 */

chan c = [0] of { byte };
byte x;

active proctype S() {
	if
	:: c!1
	:: x = 1
	fi
}

active proctype R() {
	c?2
}
