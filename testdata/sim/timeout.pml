/* a timeout statement: it becomes executable only when every process is
   blocked, after simulation has printed "timeout" */
byte x;

active proctype A() {
	x == 1;
	printf("A woke\n")
}

active proctype B() {
	timeout -> printf("B saw timeout\n");
	x = 1
}
