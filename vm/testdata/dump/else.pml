/* else: last in its list wherever written, after options that test
 * channels (a global else for pan), in nested ifs */
chan q = [1] of { byte };
byte x;
active proctype P() {
	byte l;
	if
	:: else -> x = 9
	:: x == 0 -> x = 1
	fi;
	do
	:: nfull(q) -> q!x
	:: else -> break
	od;
	if
	:: if :: l == 1 -> l = 2 :: else -> l = 3 fi
	:: l == 5 -> skip
	fi;
	if
	:: q?l
	:: len(q) > 3
	:: else
	fi
}
