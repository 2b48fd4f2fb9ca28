/* spin-notes: C9 escape on x == 1
 * unless: escapes are tried first and, once taken, win over normal transitions.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 */

byte x;

active proctype P() {
	{
		x = 1;
		x = 2
	} unless {
		x == 1 -> x = 9
	};
	assert(x == 9)
}
