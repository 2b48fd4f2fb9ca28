/* spin-notes: B4 condition (l > 0)
 * Dead-variable reset after a read by an expression statement.
 * pan: 
 * spin: 
 * expect merge:   stored=8 matched=1 transitions=9 atomic=0 depth=5 errors=0
 * expect nomerge: stored=8 matched=1 transitions=9 atomic=0 depth=5 errors=0
 */

active proctype P() {
	byte l;
	if
	:: l = 1
	:: l = 2
	fi;
	skip;
	(l > 0);
	skip
}
