/*
 * bugs.pml -- a published mutual exclusion algorithm that is wrong.
 *
 * What it models:
 *   Hyman's algorithm (H. Hyman, "Comments on a problem in concurrent
 *   programming control", CACM 9(1), 1966), proposed as a simplification
 *   of Dekker's algorithm and shown incorrect by Knuth shortly after.
 *   Two processes share flags and a turn variable:
 *
 *       flag[i] = true;
 *       while (turn != i) {
 *           await !flag[1-i];
 *           turn = i;
 *       }
 *       critical section
 *       flag[i] = false;
 *
 *   The while loop is modelled with a do-loop; the "await" is a blocking
 *   expression statement.
 *
 * Property checked:
 *   - mutual exclusion: assertion that at most one process is in its
 *     critical section (global counter ncrit).
 *
 * Expected SPIN result:
 *   assertion violated (ncrit<=1).  The plain search stops at the first
 *   error (errors: 1, found at depth 25); with -c0 it continues and reports
 *   8 violations in 96 states.  The bug needs a specific interleaving: with
 *   turn == 0 initially, process 1 raises its flag, sees flag[0] low and is
 *   pre-empted *just before* setting turn = 1; process 0 then raises its
 *   flag, finds turn == 0 and enters; process 1 resumes, sets turn = 1,
 *   leaves the loop and enters as well.  A breadth-first search
 *   (cc -DBFS) finds the shortest counterexample: 9 steps plus the failing
 *   assertion.  Replay the trail with:  spin -t -p bugs.pml
 *
 *   SPIN 6.5.2 (-c0 -m100000): 96 states stored, 183
 *   transitions, errors: 8; the same with and without -o3.
 */

bool flag[2];          /* flag[i]: process i wants to enter          */
byte turn;             /* initially 0                                */
byte ncrit;            /* processes in the critical section          */

active [2] proctype P()
{
	byte me = _pid, other = 1 - _pid;

	do
	:: flag[me] = true;
	   do                                  /* while (turn != me)    */
	   :: turn == me -> break
	   :: else ->
	      !flag[other];                    /*   await !flag[other]  */
	      turn = me                        /*   (the race is here)  */
	   od;

	   /* critical section */
	   ncrit++;
	   assert(ncrit <= 1);                 /* mutual exclusion      */
	   ncrit--;

	   flag[me] = false
	od
}
