/* one process and an assertion that fails: the same steps in simulation
   and in the replay of pan's trail */
int x = 0;

active proctype P() {
	byte n = 1;
	x = 1;
	printf("x is %d\n", x);
	n = n + x;
	x = x + 2;
	assert(x == n)
}
