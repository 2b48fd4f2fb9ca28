/* init creates workers with run; each worker prints when its turn comes,
   so the order is forced. Shows creation order, pids, instance names,
   termination order and "N processes created". */
byte turn = 0;

proctype Worker(byte id; byte n) {
	turn == id;
	printf("worker %d (pid %d) has n=%d\n", id, _pid, n);
	turn++
}

active proctype Watcher() {
	turn == 4;
	printf("watcher sees turn %d\n", turn);
	turn++
}

init {
	byte i = 1;
	do
	:: i <= 3 -> run Worker(i, 10*i); i++
	:: else -> break
	od;
	turn = 1;	/* the workers start only now: their pids are 2, 3, 4 */
	(turn == 5 && _nr_pr == 2);
	printf("init: only init and the watcher are left\n");
	assert(turn == 4)	/* fails: pan writes a trail */
}
