active proctype P() {
	_pid = 1
}
