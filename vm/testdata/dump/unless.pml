/* unless: plain parts, blocks, an if, a do and an atomic as the main
 * part, nested escapes */
byte x, y;
active proctype P() {
	if
	:: x < 2 -> x++
	:: x >= 2 -> x = 0
	fi unless y == 1;
	atomic { x > 0 -> x = 5 } unless { y == 2 -> x = 9 };
	{ do :: x < 7 -> x++ :: else -> break od unless y == 3 } unless { y == 4 };
	x = 1 unless y == 1;
	{ { x = 1; x = 2 } unless { y == 3 -> x = 7 } } unless { y == 5 -> x = 9 };
	d_step { x > 0; x = 2 } unless y == 5
}
active proctype Q() { y = 1; y = 2; y = 3; y = 4; y = 5 }
