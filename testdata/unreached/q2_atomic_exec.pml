byte g = 10;
active proctype p() {
	byte x;
	x = 2;
	if :: g > 9 -> atomic { g > 9 -> g = 1; g = 3 } :: else fi;
	assert(x == 2)
}
