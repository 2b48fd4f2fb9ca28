/* one process: every printf conversion SPIN knows, escapes, printm */
mtype = { red, green, blue };
mtype m = green;
byte b = 200;
short s = -5;
int i = -1;
bool f = true;

init {
	printf("d: %d %d %d %d\n", b, s, i, f);
	printf("u: %u %u\n", s, i);
	printf("c: %c%c%c\n", 72, 105, 33);
	printf("o: %o %o\n", 8, i);
	printf("x: %x %x\n", 255, i);
	printf("e: %e %e %e %e\n", m, red, 3, 0);
	printf("percent: 100%%\n");
	printf("tab:[\t] backslash:[\\] quote:[\"]\n");
	printf("no newline, ");
	printf("continued\n");
	printf("two\nlines\n");
	printm(m);
	printf(" <- printm of a variable\n");
	printm(b);
	printf(" <- printm of a byte\n");
	printf("%d%d%d\n", 1, 2, 3);
	printf("extra arg ignored: %d\n", 1, 2)
}
