active proctype P() {
	goto done
}
