/* spin-notes: F3
 * A failing rendezvous send is not a move; the state is a deadlock.
 * pan: 
 * spin: 
 * expect merge:   stored=1 matched=0 transitions=1 atomic=0 depth=1 errors=1
 * expect nomerge: stored=1 matched=0 transitions=1 atomic=0 depth=1 errors=1
 */

chan c = [0] of { byte };

active proctype S() {
	c!1
}
