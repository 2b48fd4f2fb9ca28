/* run, parameters, _pid and _nr_pr, active [N], and processes that end */
byte count;
proctype Worker(byte id; byte n) {
	byte k = n;
	count = count + k;
	assert(_pid > 0 && id < 3)
}
active [2] proctype Idle() {
	_nr_pr > 2
}
init {
	byte i;
	atomic {
		do
		:: i < 3 -> run Worker(i, i + 1); i++
		:: else -> break
		od
	};
	_nr_pr == 3;
	assert(count == 6)
}
