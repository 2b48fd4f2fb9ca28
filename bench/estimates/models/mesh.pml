/*
 * mesh.pml -- a line of cells that pass units to their neighbours (a
 * family for bench/estimates).
 *
 * N cells each hold 0..K-1 units; a cell with units may give one to its
 * right neighbour if that one has room, and the last cell may drop one;
 * the first cell may take one in from outside. Size: at most K^N states
 * times the cells' control locations.
 *
 *   bench/estimates: mesh.pml:N=5,K=4
 */
#ifndef N
#define N 5
#endif
#ifndef K
#define K 4
#endif

byte units[N];

active [N] proctype cell()
{
	do
	:: atomic { _pid == 0 && units[0] < K - 1 -> units[0]++ }
	:: atomic { _pid < N - 1 && units[_pid] > 0 && units[_pid + 1] < K - 1 -> units[_pid]--; units[_pid + 1]++ }
	:: atomic { _pid == N - 1 && units[_pid] > 0 -> units[_pid]-- }
	od
}
