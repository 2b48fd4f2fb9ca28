/* spin-notes: B1 plus printf("%d",y)
 * Automatic hiding: printf arguments do not count as reads.
 * pan: 
 * spin: 
 * expect merge:   stored=5 matched=1 transitions=6 atomic=0 depth=4 errors=0
 * expect nomerge: stored=5 matched=1 transitions=6 atomic=0 depth=4 errors=0
 */

byte y;

active proctype P() {
	if
	:: y = 1
	:: y = 2
	fi;
	skip;
	printf("%d", y)
}
