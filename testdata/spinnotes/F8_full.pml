/* spin-notes: F8 send to a full [1] channel
 * A send to a full buffered channel blocks (deadlock).
 * pan: 
 * spin: 
 * expect merge:   stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 * expect nomerge: stored=2 matched=0 transitions=2 atomic=0 depth=1 errors=1
 */

chan c = [1] of { byte };

active proctype P() {
	c!1;
	c!2
}
