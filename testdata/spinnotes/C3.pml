/* spin-notes: C3
 * Skip pruning in if options: later skips in a run are deleted.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=0 transitions=8 atomic=0 depth=4 errors=0
 * expect nomerge: stored=8 matched=0 transitions=8 atomic=0 depth=4 errors=0
 */

byte x;

active proctype P() {
	if
	:: x == 0 -> skip; skip; skip; x = 1
	:: skip -> skip; x = 2
	fi
}
