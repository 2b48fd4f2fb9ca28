/* remote references: P@L marks the label's element (a goto there becomes
 * a skip and a copy of the goto, numbered model-wide where the reference
 * is: ids of Q's later statements shift), P[0]:v turns merging off */
byte x;
active proctype P() {
	byte v;
again:
	x < 3 -> x++;
	v = x;
there:	goto again
}
active proctype Q() {
	x == 9 -> x = 1;
	P@there -> x = 5;
	P[0]:v > 1 -> x = 0
}
