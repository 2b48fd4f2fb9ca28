/* statement merging: chains of local assignments, a condition heading a
 * chain, skips (never inside a chain), a chain that runs back to its
 * loop, a chain ended by a global access or a label */
byte g;
active proctype P() {
	byte a, b;
	a = 1; b = 2; g = a;
	skip; skip; a = 3; b = a;
	(b == 3) -> a = 0; b = 1; printf("%d\n", a);
	do
	:: a < 2 -> a++; b = a
	:: a == 2 -> break
	od;
	a = 5;
L:	b = 6;
	g = b
}
