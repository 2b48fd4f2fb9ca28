/* non-progress cycles through atomic sequences and d_step, progress in atomic */
byte x;
active proctype A() {
	do
	:: atomic { x < 2 -> x++; progress: x = x }
	:: d_step { x == 2 -> x = 0 }
	od
}
active proctype B() {
	do
	:: atomic { x == 1 -> x = 1 }
	:: x == 0 -> skip
	od
}
