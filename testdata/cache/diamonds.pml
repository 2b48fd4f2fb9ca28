/* An acyclic state space where paths meet again and again: three
 * processes add to a shared counter in atomic steps, so states are
 * reached from many others and their costs are counted once per path. */
byte n;

active [3] proctype add() {
	byte i;
	do
	:: i < 2 -> atomic { n++; i++ }
	:: i == 2 -> break
	od
}
