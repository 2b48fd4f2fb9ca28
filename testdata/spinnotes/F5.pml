/* spin-notes: F5 sender alone
 * A failed rendezvous send does not count as a move, so else is enabled.
 * pan: 
 * spin: 
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 */

chan c = [0] of { byte };
byte r;

active proctype S() {
	if
	:: c!1 -> r = 1
	:: else -> r = 2
	fi;
	assert(r > 0)
}
