/* Errors that repeat their message (docs/references.md#spin-error-lines):
 * two assertions, each violated along several paths and at several
 * depths, so that -i, -I, -e and -c N meet one message several times in
 * a row and then the other; pan names a run of them once.
 */
byte x;

active proctype p() {
	do
	:: x < 5 -> x++
	:: x < 5 -> x = x + 2
	:: x >= 5 -> break
	od
}

active proctype q() {
	if
	:: assert(x < 3)
	:: assert(x != 4)
	fi
}
