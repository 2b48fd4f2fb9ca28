/* spin-notes: B1 write-only global
 * Automatic hiding: a global that is never read is kept out of the state vector.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=1 transitions=5 atomic=0 depth=3 errors=0
 * expect nomerge: stored=4 matched=1 transitions=5 atomic=0 depth=3 errors=0
 */

byte y;

active proctype P() {
	if
	:: y = 1
	:: y = 2
	fi;
	skip
}
