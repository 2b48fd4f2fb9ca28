/* one process: a loop left through an unless escape, an end label and skip */
byte x;

active proctype P() {
	{ do :: x < 3 -> x++ od } unless { x == 2 -> printf("escaped\n") };
end:	skip;
	x = 5;
	assert(x == 2)
}
