chan c = [1] of { byte };
active proctype P() {
	byte a, b;
	c?a, b
}
