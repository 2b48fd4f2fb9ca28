/* semantics: trace_sorted
 * A sorted send puts its message in order, but the trace compares the
 * channel's last message; a receive of a message that is not first is
 * compared with the first.
 * pan:
 * spin:
 * expect merge:   stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 * expect nomerge: stored=6 matched=0 transitions=6 atomic=0 depth=5 errors=0
 */
chan c = [2] of { byte };
active proctype P() { c!!5; c!!3; c?3; c?5 }
trace { c!5; c!5; c?3; c?5 }
