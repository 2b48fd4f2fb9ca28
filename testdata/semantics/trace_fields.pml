/* semantics: trace_fields
 * Only constant, mtype and eval() fields are compared, with the channel's
 * last message for a send and its first for a receive (a random receive
 * takes a later one: the trace still looks at the first); a variable, _
 * or an expression such as -1 in a send matches anything (eval() is for
 * receives only); the values are
 * compared as stored (256 in a byte field is 0).
 * pan:
 * spin:
 * expect merge:   stored=9 matched=0 transitions=9 atomic=0 depth=8 errors=0
 * expect nomerge: stored=9 matched=0 transitions=9 atomic=0 depth=8 errors=0
 */
mtype = { a, b };
chan c = [3] of { mtype, byte, short };
byte k = 2;
active proctype P() {
	c!a,1,-1; c!b,2,7; c!a,256,5;
	c??b,_,_;
	k = 0;
	c?_,_,_; c?_,_,_
}
trace {
	c!a,1,-1; c!b,2,k; c!a,0,5;
	do
	:: c?a,eval(k),_
	:: c?a,1,_
	od
}
