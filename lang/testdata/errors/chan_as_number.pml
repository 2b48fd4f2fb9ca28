chan c = [1] of { byte };
active proctype P() {
	byte x;
	x = c + 1
}
