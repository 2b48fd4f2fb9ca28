/* spin-notes: H4 two deadlocked states
 * Invalid end state is reported once per deadlocked state.
 * pan: 
 * spin: 
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=1 errors=2
 * expect nomerge: stored=3 matched=0 transitions=3 atomic=0 depth=1 errors=2
 */

byte x;

active proctype P() {
	if
	:: x = 1
	:: x = 2
	fi;
	x == 5
}
