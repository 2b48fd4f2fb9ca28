/* semantics: chan_arity_recv_more
 * A channel of two fields, passed as a parameter, to a receive that names
 * three: pan's qrecv stops the search ("too many fields in recv").
 * pan:
 * spin:
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=1
 * expect nomerge: stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=1
 */
chan c = [1] of { byte, byte };
proctype q(chan in) {
	byte a, b, d;
	in?a,b,d
}
init { c!1,2; run q(c) }
