/* semantics: rv_poll
 * Polls of a rendezvous channel in a model that has buffered channels
 * too: a test c?[..] counts pan's "error to poll rendezvous channel" at
 * each evaluation and is false (its not_RV); a receive that leaves the
 * message, c?<..>, counts "polling rv chan" and is not executable, also
 * when a send offers it a handshake. On the buffered channel neither
 * counts (found by TestRandomModels).
 * pan:
 * spin:
 * expect merge:   stored=7 matched=2 transitions=9 atomic=0 depth=6 errors=10
 * expect nomerge: stored=7 matched=2 transitions=9 atomic=0 depth=6 errors=10
 */
chan r = [0] of { byte };
chan b = [1] of { byte };
byte x;
active proctype p() {
	do
	:: r?[1] -> x = 1
	:: r?<x> -> x = 2
	:: b?[1] -> x = 3
	:: b!1
	:: b?<x> -> break
	od;
	b?x
}
active proctype q() {
	r!1
}
