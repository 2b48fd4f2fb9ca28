/* spin-notes: F5 plus R() { c?_ }
 * A completed rendezvous send counts as a move; else is blocked while it is pending.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=2 transitions=10 atomic=0 depth=6 errors=0
 * expect nomerge: stored=8 matched=2 transitions=10 atomic=0 depth=6 errors=0
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

active proctype R() {
	c?_
}
