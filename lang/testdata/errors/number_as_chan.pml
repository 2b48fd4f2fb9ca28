active proctype P() {
	byte x;
	x!1
}
