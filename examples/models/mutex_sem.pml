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
 * Measured state counts: see COUNTS.md.
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
