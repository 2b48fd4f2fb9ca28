/* An error raised while evaluating a transition: on one path the send's
 * channel is left uninitialised, pan counts the reference in the send's
 * guard ("ref to uninitialized chan name (qfull)") and its trail ends in
 * the send it tried, which spin -t replays as a transition that failed,
 * after SPIN's simulator's error for the send. */
chan q; chan d = [1] of {byte};
byte x;
active proctype P() {
	x = 1;
	if :: q = d :: skip fi;
	q!x
}
