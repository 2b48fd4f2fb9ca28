/* processes whose start state blocks for ever: condition, choice, receive, timeout */
byte g;
chan q = [1] of { byte };
active proctype a() {
end:	if
	:: g == 1 -> g = 2
	:: g == 2 -> g = 3
	fi
}
active proctype b() {
	byte v;
end:	q?v;
	g = v
}
active proctype c() {
end:	do
	:: g == 5 -> break
	od;
	g = 0
}
