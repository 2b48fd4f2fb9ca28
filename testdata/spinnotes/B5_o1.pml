/* spin-notes: B5 with spin -o1
 * Statements inside a d_step never reset dead variables (same with -o1).
 * pan: 
 * spin: -o1
 * expect merge:   stored=8 matched=1 transitions=9 atomic=0 depth=4 errors=0
 * expect nomerge: stored=8 matched=1 transitions=9 atomic=0 depth=4 errors=0
 */

active proctype P() {
	byte l;
	if
	:: l = 1
	:: l = 2
	fi;
	d_step { l > 0 -> skip };
	skip
}
