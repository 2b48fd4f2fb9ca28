/* end, progress and accept labels: on statements, on a do, on a goto (a
 * skip is put in front of it), inherited through a choice */
byte x;
active proctype P() {
end0:	do
	:: x < 3 -> x++
progress1:	:: x == 3 -> x = 0
	od
}
active proctype Q() {
L:	x > 0;
end1:	goto L
}
active proctype R() {
	do
	:: true -> accept2: x == 1
	od
}
