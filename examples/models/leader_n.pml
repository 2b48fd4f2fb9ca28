/*
 * leader_n.pml -- Chang-Roberts leader election on a ring (scalable).
 *
 * What it models:
 *   N nodes on a unidirectional ring; node i receives from channel q[i] and
 *   sends to q[(i+1) % N].  The channels are buffered (capacity C).  Each
 *   node has a distinct identity; identities are assigned so that they
 *   DEcrease along the direction of the ring (node i has id N - i), which
 *   is the worst case for Chang-Roberts: n(n+1)/2 candidate messages.
 *
 *   Chang & Roberts (CACM 22(5), 1979): every node sends its own id as a
 *   candidate.  A node forwards a candidate larger than its own id and
 *   swallows a smaller one.  A node that receives its own id back knows it
 *   has the largest id: it declares itself leader and sends an `elected`
 *   message around the ring; every node records the leader, forwards the
 *   message (except the leader itself) and stops.
 *
 *   Set the size with  spin -DN=4 -DC=2 -a leader_n.pml  (defaults N 3,
 *   C N).  With C < N a send may block until the next node has received;
 *   the algorithm still works, with fewer interleavings.
 *
 * Property checked:
 *   - exactly one leader: nr_leaders is asserted to be 1 when a node
 *     declares itself leader, and init asserts nr_leaders == 1 at the end;
 *   - the leader has the maximum id N and every node learns that id;
 *   - all channels are empty at the end; no invalid end states (all nodes
 *     terminate).
 *
 * Expected SPIN result: no errors (errors: 0).
 *
 * Measured with SPIN 6.5.2:  spin [-o3] -DX=.. -a; cc -DNOREDUCE -DSAFETY
 * -DNOCLAIM -DVECTORSZ=4096 -O2; ./pan -c0 -mDEPTH (full table: COUNTS.md).
 *
 *     N  C   stored (merge)  transitions  stored (-o3)  transitions  pan time
 *     3  3          288            611          340            741    0 s
 *     6  6      146,611        680,908      186,899        874,076    0.4 s
 *     7  7    1,392,828      7,575,193    1,779,708      9,733,721    5-7 s
 *     8  2    9,928,949     61,898,662   12,861,765     80,609,190   33-46 s
 *
 *   (N=8 with C=8: 13,578,821 states, about 100 s.)  The search is shallow
 *   (depth < 300), -m100000 is plenty.
 */

#ifndef N
#define N 3                  /* number of nodes                     */
#endif
#ifndef C
#define C N                  /* capacity of each ring channel       */
#endif

#define ID(i)  (N - (i))     /* identity of node i: N, N-1, ..., 1  */

mtype = { candidate, elected };

chan q[N] = [C] of { mtype, byte };

byte nr_leaders;             /* nodes that declared themselves leader */
byte leader[N];              /* leader id as learnt by node i         */

proctype node(byte i; chan in, out)
{
	byte m;

	out!candidate(ID(i));
	do
	:: in?candidate(m) ->
		if
		:: m > ID(i) -> out!candidate(m)     /* forward a larger id  */
		:: m < ID(i) -> skip                 /* swallow smaller ones */
		:: m == ID(i) ->                     /* my own id came back  */
			nr_leaders++;
			assert(nr_leaders == 1);
			assert(ID(i) == N);
			out!elected(m)
		fi;
		m = 0
	:: in?elected(m) ->
		leader[i] = m;
		if
		:: m != ID(i) -> out!elected(m)      /* pass the news on     */
		:: else                              /* it went round: done  */
		fi;
		break
	od
}

init
{
	byte i;

	atomic {
		for (i : 0 .. N - 1) {
			run node(i, q[i], q[(i + 1) % N])
		};
		i = 0
	};

	_nr_pr == 1;            /* wait for all nodes to terminate */

	assert(nr_leaders == 1);
	for (i : 0 .. N - 1) {
		assert(leader[i] == N);
		assert(len(q[i]) == 0)
	}
}
