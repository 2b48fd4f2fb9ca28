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
 * Measured with SPIN 6.5.2:  spin [-o3] -DX=.. -a; cc -DNOREDUCE -DSAFETY
 * -DNOCLAIM -DVECTORSZ=4096 -O2; ./pan -c0 -mDEPTH (full table: COUNTS.md).
 *
 *     N    stored       transitions   (merge on = merge off, -o3)   pan time
 *     5         819           2,518                                  0 s
 *     9     209,715       1,189,610                                  0.4 s
 *    10     838,861       5,303,699                                  2-3 s
 *    11   3,355,443      23,395,828                                 13 s
 *    12  13,421,773     102,307,465                                 71-79 s
 *
 *   - statement merging makes no difference: every statement touches a
 *     global, so there is nothing to merge (only the DFS depth differs);
 *   - stored = round(4^N * 4/5) exactly, a handy cross-check;
 *   - the depth-first search goes very deep (depth ~ 0.75 x stored with
 *     merging): from N=9 on -m100000 is too small ("error: max search depth
 *     too small" -- the search is silently truncated, still errors: 0); we
 *     used -m10000000, and -m30000000 for N=12.  N=12 takes over a minute
 *     (~2.3 GB); N=11 is the largest size well under a minute.
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
