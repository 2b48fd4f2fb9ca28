chan c = [1] of { byte, byte };
active proctype P() {
	c!1
}
