/* spin-notes: F9
 * Using a channel of a removed process is a fatal error (bad queue).
 * pan: 
 * spin: 
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=1
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=1
 */

chan g = [1] of { chan };

proctype P() {
	chan lc = [1] of { byte };
	lc!1;
	g!lc;
	lc?_
}

init {
	chan c;
	run P();
	g?c;
	c!2
}
