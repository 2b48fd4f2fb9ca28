/* a remote label an ltl formula names: the labelled condition does not
 * head a merged chain; the claim made of the formula is listed too */
byte g;
active proctype P() {
	byte y;
	do
	:: g < 3 -> g++
	:: g >= 3 -> break
	od;
L:	y == 0;
	y = 1;
	y = 2;
	g = 0
}
ltl p1 { [] (P@L -> g == 3) }
