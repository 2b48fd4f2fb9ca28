/* semantics: uninit_chan_full
 * full of an uninitialised channel: pan counts the reference (qfull), then
 * reads the type byte (the number of channels, 0 here), which names no
 * channel type: "bad queue - q_full", fatal: two errors, the search stops.
 * pan:
 * spin:
 * expect merge:   stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=2
 * expect nomerge: stored=4 matched=0 transitions=4 atomic=0 depth=3 errors=2
 */
chan q;
byte x;
active proctype P() {
	if :: x = 1 :: full(q) -> x = 2 fi;
	x++
}
