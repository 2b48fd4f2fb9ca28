/* two processes take turns through a shared flag: no errors */
bit turn;
byte count;
active proctype A() {
	do
	:: turn == 0 && count < 3 -> count++; turn = 1
	:: count >= 3 -> break
	od
}
active proctype B() {
	do
	:: turn == 1 -> turn = 0
	:: count >= 3 -> break
	od
}
