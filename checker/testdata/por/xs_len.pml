/* len(c) in a model with xs or xr, reducing: pan's code for it is its
 * xs/xr checks && q_len(c), a C truth value, 1 where the channel holds
 * two messages (without reduction the length: the assertion fails) */
chan c = [2] of { byte };
chan d = [1] of { byte };
byte x;
active proctype P() {
	xs d;
	c!1; c!1;
	x = len(c);
	assert(x != 2)
}
active proctype Q() { xs c; d!len(c) }
