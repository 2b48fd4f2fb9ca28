// An unclosed index: at the token where ] was expected.
init {
	byte a[3];
	a[1 = 2
}
