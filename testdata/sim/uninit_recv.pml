/* A receive from an uninitialised channel in a random simulation: SPIN's
 * simulator prints an error naming the channel each time it tries the
 * receive, which is never executable: once, then "timeout" and once
 * more, and the run ends. */
chan c;
byte x;
active proctype P() {
	x = 1;
	c?x
}
