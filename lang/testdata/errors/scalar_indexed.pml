byte a;
active proctype P() {
	a[1] = 1
}
