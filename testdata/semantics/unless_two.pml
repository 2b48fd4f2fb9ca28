/* semantics: unless_two
 * Two nested unless escapes enabled at once: the inner statement's list
 * holds both escape groups; after the first group moves, the second is
 * not tried.
 * pan:
 * spin:
 * expect merge:   stored=19 matched=10 transitions=29 atomic=0 depth=8 errors=0
 * expect nomerge: stored=29 matched=18 transitions=47 atomic=0 depth=10 errors=0
 */
active proctype p() {
	byte x;
	{ { x < 4 -> x++; x < 4 -> x++; x < 4 -> x++ }
	  unless { x == 2 -> x = 10 } }
	unless { x >= 2 -> x = 20 }
}
active proctype q() {
	byte y;
	do
	:: y < 2 -> y++
	:: y == 2 -> break
	od unless { if :: y == 1 -> y = 7 :: true -> y = 8 fi }
}
