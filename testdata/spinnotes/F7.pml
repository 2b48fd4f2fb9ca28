/* spin-notes: F7 atomic receiver with assert
 * After a rendezvous the receiver keeps running exclusively if its receive is atomic.
 * pan: 
 * spin: 
 * expect merge:   stored=6 matched=1 transitions=7 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=1 transitions=7 atomic=1 depth=6 errors=0
 */

chan c = [0] of { byte };
byte x;

active proctype S() {
	atomic { c!1; x = 1 }
}

active proctype R() {
	atomic { c?_; assert(x == 0) }
}
