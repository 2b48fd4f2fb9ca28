/* xr and xs: sends on an xs channel and receives on an xr one are local
 * (they can head merged chains: there is no rendezvous channel) */
chan c = [2] of { byte };
active proctype S() {
	xs c;
	byte i;
	do
	:: i < 3 -> c!i; i++
	:: i == 3 -> break
	od
}
active proctype R() {
	xr c;
	byte v, n;
	do
	:: c?v -> n = n + v; v = 0
	:: n == 3 -> break
	od
}
