active proctype P() {
	byte x;
	x = 1;
	chan c = [1] of { byte };
	c!x
}
