/* timeout, as a guard and alone, and a process that ends */
byte x;
active proctype Waiter() {
	do
	:: timeout -> x = 0; break
	:: x < 2 -> x++
	od;
	timeout;
	assert(x == 0)
}
active proctype Stopper() {
	x == 2 -> x = 3
}
