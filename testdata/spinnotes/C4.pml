/* spin-notes: C4
 * Skip pruning: last skip kept, printf never deleted, main-body skips stay.
 * pan: 
 * spin: 
 * expect merge:   stored=18 matched=2 transitions=20 atomic=0 depth=7 errors=0
 * expect nomerge: stored=19 matched=2 transitions=21 atomic=0 depth=7 errors=0
 */

byte x;

active proctype P() {
	if
	:: x == 0 -> skip; skip
	:: x == 0 -> skip; skip; skip; x = 1
	:: x == 0 -> skip; printf("a"); skip; x = 2
	fi;
	skip;
	skip;
	x = 3
}
