/* weak fairness once every process has ended: the claim stutters alone in
 * its accepting state, a fair acceptance cycle (SPIN's LTL example
 * ltl_always_eventually.pml, smaller) */
int p;
init { p = 1 }
ltl alone { always eventually (p > 5) }
