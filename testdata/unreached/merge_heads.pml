/* merge heads that are conditions, skip, receives; goto members; printf */
chan q = [2] of { byte };
byte g;
active proctype p() {
	byte x, y;
	q!1;
	if
	:: g == 0 -> skip; x = 1; y = 2
	:: g == 9 -> skip; x = 3; goto L
	:: g == 8 -> q?x; y = x; goto L
	:: g == 7 -> printf("never\n"); x = 4
	fi;
	x = 0;
L:	g = x + y
}
