inline set(v, n) { v = n }
active proctype P() {
	byte x;
	set(x)
}
