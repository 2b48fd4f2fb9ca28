/* end labels, non-terminating process, processes blocked in valid end states */
byte g;
active proctype server() {
end:	do
	:: g < 3 -> g++
	od
}
active proctype waiter() {
end:	(g == 7);
	g = 0
}
active proctype looper() {
L:	if
	:: g > 100 -> skip
	:: else
	fi;
end2:	goto L
}
