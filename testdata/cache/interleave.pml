/* An acyclic state space with many diamonds (two processes
 * interleaving) and atomic sequences, whose intermediate states are not
 * stored: their successors' costs go to the stored state below them. */
byte x, y;

active proctype A() {
	x++;
	atomic { x++; if :: x++ :: x = x + 2 fi };
	x++
}

active proctype B() {
	y++;
	if
	:: y++
	:: y = y + 2
	fi;
	atomic { y++; if :: y++ :: skip fi; y++ };
	y++
}
