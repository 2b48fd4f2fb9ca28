/* inline calls: each is a { } block, a chain can run through it */
inline set(v, k) { v = k; printf("set %d\n", v) }
inline swap(a, b) { byte t; t = a; a = b; b = t }
byte x, y;
active proctype P() {
	byte a, b, c;
	a = 1;
	set(b, 2);
	set(x, 3);
	swap(a, b);
	c = a + b;
	y = c
}
