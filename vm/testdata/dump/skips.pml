/* skip pruning in options: the last skip stays, printf is never deleted,
 * skips in the main body stay */
byte x;
active proctype P() {
	if
	:: x == 0 -> skip; skip
	:: x == 0 -> skip; skip; skip; x = 1
	:: x == 0 -> skip; printf("a"); skip; x = 2
	fi;
	skip;
	skip;
	x = 3
}
