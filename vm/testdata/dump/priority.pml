/* priorities and provided clauses: a provided clause makes every
 * statement of its proctype global for pan and turns merging off */
byte x;
active proctype Low() priority 1 {
	do
	:: x < 3 -> x++
	:: x >= 3 -> break
	od
}
active proctype High() priority 5 provided (x > 1) {
	byte l;
	l = 1; l = 2;
	set_priority(_pid, 1);
	x = get_priority(0) + l
}
