/* spin-notes: C2
 * goto is not a step: successors are hunted past goto nodes.
 * pan: 
 * spin: 
 * expect merge:   stored=10 matched=0 transitions=10 atomic=0 depth=9 errors=0
 * expect nomerge: stored=10 matched=0 transitions=10 atomic=0 depth=9 errors=0
 */

byte x;

active proctype P() {
L1:	x++;
	if
	:: x < 3 -> goto L1
	:: else -> goto L2
	fi;
L2:	skip;
	goto L3;
L3:	x = 0
}
