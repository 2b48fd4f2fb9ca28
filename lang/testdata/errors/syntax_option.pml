// Two names in a row inside an option: at the second, saying what may follow a statement there.
active proctype p() {
	byte x;
	if
	:: x > 1 -> x = 2
	:: x x
	fi
}
