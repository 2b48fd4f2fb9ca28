/* semantics: rv_full
 * full and nfull of a rendezvous channel: pan's q_full counts the one
 * slot a handshake fills, so between steps a rendezvous channel is never
 * full and nfull holds of it (SPIN's simulator says the opposite:
 * testdata/sim/rv_full.pml). Here only nfull's option runs, and the
 * assertion fails.
 * pan:
 * spin:
 * expect merge:   stored=25 matched=19 transitions=44 atomic=0 depth=9 errors=4
 * expect nomerge: stored=25 matched=19 transitions=44 atomic=0 depth=9 errors=4
 */
chan c = [0] of { byte };
byte x;
active proctype p() {
	do
	:: full(c) -> x = 1
	:: nfull(c) -> x = (x + 2) % 4
	:: x == 2 -> break
	od;
	assert(x != 2)
}
active proctype q() {
	c!x
}
active proctype r() {
	c?x
}
