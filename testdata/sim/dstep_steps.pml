/* SPIN's simulator runs a d_step step by step, as an atomic sequence: its
   jumps count as steps where an atomic sequence's would (after its first
   statement, a loop's exit, a loop head a goto lands on), and the line
   shown is that of the step that leaves it, none when it ends in silent
   moves. After a step inside an atomic sequence (not its last) or a d_step,
   the '.' nodes and one goto that follow pass without steps, into the
   next block too */
byte x, i, j;

active proctype A() {
	d_step { if :: x == 0 -> x = 1 fi };
	d_step { if :: x == 1 fi; x = 2 };
	d_step { x = 3; goto L; x = 9; L: do :: x < 5 -> x++ :: else -> break od };
	d_step { i = 0; do :: i < 2 -> j = 0; do :: j < 2 -> j++ :: else -> break od; i++ :: else -> break od };
	d_step { x = 0; M: if :: x < 2 -> x++; goto M :: else -> skip fi };
	d_step { x = 7 };
	do :: x > 0 -> d_step { x--; if :: x % 2 == 0 -> x = x / 2 :: else fi } :: else -> break od;
	j = j;
	d_step { i = 1; do :: i > 0 -> i--; break od };
	d_step { do :: i == 0 -> i = 2 :: i == 2 -> break od; x = 1 };
	atomic { x = 1 };
	atomic { x = 2; do :: x > 0 -> break od };
	d_step { x = 1 };
	goto N;
N:	atomic { do :: x > 0 -> break od; x = 5 };
	atomic { if :: x == 5 fi; x = 2 };
	atomic { if :: x == 2 -> x = 3 fi; x = 4 };
	d_step { x = 0 };
	do :: x < 2 -> x++ :: else -> break od;
	printf("A %d %d %d\n", x, i, j)
}
