/*
 * peterson_n.pml -- Peterson's filter lock for N processes (scalable).
 *
 * What it models:
 *   The generalisation of Peterson's algorithm to N processes (the "filter
 *   lock", Peterson 1981; Herlihy & Shavit ch. 2).  There are N-1 waiting
 *   rooms (levels 1..N-1).  To enter the critical section, process i climbs
 *   the levels one by one; at level L it announces level[i] = L, makes
 *   itself the victim of that level, and waits until either somebody else
 *   has become the victim of level L, or no other process is at level L or
 *   above.  At most N-L processes can get past level L, so at most one
 *   reaches the critical section.
 *
 *   The "no other process at level >= L" test is not atomic: the waiting
 *   process scans the other processes one at a time (k = 0..N-1), each
 *   step reading a single shared variable, and may leave the waiting loop
 *   as soon as it sees victim[L] != i (once another process has overwritten
 *   victim[L], only i itself could set it back).
 *
 *   Set the size with  spin -DN=3 -a peterson_n.pml  (default N 3).
 *
 * Property checked:
 *   - mutual exclusion: a global counter ncrit of processes in the critical
 *     section is asserted to be 1 inside it;
 *   - no invalid end states (the processes never terminate, none blocks
 *     forever in all of them).
 *
 * Expected SPIN result: no errors (errors: 0).
 *
 * Measured with SPIN 6.5.2:  spin [-o3] -DX=.. -a; cc -DNOREDUCE -DSAFETY
 * -DNOCLAIM -DVECTORSZ=4096 -O2; ./pan -c0 -mDEPTH (full table: COUNTS.md).
 *
 *     N    stored (merge)  transitions   stored (-o3)  transitions  pan time
 *     2           368            699           504            971    0 s
 *     3        43,449        121,770        58,968        167,054    0.04 s
 *     4    10,010,608     37,295,473    13,041,016     48,886,509    14-21 s
 *
 *   N=4 needs -m10000000 (DFS depth 1.1-1.7 million); N=5 is out of reach.
 */

#ifndef N
#define N 3                 /* number of processes, 2 .. 255 */
#endif

byte level[N];              /* level[i]: waiting room of process i (0 = out) */
byte victim[N];             /* victim[L], L in 1..N-1 (victim[0] unused)     */
byte ncrit;                 /* processes in the critical section             */

active [N] proctype P()
{
	byte L, k;

	do
	:: /* non-critical section; then try to enter */
	   L = 1;
	   do
	   :: L < N ->
		level[_pid] = L;
		victim[L] = _pid;
		/* wait: victim[L] != me, or nobody else at level >= L */
		k = 0;
		do
		:: victim[L] != _pid -> break
		:: k == N -> break
		:: k < N && (k == _pid || level[k] < L) -> k++
		od;
		L++
	   :: else -> break
	   od;

	   /* critical section */
	   ncrit++;
	   assert(ncrit == 1);
	   ncrit--;

	   level[_pid] = 0;
	   L = 0; k = 0             /* reset locals: fewer states */
	od
}
