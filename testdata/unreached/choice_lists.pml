/* listing of never-visited choice states: one line per transition, a
   break-option (goto :b0) as first/last transition, a user goto option,
   an if whose only option is a dead link (text "IF") */
byte g;
active proctype p() {
	byte x;
	if
	:: g == 100 ->
		if :: false fi
	:: g == 101 ->
		do
		:: break
		:: x < 3 -> x++
		od
	:: g == 102 ->
		do
		:: x < 3 -> x++
		:: break
		od
	:: g == 103 ->
		if
		:: goto L
		:: x == 2 -> x = 7
		fi;
		x = 8
	:: else
	fi;
L:	g = 1
}
