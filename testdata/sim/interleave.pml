/* printf from two processes; a random choice decides the order */
byte done;
active [2] proctype greet() {
	printf("hello from %d (%c%c), x = %x, %o\n", _pid, 'o', 'k', 255, 8);
	done++
}
init {
	done == 2;
	if
	:: printf("heads\n")
	:: printf("tails\n")
	fi
}
