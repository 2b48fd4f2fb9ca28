/* spin-notes: G5 A priority 3
 * Priorities: a process may move only if no higher-priority process is enabled.
 * pan: 
 * spin: 
 * expect merge:   stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 * expect nomerge: stored=5 matched=0 transitions=5 atomic=0 depth=4 errors=0
 */

byte x;

active proctype A() priority 3 {
	x = 1
}

active proctype B() {
	x = 2
}
