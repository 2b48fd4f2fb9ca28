// printf's arguments need a comma after the format.
active proctype p() {
	byte x;
	printf("x %d\n" x)
}
