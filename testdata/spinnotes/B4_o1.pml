/* spin-notes: B4 with spin -o1
 * spin -o1 turns the dead-variable reset off.
 * pan: 
 * spin: -o1
 * expect merge:   stored=10 matched=1 transitions=11 atomic=0 depth=5 errors=0
 * expect nomerge: stored=10 matched=1 transitions=11 atomic=0 depth=5 errors=0
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
