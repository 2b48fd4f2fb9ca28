/* division by zero: SPIN 6.5.2 (and pan) die of SIGFPE; only the output
   printed before the crash remains */
int d = 2;

active proctype P() {
	printf("before\n");
	d = d - 2;
	printf("d = %d\n", 10 / d);
	printf("not reached\n")
}
