/* spin-notes: H3
 * Every execution of a failing assert is an error; the search continues past it.
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=1 transitions=8 atomic=0 depth=4 errors=2
 * expect nomerge: stored=7 matched=1 transitions=8 atomic=0 depth=4 errors=2
 */

byte x;

active proctype P() {
	if
	:: x = 1
	:: x = 2
	fi;
	assert(x == 0);
	x = 3
}
