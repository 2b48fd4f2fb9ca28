/* loops with goto and break: a label on a do, goto out of a nested if,
 * break out of nested loops, a loop back to a label, a label on the
 * last statement */
byte x, y;
active proctype P() {
L:	do
	:: x < 3 -> x++; if :: x == 2 -> goto L :: else -> skip fi
	:: x >= 3 -> break
	od;
M:	x = 0;
	do
	:: y < 2 ->
		do
		:: y == 0 -> y++; break
		:: y > 0 -> y++; goto out
		od
	:: y >= 2 -> break
	od;
out:	if
	:: y < 5 -> y = 9; goto M
	:: else
	fi;
done:	skip
}
