// Several errors in one model are all reported, sorted by position.
active proctype P() {
	x = 1;
	goto nowhere;
	break
}
proctype Q() { y++ }
