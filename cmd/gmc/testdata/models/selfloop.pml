/* an option that does nothing and loops back: pan refuses to verify it */
active proctype P() {
	byte x;
	do
	:: skip
	:: x < 3 -> x++
	od
}
