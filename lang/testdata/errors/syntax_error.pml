// A statement separator is missing between od and the assignment.
active proctype P() {
	byte x;
	do :: x < 2 -> x++ :: else -> break od x = 1
}
