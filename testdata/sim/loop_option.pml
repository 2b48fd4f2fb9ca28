/* SPIN's simulator takes an if or do option that starts with a loop
   (directly or through { } or atomic) by a step of its own, the loop's
   head, shown as [IF] or [DO] at the choice and possible whatever the
   loop's guards; an option that starts with an if has none. (With other
   options, SPIN shows the last option it tried instead, in an order the
   seed chooses.) */
byte x = 2, y, z;

active proctype A() {
	if
	:: do :: x > 0 -> x-- :: else -> break od
	fi;
	x = 2;
	do
	:: { do :: x > 0 -> x-- :: else -> break od }; break
	od;
	z = 2;
	if
	:: atomic { do :: z > 0 -> z-- :: else -> break od }
	fi;
	x = 1;
	if
	:: if :: x > 0 -> x-- fi
	fi;
	printf("A %d %d\n", x, y);
	if
	:: do :: y == 2 -> break od
	fi
}

active proctype B() {
	z == 1;	/* only inside A's atomic sequence */
	y = 1
}
