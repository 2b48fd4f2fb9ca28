/* 003 figure 8-a: the specification has two cases (b: a becomes 1; !b:
 * a becomes 2), the code only the first, and the harness always calls
 * with b true. Every transition executes; the specification's second
 * case never holds: possibly missing code. */
bool b = true;
byte a;

active proctype m() {
	if
	:: b -> a = 1
	fi;
	assert(b && a == 1 || !b && a == 2)
}
