/*
 * philosophers_fixed.pml -- dining philosophers without deadlock.
 *
 * What it models:
 *   The same table as philosophers.pml: N philosophers, N forks as shared
 *   bits, fork i between philosopher i (on its LEFT) and philosopher i+1
 *   (on its RIGHT).  The circular wait is broken by the classic
 *   asymmetric fix: philosophers 0..N-2 take the left fork first, the last
 *   philosopher (N-1) takes the right fork first.  Equivalently, everybody
 *   takes the lower-numbered of its two forks first (a global resource
 *   order), so a cycle of waiting philosophers cannot form.
 *
 * Property checked:
 *   - absence of invalid end states (no deadlock);
 *   - assertion: two neighbours never eat at the same time.
 *
 * Expected SPIN result:
 *   no errors (errors: 0).
 *
 *   SPIN 6.5.2 (-c0 -m100000): 4,352 states stored, 17,281
 *   transitions with statement merging; 31,104 / 139,681 with -o3;
 *   errors: 0.  (The difference: with merging, the local `if` that sets
 *   first/second is a single step; with -o3 it is three steps, which
 *   interleave with everybody else's moves.)
 */

#define N 5                       /* number of philosophers (and forks) */

#define LEFT  (_pid)              /* fork to my left                    */
#define RIGHT ((_pid + 1) % N)    /* fork to my right                   */

bit fork[N];                      /* 1 = fork is in somebody's hand     */
bit eating[N];                    /* 1 = philosopher i is eating        */

#define take(f)  atomic { fork[f] == 0 -> fork[f] = 1 }
#define drop(f)  fork[f] = 0

active [N] proctype Philosopher()
{
	byte first, second;

	/* the lower-numbered fork first: only philosopher N-1 is different,
	 * because its RIGHT fork is fork 0 */
	if
	:: _pid <  N - 1 -> first = LEFT;  second = RIGHT
	:: _pid == N - 1 -> first = RIGHT; second = LEFT
	fi;

	do
	:: /* think */
	   take(first);
	   take(second);

	   eating[_pid] = 1;
	   assert(!eating[(_pid + N - 1) % N] && !eating[(_pid + 1) % N]);
	   eating[_pid] = 0;

	   drop(second);
	   drop(first)
	od
}
