/* A send on an uninitialised channel in a random simulation: SPIN's
 * simulator prints an error each time it tries the send, which is never
 * executable: once, then "timeout" and once more, and the run ends. */
chan c;
byte x;
active proctype P() {
	x = 1;
	c!x
}
