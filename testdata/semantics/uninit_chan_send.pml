/* semantics: uninit_chan_send
 * A send on a channel left uninitialised on one path: the guard (q_full)
 * counts the reference and reads type 1 (one channel exists), whose
 * capacity 1 equals the length read (one process): full, so the send
 * blocks and the process ends in an invalid end state.
 * pan:
 * spin:
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=3 errors=2
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=3 errors=2
 */
chan q; chan d = [1] of {byte};
byte x;
active proctype P() {
	if :: q = d :: skip fi;
	q!1
}
