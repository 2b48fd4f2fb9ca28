/* spin-notes: B6 Q reads _nr_pr instead
 * Without a mention of _last the vector has no _last field.
 * pan: 
 * spin: 
 * expect merge:   stored=31 matched=30 transitions=61 atomic=0 depth=8 errors=0
 * expect nomerge: stored=31 matched=30 transitions=61 atomic=0 depth=8 errors=0
 */

byte x;

active [2] proctype P() {
	x++;
	x < 10
}

active proctype Q() {
	_nr_pr >= 0
}
