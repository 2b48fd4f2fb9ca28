/* unless: an escape that fires, one that never fires, an unreachable escape body */
byte g;
active proctype p() {
	byte x;
	{ x = 1; g = 1; x = 2 } unless { g == 1 -> x = 7 };
	{ x = 3; x = 4 } unless { g == 9 -> x = 8; x = 9 };
	if
	:: g == 100 -> { x = 5 } unless { x == 5 -> x = 6 }
	:: else
	fi
}
