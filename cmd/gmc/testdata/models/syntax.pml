active proctype p() {
	byte x
	x = = 3;
	y = 2
}
