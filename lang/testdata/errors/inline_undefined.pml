active proctype P() {
	reset(1)
}
