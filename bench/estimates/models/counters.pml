/*
 * counters.pml -- processes sharing a counter under a lock (a family for
 * bench/estimates).
 *
 * N processes loop: take the lock (test and set), add their step to the
 * shared counter (mod K), release it, and count their own rounds (mod
 * L). Size: grows with K * L^N.
 *
 *   bench/estimates: counters.pml:N=3,K=8,L=4
 */
#ifndef N
#define N 3
#endif
#ifndef K
#define K 8
#endif
#ifndef L
#define L 4
#endif

bool lock = false;
byte count = 0;

active [N] proctype worker()
{
	byte rounds = 0;
	do
	:: atomic { !lock -> lock = true };
		count = (count + _pid + 1) % K;
		lock = false;
		rounds = (rounds + 1) % L
	:: rounds > 0 -> rounds = rounds - 1
	od
}
