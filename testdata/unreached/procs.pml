/* init, run-time created processes, a proctype that is never run, several instances */
byte n;
proctype worker(byte id) {
	n = n + id;
	if
	:: id == 3 -> n = 0
	:: else
	fi
}
proctype never_run() {
	n = 1;
	n = 2
}
init {
	run worker(1);
	run worker(2);
	(n == 3);
	if
	:: n == 4 -> run never_run()
	:: else
	fi
}
