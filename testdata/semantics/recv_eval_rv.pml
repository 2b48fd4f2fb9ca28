/* semantics: recv_eval_rv
 * A receive on a rendezvous channel evaluates the values it matches only
 * when a send offers a message on that channel (pan's boq test comes
 * first), then field by field: a[i] out of bounds is never read, neither
 * while no send offers on c (q offers on d) nor behind the first field
 * of q's offer, which differs (docs/references.md#spin-recv-order).
 * pan:
 * spin:
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=6 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=6 errors=0
 */
chan c = [0] of { byte, byte };
chan d = [0] of { byte };
byte a[2];
byte i = 5;
active proctype p() {
	do
	:: c?eval(a[i]),0
	:: c??eval(a[i]),0
	:: d?1 -> break
	od;
	do
	:: c?2,eval(a[i])
	:: c?1,eval(a[i - 5]) -> break
	od
}
active proctype q() {
	d!1;
	c!1,0
}
