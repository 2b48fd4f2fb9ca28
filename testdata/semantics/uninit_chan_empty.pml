/* semantics: uninit_chan_empty
 * empty and nempty of an uninitialised channel: each counted, each reading
 * the number of processes as the length (empty false, nempty true).
 * pan:
 * spin:
 * expect merge:   stored=5 matched=1 transitions=6 atomic=0 depth=3 errors=2
 * expect nomerge: stored=5 matched=1 transitions=6 atomic=0 depth=3 errors=2
 */
chan q;
byte x;
active proctype P() {
	if :: x = 1 :: empty(q) -> x = 2 :: nempty(q) -> x = 3 fi;
	x++
}
