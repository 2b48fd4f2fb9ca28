active proctype P() {
	byte x;
	x = _
}
