// goto without a label.
init {
	goto
}
