byte a[3];
active proctype P() {
	a = 1
}
