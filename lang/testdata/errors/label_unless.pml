// Labels on the first statement of an unless: on the main part, and on the
// escape's guard.
init {
	byte x;
	L1: x++ unless x > 3;
	x++ unless L2: x > 5
}
