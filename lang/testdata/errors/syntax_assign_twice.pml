// A syntax error is reported at the offending token, not the statement's start.
active proctype p() {
	byte x;
	x = = 3
}
