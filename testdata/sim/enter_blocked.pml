/* A process that entered a block whose body starts with a loop (a step
   of its own, [sub-sequence]) and blocks there stands at the loop inside:
   the final listing shows it there */
byte y;

active proctype A() {
	y = 1;
	{
	  do :: y == 2 -> break od
	}
}
