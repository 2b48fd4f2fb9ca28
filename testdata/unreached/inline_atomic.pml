/* inline calls (NON_ATOMIC), atomic never entered, atomic ending in if/do */
byte g;
inline bump(v) { v = v + 1; v = v + 1 }
active proctype p() {
	byte x;
	bump(x);
	if
	:: x == 7 -> atomic { x = 1; bump(x); g = x }
	:: else
	fi;
	atomic {
		x = 0;
		if
		:: g == 3 -> x = 3
		:: else -> x = 4
		fi
	};
end:	atomic { g > 100 -> do :: x < 3 -> x++ :: else -> break od }
}
