byte g;
active proctype p() {
	byte x;
	if
	:: g > 5 ->
		do
		:: x < 3 -> x++
		:: x == 7 -> goto L
		:: else -> break
		od
	:: else -> skip
	fi;
L:	x = 2;
	if :: g > 9 -> d_step { g > 9 -> g = 1; g = 3 } :: else fi;
	if :: g > 9 -> atomic { g > 9 -> g = 1; g = 3 } :: else fi;
	assert(x == 2)
}
