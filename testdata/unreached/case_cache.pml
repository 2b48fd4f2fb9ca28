/* identical statements share one case in pan.m (case caching): running the
   second copy marks the first copy's state as reached */
byte g;
active proctype p() {
	byte x;
	if
	:: g == 100 -> x = 1; g = 5
	:: else
	fi;
	x = 1;
	g = 5;
	g = x
}
