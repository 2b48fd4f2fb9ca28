/*
 * philosophers.pml -- dining philosophers that DEADLOCK.
 *
 * What it models:
 *   N philosophers sit around a round table with one fork between each
 *   pair of neighbours.  Fork i lies between philosopher i (on whose LEFT
 *   it is) and philosopher i+1 (on whose RIGHT it is).  Every philosopher
 *   uses the classic protocol "take the left fork, then the right fork,
 *   eat, put both down".  Forks are shared bit variables; taking a fork is
 *   an atomic test-and-set.
 *
 * Property checked:
 *   - absence of invalid end states (deadlock): with every philosopher
 *     holding its left fork, no process can move and none is at a valid
 *     end state;
 *   - an assertion that two neighbours never eat at the same time
 *     (this one holds).
 *
 * Expected SPIN result:
 *   pan reports "invalid end state" (errors: 1 with the default stop at the
 *   first error; with -c0 the search continues and still reports exactly one,
 *   since there is a single deadlocked state: all forks taken, every
 *   philosopher waiting for its right fork).  No assertion violation.
 *   The depth-first search meets the deadlock at depth 25 (36 with -o3);
 *   the shortest path (pan compiled with -DBFS) is N = 5 steps, each
 *   philosopher taking its left fork.  Replay with spin -t -p philosophers.pml.
 *
 *   SPIN 6.5.2 (-c0 -m100000): 1,022 states stored, 3,321
 *   transitions, errors: 1; the same with and without -o3.
 */

#define N 5                       /* number of philosophers (and forks) */

#define LEFT  (_pid)              /* fork to my left                    */
#define RIGHT ((_pid + 1) % N)    /* fork to my right                   */

bit fork[N];                      /* 1 = fork is in somebody's hand     */
bit eating[N];                    /* 1 = philosopher i is eating        */

/* take fork f as soon as it is free (atomic test-and-set) */
#define take(f)  atomic { fork[f] == 0 -> fork[f] = 1 }
#define drop(f)  fork[f] = 0

active [N] proctype Philosopher()
{
	do
	:: /* think */
	   take(LEFT);            /* left first ...                     */
	   take(RIGHT);           /* ... then right: this can deadlock  */

	   eating[_pid] = 1;
	   assert(!eating[(_pid + N - 1) % N] && !eating[(_pid + 1) % N]);
	   eating[_pid] = 0;

	   drop(RIGHT);
	   drop(LEFT)
	od
}
