/* for loops over a range and over an array: the else and break are at the closing brace */
int a[2];
init {
	int i;
	for (i : 0 .. 1) {
		a[i] = i
	}
	for (i in a) {
		printf("%d\n", i)
	}
}
