/* spin-notes: section 4 text, labelled condition heads a chain
 * A labelled condition can still head a merged chain of local statements.
 * pan: 
 * spin: 
 * expect merge:   stored=3 matched=0 transitions=3 atomic=0 depth=2 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 */

active proctype P() {
	byte a, b;
L:	(a == 0) -> b = 1;
	a = 2
}
