/* spin-notes: C9 escape on y == 1 set by Q
 * unless escapes with another process enabling the escape.
 * pan: 
 * spin: 
 * expect merge:   stored=15 matched=7 transitions=22 atomic=0 depth=6 errors=0
 * expect nomerge: stored=15 matched=7 transitions=22 atomic=0 depth=6 errors=0
 */

byte x, y;

active proctype P() {
	{
		x = 1;
		x = 2
	} unless {
		y == 1 -> x = 9
	};
	skip
}

active proctype Q() {
	y = 1
}
