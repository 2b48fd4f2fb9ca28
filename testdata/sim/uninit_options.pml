/* Receives from uninitialised channels, two options of a do: SPIN's
 * simulator tries the options from one picked at random, printing an
 * error for each receive it tries, and after "timeout" tries them again
 * from another. (Compared by seeds, TestRandomRunsMatchSPIN.) */
chan c, d;
byte x;
active proctype P() {
	x = 1;
	do
	:: c?x
	:: d?x -> break
	od
}
