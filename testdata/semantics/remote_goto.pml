/* semantics: remote_goto
 * A goto whose label a remote reference P@L names becomes a skip followed
 * by a copy of the goto (SPIN's fix_dest), so the process stops at the
 * label: one more state than without the reference.
 * pan:
 * spin:
 * expect merge:   stored=11 matched=0 transitions=11 atomic=0 depth=10 errors=0
 * expect nomerge: stored=11 matched=0 transitions=11 atomic=0 depth=10 errors=0
 */
byte x;
active proctype p() {
again:
	x++;
	if :: x < 3 :: else -> goto done fi;
P1:	goto again;
done:	skip
}
never { do :: !p[0]@P1 od }
