/* SPIN's simulator enters a block whose body starts with a loop by a
   step of its own, the loop's head, shown as [sub-sequence] or [ATOMIC]
   at the block (an inline's block at its definition's brace) */
byte x;

inline wait(v)
{
	do
	:: x > v -> break
	od
}

active proctype A() {
	x = 2;
	wait(0);
	{
	  do :: x > 1 -> break od
	}
	atomic {
	  do :: x > 1 -> x = 0 :: x == 0 -> break od;
	  x = 5
	}
	printf("A %d\n", x)
}
