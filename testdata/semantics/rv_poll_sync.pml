/* semantics: rv_poll_sync
 * A polling receive in a model whose channels are all rendezvous
 * channels: pan counts "polling rv chan" whenever it tries the receive,
 * before it looks at the channel, and the receive then finds no message
 * (found by TestRandomModels).
 * pan:
 * spin:
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=6 errors=7
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=0 depth=6 errors=7
 */
chan r = [0] of { byte };
byte x;
active proctype p() {
	do
	:: r?<x> -> x = 2
	:: x < 2 -> x++
	:: x == 2 -> break
	od
}
active proctype q() {
	r!1
}
