/* a receive that writes one variable twice: spin refuses it */
chan c = [1] of { byte, byte };
active proctype p() {
	byte a;
	c?a,a
}
