/* printf conversions SPIN does not support: each is an error line, the
   output goes on */
int i = 7;

init {
	printf("width: [%3d]\n", i);
	printf("string: [%s]\n", i);
	printf("long: [%ld]\n", i);
	printf("too few: [%d] [%d]\n", i);
	printf("after: %d\n", i)
}
