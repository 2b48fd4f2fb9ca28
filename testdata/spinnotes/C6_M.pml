/* spin-notes: C6 M: label on a goto
 * An ordinary label on a goto adds no node (and x is hidden).
 * pan: 
 * spin: 
 * expect merge:   stored=1 matched=1 transitions=2 atomic=0 depth=0 errors=0
 * expect nomerge: stored=1 matched=1 transitions=2 atomic=0 depth=0 errors=0
 */

byte x;

active proctype P() {
L:	x = 1;
M:	goto L
}
