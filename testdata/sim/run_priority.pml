/* A process made by run without a priority of its own has priority 1,
 * not its proctype's 3: Q (priority 2) prints first, once P exists. */
proctype P() priority 3 { printf("P\n") }
active proctype Q() priority 2 { _nr_pr == 3 -> printf("Q\n") }
init { run P() }
