/* spin-notes: D7 with xs/xr plus an unused rendezvous channel
 * Sends never head a chain if the model declares any rendezvous channel.
 * pan: 
 * spin: 
 * expect merge:   stored=26 matched=12 transitions=38 atomic=0 depth=13 errors=1
 * expect nomerge: stored=26 matched=12 transitions=38 atomic=0 depth=13 errors=1
 */

chan d = [0] of { byte };
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
