/* semantics: chan_arity_send
 * Sends through a channel parameter with fewer and more fields than the
 * channel has (no more than the widest channel of the model, or spin
 * refuses the model): pan's qsend sends what fits and counts "too few" or
 * "too many parameters in send stmnt".
 * pan:
 * spin:
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=2
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=2
 */
chan c = [3] of { byte, byte };
chan e = [1] of { byte, byte, byte };
proctype q(chan in) {
	in!1;
	in!1,2,3;
	in!1,2
}
init { run q(c) }
