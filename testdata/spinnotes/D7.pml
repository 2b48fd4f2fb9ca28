/* spin-notes: D7 with xs/xr
 * Sends/receives on xs/xr channels with local args count as local for merging.
 * pan: 
 * spin: 
 * expect merge:   stored=18 matched=7 transitions=25 atomic=0 depth=10 errors=1
 * expect nomerge: stored=26 matched=12 transitions=38 atomic=0 depth=13 errors=1
 */

chan c = [2] of { byte };

active proctype P() {
	xs c;
	byte i;
	do
	:: i < 3 -> c!i; i++
	:: i == 3 -> break
	od
}

active proctype C() {
	xr c;
	byte v;
	do
	:: c?v
	od
}
