/* A random receive c??.. or a receive c?<..> on a channel declared xr, in
 * a model with a random receive: pan's code counts "rand receive on xr
 * channel violates po reduction" each time it tries one, before the
 * channel's length test, and evaluates the values it matches only after
 * that test (docs/references.md#spin-recv-order): on the empty channel c
 * the a[i] out of bounds is never read, and the errors are the xr ones.
 */
chan c = [1] of { byte };
byte a[2];
byte i = 5;
active proctype p() {
	xr c;
	do
	:: c??eval(a[i])
	:: c??<eval(a[i])>
	:: c?<eval(a[i])>
	:: c?eval(a[i])
	:: i > 4 -> i--
	:: i == 4 -> break
	od
}
