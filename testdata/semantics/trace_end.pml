/* semantics: trace_end
 * A state with no moves where every process is at a valid end state but
 * the trace is not at its end is an invalid end state (pan prints
 * "event_trace not completed"); with all processes gone it is not checked.
 * pan:
 * spin:
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=4 errors=1
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=0 depth=4 errors=1
 */
chan c = [1] of { byte };
active proctype P() { if :: c!0 :: c!0; c!1 fi }
active proctype C() { byte x; end: do :: c?x od }
trace { c!0; c?0; c!1; c?1 }
