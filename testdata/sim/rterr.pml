/* run-time errors that do not stop a simulation: a value truncated by an
   assignment, an array index out of bounds (write and read). pan stops at
   the bad index ("invalid array index") and writes a trail. */
byte a[3];

active proctype P() {
	byte i = 3, v;
	v = 300;
	printf("v = %d\n", v);
	a[i] = 7;
	v = a[i];
	printf("v = %d\n", v)
}
