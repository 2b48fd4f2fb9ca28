/* timeout, else as a separate state, skip after else */
byte g;
active proctype p() {
	do
	:: g < 2 -> g++
	:: timeout -> break
	od;
	if
	:: g == 2 -> skip
	:: else -> g = 9
	fi
}
active proctype q() {
	(g == 2) -> g = 2
}
