/* semantics: run_priority
 * A process made by run without a priority of its own has priority 1,
 * not its proctype's: spin writes addproc(II, 1, ..) for `run P()`,
 * and the proctype's priority goes to its active processes only. Here
 * init (priority 1) runs two P, also priority 1: 5 states, as without
 * priorities. Given P's 3, the first P took the turn from init's atomic
 * sequence (6 states: what `run P() priority 3` gives, in pan too).
 * pan:
 * spin:
 * expect merge:   stored=5 matched=0 transitions=5 atomic=1 depth=5 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=1 depth=5 errors=0
 */
proctype P() priority 3 {
	byte l
}

init {
	atomic { run P(); run P() }
}
