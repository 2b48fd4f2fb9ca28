/* spin-notes: B1 plus a never claim that reads y
 * Automatic hiding: a read in a never claim counts, even with -DNOCLAIM.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=3 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=3 errors=0
 */

byte y;

active proctype P() {
	if
	:: y = 1
	:: y = 2
	fi;
	skip
}

never {
	do
	:: y < 3
	od
}
