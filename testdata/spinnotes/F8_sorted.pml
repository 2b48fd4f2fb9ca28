/* spin-notes: F8 sorted send, random receive, poll, copy
 * Buffered channel operations !!, ??, ?[..], ?<..> semantics.
 * pan: 
 * spin: 
 * expect merge:   stored=27 matched=7 transitions=34 atomic=0 depth=12 errors=0
 * expect nomerge: stored=27 matched=7 transitions=34 atomic=0 depth=12 errors=0
 */

chan c = [3] of { byte };
byte got;

active proctype P() {
	c!!3;
	c!!1;
	c!!2
}

active proctype C() {
	byte v;
	c?[1] -> c??v;
	got = v;
	c?<v>;
	got = v;
	c?v;
	got = v
}
