/* Moves computed ahead (checker's DFS.takeDirect): b always moves, and
 * a's moves are computed while the state of b's is looked up; the
 * statements merged into a's second option are marked reached only
 * when it is taken. */
byte x, y;

active proctype a() {
	byte l;
	do
	:: x < 3 -> x++
	:: x < 3 -> l = 1; l = 2; l = 0; x = x + 2
	:: x >= 3 -> break
	od
}

active proctype b() {
	do
	:: y = 1 - y
	od
}
