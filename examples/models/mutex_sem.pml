/*
 * mutex_sem.pml -- N processes sharing a counting semaphore (scalable).
 *
 * What it models:
 *   A Dijkstra semaphore built from Promela primitives:
 *       P(s):  atomic { s > 0 -> s-- }   -- wait until positive, take
 *       V(s):  s++                        -- release
 *   The test-and-decrement must be atomic: the guard and the decrement
 *   form one indivisible step, and a process blocks on the guard while
 *   the semaphore is 0.  N processes loop forever: non-critical section,
 *   P, critical section, V; each process publishes what it is doing
 *   (idle, trying, critical) in a global mtype array, so that the waiting
 *   processes are visible in the state and the state space grows
 *   exponentially with N.  The semaphore starts at K (default 1, a plain
 *   mutex); a global counter `incs` counts the processes inside.
 *
 *   Set the size with  spin -DN=8 -DK=2 -a mutex_sem.pml  (defaults N 4,
 *   K 1).
 *
 * Property checked:
 *   - at most K processes in the critical section (assert incs <= K,
 *     checked by every process inside), and the semaphore value plus the
 *     number of processes holding it is always K;
 *   - no invalid end states (no deadlock).
 *
 * Expected SPIN result: no errors (errors: 0).
 *
 * Measured with SPIN 6.5.2:  spin [-o3] -DX=.. -a; cc -DNOREDUCE -DSAFETY
 * -DNOCLAIM -DVECTORSZ=4096 -O2; ./pan -c0 -mDEPTH (full table: COUNTS.md).
 *
 *     N  K    stored        transitions   (merge on = merge off)     pan time
 *     4  1          729          2,269                                 0 s
 *     8  1      111,537        647,353                                 0.1 s
 *    10  1    1,240,029      8,857,351                                 2.5-4 s
 *    12  1   13,286,025    112,665,493                                 65-69 s
 *     8  2      846,369      5,301,289                                 1.7 s
 *
 *   Merging changes nothing here (no local statements).  N >= 10 and
 *   N=8 K=2 need -m10000000 (DFS depth 0.23-2.8 million).  N=12 is just
 *   over a minute; N=11 has 4,074,381 states (13 s).
 */

#ifndef N
#define N 4                 /* number of processes                  */
#endif
#ifndef K
#define K 1                 /* initial semaphore value (permits)    */
#endif

mtype = { idle, trying, critical };

byte  sem = K;              /* the semaphore                        */
byte  incs;                 /* processes in the critical section    */
byte  holders;              /* processes between P and V            */
mtype state[N] = idle;      /* what each process is doing           */

inline P(s) { atomic { s > 0 -> s--; holders++ } }
inline V(s) { atomic { holders--; s++ } }

active [N] proctype User()
{
	do
	:: state[_pid] = trying;            /* leave the non-critical section */
	   P(sem);                          /* may block here                 */
	   state[_pid] = critical;
	   incs++;                          /* critical section: enter        */
	   assert(incs <= K);
	   assert(sem + holders == K);
	   incs--;                          /* leave                          */
	   V(sem);
	   state[_pid] = idle               /* back to the non-critical part  */
	od
}
