/* spin-notes: E4 d_step with an if
 * Inside a d_step, if picks the first executable option.
 * pan: 
 * spin: 
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=0
 */

byte x;

active proctype P() {
	d_step {
		if
		:: x = 1
		:: x = 2
		fi;
		x = x * 10
	};
	assert(x == 10)
}
