/* init runs two workers that end and are removed; <> (fin == 2) fails
 * without fairness (Noise alone) and holds with it: with -l -f the
 * loop over the processes is run again from pan's From, one process
 * fewer after a removal */
byte fin;
proctype W() {
	byte i;
	do
	:: i < 2 -> i++
	:: i == 2 -> break
	od;
	fin++
}
active proctype Noise() {
	bit b;
	do :: b = 1 - b od
}
init { run W(); run W() }
ltl alldone { <> (fin == 2) }
