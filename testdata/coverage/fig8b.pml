/* 003 figure 8-b: the code has both cases, the specification only b
 * (b implies a == 1), and the harness always calls with b true. The
 * else branch never executes while every part of the assertion holds at
 * some point: possibly an incomplete specification. */
bool b = true;
byte a;

active proctype m() {
	if
	:: b -> a = 1
	:: else -> a = 2
	fi;
	assert(!b || a == 1)
}
