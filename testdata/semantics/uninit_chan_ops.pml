/* semantics: uninit_chan_ops
 * Every channel operation on an uninitialised channel, in a model with a
 * rendezvous channel (pan calls q_zero then, which counts too).
 * pan:
 * spin:
 * expect merge:   stored=9 matched=4 transitions=13 atomic=0 depth=3 errors=11
 * expect nomerge: stored=9 matched=4 transitions=13 atomic=0 depth=3 errors=11
 */
chan q; chan d = [1] of {byte}; chan r = [0] of {byte};
byte x;
active proctype P() {
	if :: q = d :: skip fi;
	if
	:: len(q) > 0
	:: empty(q)
	:: nempty(q)
	:: full(q)
	:: nfull(q)
	:: q?[x]
	:: q?<x>
	:: q??x
	:: q!1
	:: q?x
	fi
}
