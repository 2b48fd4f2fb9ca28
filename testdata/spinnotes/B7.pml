/* spin-notes: B7
 * Dead-variable reset after a receive.
 * pan: 
 * spin: 
 * expect merge:   stored=10 matched=3 transitions=13 atomic=0 depth=4 errors=1
 * expect nomerge: stored=10 matched=3 transitions=13 atomic=0 depth=4 errors=1
 */

chan c = [2] of { byte };

active proctype A() {
	c!1
}

active proctype B() {
	c!2
}

active proctype C() {
	byte v;
	do
	:: c?v
	od
}
