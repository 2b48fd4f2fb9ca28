/* spin-notes: D7 without xs/xr
 * Channel operations count as global accesses without xs/xr.
 * pan: 
 * spin: 
 * expect merge:   stored=26 matched=12 transitions=38 atomic=0 depth=13 errors=1
 * expect nomerge: stored=26 matched=12 transitions=38 atomic=0 depth=13 errors=1
 */

chan c = [2] of { byte };

active proctype P() {
	byte i;
	do
	:: i < 3 -> c!i; i++
	:: i == 3 -> break
	od
}

active proctype C() {
	byte v;
	do
	:: c?v
	od
}
