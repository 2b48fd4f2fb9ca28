/* spin-notes: B1 with spin -o2
 * spin -o2 turns automatic hiding of write-only globals off.
 * pan: 
 * spin: -o2
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=3 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=3 errors=0
 */

byte y;

active proctype P() {
	if
	:: y = 1
	:: y = 2
	fi;
	skip
}
