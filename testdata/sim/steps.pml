/* one process: which elements are steps in simulation (goto, break, the
   .(goto) nodes of if and do) and which are passed over silently inside an
   atomic; pan's trail has none of them */
byte x;

active proctype P() {
	atomic { x = 1; goto L; x = 9; L: x = 2; goto M };
	x = 3;
M:	x = 4;
	if :: x == 4 -> x = 5 fi;
	do :: x < 7 -> x++ :: else -> break od;
	atomic { x = 1; if :: x == 1 -> x = 2 fi; x = 3; do :: x < 5 -> x++ :: else -> break od; x = 7 };
	assert(x == 0)
}
