/* d_step: alone, after a guard, with an if inside, inside an atomic */
byte x, y;
active proctype P() {
	d_step { if :: x = 1 :: x = 2 fi; y = x * 10 };
	x > 0;
	atomic { x = 1; d_step { y = 1; y = 2 }; x = 2 };
	atomic { x = 3; d_step { y = 3 } };
	x = 4
}
active proctype Q() {
	byte l;
	d_step { l = 1; l++ };
	d_step { y > 0 -> l = y }
}
