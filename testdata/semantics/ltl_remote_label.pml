/* semantics: ltl_remote_label
 * A remote label reference P@L in an ltl formula marks the labelled
 * element as remotely referenced (SPIN's CHECK2) although the claim is
 * not run (-DNOCLAIM): the condition at L then never heads a merged chain,
 * so with merging the process stops at L: one more state than without the
 * formula.
 * pan:
 * spin:
 * expect merge:   stored=12 matched=0 transitions=12 atomic=0 depth=11 errors=0
 * expect nomerge: stored=13 matched=0 transitions=13 atomic=0 depth=12 errors=0
 */
byte g;
active proctype P() {
	byte y;
	do
	:: g < 3 -> g++
	:: g >= 3 -> break
	od;
L:	y == 0;
	y = 1;
	y = 2;
	g = 0
}
ltl p1 { [] (P@L -> g == 3) }
