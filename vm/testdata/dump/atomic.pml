/* atomic sequences: the last element of a body that ends with if or do,
 * an atomic that jumps out with goto, a nested atomic, a chain that
 * leaves an atomic */
byte x, y, z;
active proctype P() {
	atomic { x = 1; if :: x == 1 -> y = 1 fi };
	atomic { do :: x < 2 -> x++ :: x == 2 -> break od };
	atomic { x = 1; atomic { y = 2 }; goto L };
	x = 2;
L:	atomic { z == 0 -> z = 1; z = 2 };
	y = 0
}
active proctype Q() {
	byte a;
	atomic { a = 1; a = 2 };
	atomic { x > 0; a = x; assert(a > 0) }
}
