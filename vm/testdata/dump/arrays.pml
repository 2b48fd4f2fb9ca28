/* arrays: global and local, indexed by variables, channel arrays */
byte a[4];
chan c[2] = [1] of { byte };
active proctype P() {
	byte i, b[3];
	do
	:: i < 4 -> a[i] = i; b[i % 3] = a[i] + 1; i++
	:: i == 4 -> break
	od;
	c[0]!a[3];
	c[0]?b[0];
	c[1]!b[0];
	assert(b[0] == 3 && len(c[1]) == 1)
}
