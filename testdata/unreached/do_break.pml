/* do loops, break, goto; a loop inside an unreachable branch */
byte g;
active proctype p() {
	byte x;
	do
	:: x < 2 -> x++
	:: x == 2 -> break
	od;
	if
	:: g > 100 ->
		do
		:: x < 5 -> x++
		:: break
		od;
		x = 5
	:: else
	fi;
	do
	:: x == 2 -> goto done
	:: x == 9 -> x = 0
	od;
done:	g = x
}
