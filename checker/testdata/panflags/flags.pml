/* The run-time flags of pan (docs/references.md#spin-pan-flags): a model
 * with each error they change. A failing assertion and an invalid end
 * state (-A, -E), a message left in a channel at a valid end state (-q),
 * an error deep in the search's first path and a shorter one later (-i,
 * -I), and more errors than one (-e).
 */
chan c = [2] of { byte };
byte x;

active proctype S() {
	x == 1;
	assert(x != 1)
}

active proctype D() {
	do
	:: x < 8 -> x++
	:: x == 3 -> c!x
	:: x >= 8 -> break
	od;
	assert(x > 8)
}

active proctype R() {
	c?_;
	x == 5	/* blocks at the end unless x is 5 then: an invalid end state */
}
