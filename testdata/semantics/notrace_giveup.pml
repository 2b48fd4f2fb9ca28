/* semantics: notrace_giveup
 * A notrace that misses an event gives up: it goes to its end, silently,
 * and stays there (the state differs from one where it still watches).
 * pan:
 * spin:
 * expect merge:   stored=8 matched=5 transitions=13 atomic=0 depth=7 errors=1
 * expect nomerge: stored=8 matched=5 transitions=13 atomic=0 depth=7 errors=1
 */
chan c = [1] of { bit };
active proctype P() { do :: c!0 :: c!1 od }
active proctype C() { do :: c?_ od }
notrace { c!0; c!0; c!1 }
