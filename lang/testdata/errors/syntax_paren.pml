// An unclosed parenthesis: at the token where ) was expected.
byte x
active proctype p() {
	x = (1 + 2
}
