byte x;
active [2] proctype p() {
	x++;
	assert(x < 2)
}
