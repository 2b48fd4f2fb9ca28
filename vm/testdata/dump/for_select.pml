/* for and select: ranges, an array, the lexer's and the parser's forms of
 * select */
byte g, arr[3];
inline pick(v) { select (v : 1 .. 3) }
active proctype P() {
	byte i, j;
	for (i : 1 .. 3) { g = g + i };
	for (i in arr) { arr[i] = i };
	select (j : 1 .. 3);
	select (j : 1 .. 40);
	pick(i);
	g = i + j
}
