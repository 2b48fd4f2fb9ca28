active proctype p() {
	byte x = 3, y;
	x = x / y
}
