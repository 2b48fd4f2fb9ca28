// An operator without its operand: the error is at the token that is no operand.
init {
	int x;
	x = 1 +* 2
}
