/* semantics: recv_eval_fifo
 * A receive or poll c?.. (and c?<..>, c?[..]) on a buffered channel
 * evaluates the values it matches (eval(..)) only when pan's code gets to
 * them: after the channel's length test, and field by field, a value only
 * when the fields before it matched (docs/references.md#spin-recv-order).
 * Here none of the a[i] out of bounds is read: on the empty channel, and
 * behind a first field that differs.
 * pan:
 * spin:
 * expect merge:   stored=4 matched=1 transitions=5 atomic=0 depth=3 errors=0
 * expect nomerge: stored=4 matched=1 transitions=5 atomic=0 depth=3 errors=0
 */
chan c = [1] of { byte, byte };
byte a[2];
byte i = 5;
active proctype p() {
	do
	:: c?eval(a[i]),0
	:: c?<eval(a[i]),0>
	:: c?[eval(a[i]),0] -> skip
	:: c!1,1 -> break
	od;
	do
	:: c?2,eval(a[i])
	:: c?<2,eval(a[i])>
	:: c?[2,eval(a[i])] -> skip
	:: c?1,eval(a[i - 5] + 1) -> break
	:: c?1,eval(a[i - 5] + 1) -> break
	od
}
