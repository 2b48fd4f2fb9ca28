/* semantics: chan_arity_recv_fewer
 * A receive that names fewer fields than its channel has receives the
 * message and counts an error (pan's qrecv: "missing pars in receive"),
 * also on a channel whose declaration spin knows.
 * pan:
 * spin:
 * expect merge:   stored=12 matched=3 transitions=15 atomic=0 depth=6 errors=4
 * expect nomerge: stored=12 matched=3 transitions=15 atomic=0 depth=6 errors=4
 */
chan c = [2] of { byte, byte };
active proctype p() {
	byte a;
	do
	:: c!1,2
	:: c?a
	:: a > 0 -> break
	od
}
