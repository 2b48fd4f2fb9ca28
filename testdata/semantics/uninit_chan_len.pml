/* semantics: uninit_chan_len
 * len, empty and nempty of an uninitialised channel: pan counts "ref to
 * uninitialized chan name (len)" (uerror: the search goes on) and reads the
 * queue at the start of its state vector, whose length byte is the number
 * of processes (vm/uninit.go): len(q) > 0 holds with one process running.
 * pan:
 * spin:
 * expect merge:   stored=8 matched=1 transitions=9 atomic=0 depth=7 errors=4
 * expect nomerge: stored=8 matched=1 transitions=9 atomic=0 depth=7 errors=4
 */
chan q;
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: len(q) > 0 -> x = 0
	:: empty(q) -> x = 5
	:: nfull(q) -> x = 6
	:: break
	od
}
