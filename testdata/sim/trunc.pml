/* values truncated by assignments, with SPIN's type codes in the message */
mtype = { m };
bit b;
byte y;
short s;
unsigned u : 3;
mtype mm;
chan c = [1] of { bit };

init {
	b = 2;
	y = 256;
	s = 40000;
	u = 9;
	mm = 300;
	c!3;
	printf("%d %d %d %d %d\n", b, y, s, u, mm)
}
