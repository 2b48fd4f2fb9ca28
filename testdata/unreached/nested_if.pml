/* nested if, else, choice states never visited, multi-line output for one state */
byte g;
active proctype p() {
	byte x;
	if
	:: g == 0 ->
		if
		:: g == 1 -> x = 1
		:: g == 2 -> x = 2
		:: else -> x = 3
		fi
	:: g > 50 -> skip
	fi;
	if
	:: x == 9 ->
		if
		:: g == 1 -> x = 1
		:: g == 2 -> x = 2
		fi;
		x = 0
	:: else
	fi;
	g = x
}
