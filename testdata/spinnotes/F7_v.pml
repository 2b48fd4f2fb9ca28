/* spin-notes: F7 atomic receiver with local v
 * Atomic rendezvous receiver followed by a chain; merging changes atomic steps.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=1 transitions=7 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=1 transitions=7 atomic=2 depth=7 errors=0
 */

chan c = [0] of { byte };
byte x;

active proctype S() {
	atomic { c!1; x = 1 }
}

active proctype R() {
	byte v;
	atomic { c?v; x = 2; v = 0 }
}
