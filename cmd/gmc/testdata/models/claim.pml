/* x cycles 0, 1, 2, 3; the claim accepts while x stays below 3, and
   checks that x never passes 3 */
byte x;
active proctype P() { do :: x < 3 -> x++ :: x == 3 -> x = 0 od }
never {
	do
	:: assert(x <= 3); x < 3 -> goto accept
	:: else
	od;
accept:
	do
	:: x < 3
	od
}
