/* spin-notes: B3
 * Dead-variable reset: a written local that is never read is reset to 0.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=1 transitions=5 atomic=0 depth=3 errors=0
 * expect nomerge: stored=4 matched=1 transitions=5 atomic=0 depth=3 errors=0
 */

active proctype P() {
	byte l;
	if
	:: l = 1
	:: l = 2
	fi;
	skip
}
