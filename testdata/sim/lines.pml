/* SPIN gives an element it makes after reading the next token the line
   of that token: a declaration after the first statement (an assignment),
   the '.' after an if or do that ends an option (the next '::', fi or
   od), the skip before a goto with an end label */
byte g;

active proctype P() {
	g = 1;
	byte b = 4;
	g = b;
	do
	:: g < 6 -> g++; if :: g == 5 -> skip :: else -> skip fi
	:: g >= 6 -> break
	od;
	if
	:: g == 6 -> g = 7; if :: true fi
	fi;
end:	goto L;
L:	g = 0
}
