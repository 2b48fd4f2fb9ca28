// Send arguments without a comma: at the second argument.
active proctype p() {
	chan c = [2] of { byte };
	c ! 1 2
}
