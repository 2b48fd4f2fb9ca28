// A label on the first statement of an atomic sequence (SPIN: label placed
// incorrectly): it belongs before the sequence.
init {
	atomic { L: skip; goto L }
}
