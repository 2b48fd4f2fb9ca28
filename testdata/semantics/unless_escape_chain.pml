/* semantics: unless_escape_chain
 * A statement that may merge with the one after it, followed by a loop
 * whose only option is a guard with an empty body, inside an unless: the
 * chain being merged reaches the escape's edge (no statement), which
 * ends it. gmc's compiler crashed there (found by TestRandomModels).
 * pan:
 * spin:
 * expect merge:   stored=7 matched=0 transitions=7 atomic=0 depth=6 errors=0
 * expect nomerge: stored=7 matched=0 transitions=7 atomic=1 depth=7 errors=0
 */
byte g0;
byte g1;
active [1] proctype P0() {
	byte l;
}
active [1] proctype P1() {
	byte l;
	if
	:: timeout ->
		atomic {
			g1 = ((g1 < 2) -> 1 : 2);
			l = ((g0 >= 2) -> 1 : 2)
		}
	fi;
	{
		l = (l + 2) % 3;
		do
		:: (g0 >= 2) ->
		od;
	} unless {
		(g0 < 2) -> l = ((g1 >= 1) -> 1 : 2)
	};
}
