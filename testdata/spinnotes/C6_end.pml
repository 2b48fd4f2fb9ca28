/* spin-notes: C6 end: label on a goto
 * An end label on a goto makes SPIN insert a real skip node, which is a state.
 * pan: 
 * spin: 
 * expect merge:   stored=2 matched=1 transitions=3 atomic=0 depth=1 errors=0
 * expect nomerge: stored=2 matched=1 transitions=3 atomic=0 depth=1 errors=0
 */

byte x;

active proctype P() {
L:	x = 1;
end:	goto L
}
