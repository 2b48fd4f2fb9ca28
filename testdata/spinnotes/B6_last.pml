/* spin-notes: B6 Q reads _last
 * _last is part of the state vector only when the model mentions it.
 * pan: 
 * spin: 
 * expect merge:   stored=61 matched=55 transitions=116 atomic=0 depth=8 errors=0
 * expect nomerge: stored=61 matched=55 transitions=116 atomic=0 depth=8 errors=0
 */

byte x;

active [2] proctype P() {
	x++;
	x < 10
}

active proctype Q() {
	_last >= 0
}
