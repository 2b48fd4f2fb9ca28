/* atomic and d_step sequences, an if with else, a goto and a loop;
   the assertion at the end fails */
byte x, y;

active proctype A() {
	atomic {
		x = 1;
		printf("in atomic, x=%d\n", x);
		x = 2
	};
	d_step {
		y = x + 1;
		printf("in d_step, y=%d\n", y);
		y++
	};
	if
	:: x > 5 -> x = 0
	:: else -> goto here
	fi;
	x = 9;
here:
	do
	:: y < 5 -> y++
	:: y >= 5 -> break
	od;
	assert(y == 4)
}
