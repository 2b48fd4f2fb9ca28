byte x;
active proctype P() {
	if
	:: else -> x = 1
	:: else -> x = 2
	fi
}
