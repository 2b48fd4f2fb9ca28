/* a never claim: its own table (listed, not run by safety checks), with an
 * accept label and an unconditional loop */
byte x;
active proctype P() {
	do
	:: x < 3 -> x++
	:: x == 3 -> x = 0
	od
}
never {
	do
	:: x == 3 -> goto accept
	:: true
	od;
accept:
	do
	:: x != 0
	od
}
