init {
	printf("passed first test!\n")
}
