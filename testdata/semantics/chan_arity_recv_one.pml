/* semantics: chan_arity_recv_one
 * A channel of one field, passed as a parameter, to a receive that names
 * two: pan's qrecv reads 0 for the second, receives the message and counts
 * "missing pars in receive"; the search goes on.
 * pan:
 * spin:
 * expect merge:   stored=5 matched=1 transitions=6 atomic=0 depth=4 errors=2
 * expect nomerge: stored=5 matched=1 transitions=6 atomic=0 depth=4 errors=2
 */
chan c = [1] of { byte };
proctype q(chan in) {
	byte a, b;
	do
	:: in?a(b)
	:: in!5
	od
}
init { c!1; run q(c) }
