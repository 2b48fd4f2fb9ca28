/* semantics: uninit_chan_recv
 * A receive on a channel left uninitialised on one path: q_len counts and
 * reads 1, so the receive is executable; qrecv counts the reference and
 * then fails for good ("qrecv bad queue#"): three errors.
 * pan:
 * spin:
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=4 errors=3
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=0 depth=4 errors=3
 */
chan q; chan d = [1] of {byte};
byte x;
active proctype P() {
	if :: q = d; d!3 :: skip fi;
	q?x
}
