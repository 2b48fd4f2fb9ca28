/* semantics: trace_dstep
 * Events inside a d_step and an atomic sequence: the trace follows each
 * send and receive where it happens, inside the sequence; the notrace
 * matches them all in the d_step.
 * pan:
 * spin:
 * expect merge:   stored=4 matched=0 transitions=4 atomic=1 depth=4 errors=1
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=1 depth=4 errors=1
 */
chan c = [2] of { byte };
byte x;
active proctype P() {
	d_step { c!1; c!2; c?x };
	atomic { c!3; c?x }
}
notrace { c!1; c!2; c?1 }
