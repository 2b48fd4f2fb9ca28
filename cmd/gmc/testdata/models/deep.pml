byte n;
active proctype p() {
	do
	:: n < 200 -> n++
	:: n == 200 -> break
	od
}
