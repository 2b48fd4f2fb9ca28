/*
 * phil_n.pml -- N dining philosophers, deadlock-free (scalable).
 *
 * What it models:
 *   N philosophers around a table, N forks as shared bits; fork i lies
 *   between philosopher i (its LEFT fork) and philosopher i+1 (its RIGHT
 *   fork).  Deadlock is avoided by a global order on forks: everybody picks
 *   up the lower-numbered of its two forks first.  For philosophers
 *   0..N-2 that is the left fork, for philosopher N-1 it is the right fork
 *   (fork 0), which breaks the circular wait.  There are no local
 *   variables: FIRST/SECOND are computed from _pid, so the state of a
 *   philosopher is just its control location.
 *
 *   Set the size with  spin -DN=8 -a phil_n.pml  (default N 5).
 *
 * Property checked:
 *   - no invalid end states (no deadlock);
 *   - assertion: a philosopher eats only holding both of its forks, and
 *     two neighbours never eat at the same time.
 *
 * Expected SPIN result: no errors (errors: 0).
 *
 * Measured state counts: see the table in COUNTS.md; summary (SPIN 6.5.2,
 * -DNOREDUCE -DSAFETY -DNOCLAIM, ./pan -c0 -m100000):
 *   (filled in below)
 */

#ifndef N
#define N 5                       /* number of philosophers (and forks) */
#endif

#define LEFT    (_pid)
#define RIGHT   ((_pid + 1) % N)
#define FIRST   (_pid < N - 1 -> LEFT  : RIGHT)   /* lower-numbered fork  */
#define SECOND  (_pid < N - 1 -> RIGHT : LEFT)    /* higher-numbered fork */

bit fork[N];                      /* 1 = fork is in somebody's hand     */
bit eating[N];

#define take(f)  atomic { fork[f] == 0 -> fork[f] = 1 }

active [N] proctype Philosopher()
{
	do
	:: take(FIRST);
	   take(SECOND);
	   eating[_pid] = 1;
	   assert(fork[LEFT] && fork[RIGHT] &&
	          !eating[(_pid + N - 1) % N] && !eating[(_pid + 1) % N]);
	   eating[_pid] = 0;
	   fork[SECOND] = 0;
	   fork[FIRST] = 0
	od
}
