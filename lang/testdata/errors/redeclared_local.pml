active proctype P() {
	byte x;
	{ byte x; x = 1 }
}
