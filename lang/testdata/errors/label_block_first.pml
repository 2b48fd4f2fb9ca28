// A label on the first statement of a block.
init {
	skip;
	{ L: skip }
}
