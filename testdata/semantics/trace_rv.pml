/* semantics: trace_rv
 * A rendezvous is two events: the send (its message offered) and the
 * receive (before the message is taken). A send offered to no receiver
 * still raises the trace's error (pan's qsend calls require before the
 * handshake is tried), and then the sender's end is an invalid one.
 * pan:
 * spin:
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=6 errors=3
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=0 depth=6 errors=3
 */
chan c = [0] of { byte };
byte got;
active proctype S() { c!1; c!2; c!3 }
active proctype R() { c?got; c?got }
trace { c!1; c?1; c!2; c?2 }
