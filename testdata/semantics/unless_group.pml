/* semantics: unless_group
 * Once an escape executes, pan's new_state keeps trying the transitions of
 * the same escape group (here both options of the escape's if) and nothing
 * else (E_state).
 * pan:
 * spin:
 * expect merge:   stored=5 matched=2 transitions=7 atomic=0 depth=4 errors=0
 * expect nomerge: stored=8 matched=2 transitions=10 atomic=0 depth=5 errors=0
 */
active proctype p() {
	byte x;
	{ x < 3 -> x++; x < 3 -> x++; x < 3 -> x++ }
	unless
	{ if :: x == 1 -> x = 10 :: x == 1 -> x = 20 :: x >= 1 -> x = 30 fi }
}
