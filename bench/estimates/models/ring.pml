/*
 * ring.pml -- a token ring with counters (a family for bench/estimates).
 *
 * N nodes pass a token around a ring; the node holding it may count its
 * local counter up (mod K) or down, then passes the token on, or may keep
 * it and count again. Size: about N * K^N states.
 *
 *   gmc run -DN=4 -DK=6 ring.pml     (bench/estimates: ring.pml:N=4,K=6)
 */
#ifndef N
#define N 4
#endif
#ifndef K
#define K 5
#endif

byte turn = 0;

active [N] proctype node()
{
	byte c = 0;
	do
	:: turn == _pid -> c = (c + 1) % K; turn = (turn + 1) % N
	:: turn == _pid && c > 0 -> c = c - 1
	:: turn == _pid && c == 0 -> turn = (turn + 1) % N
	od
}
