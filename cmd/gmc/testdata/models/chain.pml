/* A straight line of 3002 states: one collision of a bitstate filter cuts
   off all that follows it, so runs with one hash function agree and stop
   early, and a k = 1 estimate says nearly 100% (001 §5). */
int x;
active proctype P() {
	do
	:: x < 3000 -> x++
	:: x >= 3000 -> break
	od
}
