/* spin-notes: H4 end label in Q
 * Invalid end state: some process not at -end- nor an end label.
 * pan: 
 * spin: 
 * expect merge:   stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 * expect nomerge: stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 */

byte x;

active proctype P() {
	x = 1;
	x == 2
}

active proctype Q() {
end:	x == 3
}
