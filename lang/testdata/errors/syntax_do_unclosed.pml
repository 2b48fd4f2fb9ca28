// A do without its od: at the closing brace.
active proctype p() {
	byte x;
	do
	:: x++

}
