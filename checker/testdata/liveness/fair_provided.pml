/* weak fairness and a provided clause: P0's clause never holds. pan
 * leaves a process its provided clause bars at once (new_state's
 * CONTINUE0): rule 2 has counted it, and the loop over the processes is
 * not tried again for it, as it is for a process that has no move */
byte g0;
active proctype P0() provided (g0 != 0) {
	skip
}
proctype P1() {
	skip
}
init {
	atomic { run P1(); run P1() }
}
