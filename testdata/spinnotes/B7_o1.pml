/* spin-notes: B7 with spin -o1
 * spin -o1 turns the dead-variable reset off (receive target kept).
 * pan: 
 * spin: -o1
 * expect merge:   stored=11 matched=2 transitions=13 atomic=0 depth=4 errors=2
 * expect nomerge: stored=11 matched=2 transitions=13 atomic=0 depth=4 errors=2
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
