/* spin-notes: B3 with spin -o1
 * spin -o1 turns the dead-variable reset off.
 * pan: 
 * spin: -o1
 * expect merge:   stored=6 matched=1 transitions=7 atomic=0 depth=3 errors=0
 * expect nomerge: stored=6 matched=1 transitions=7 atomic=0 depth=3 errors=0
 */

active proctype P() {
	byte l;
	if
	:: l = 1
	:: l = 2
	fi;
	skip
}
