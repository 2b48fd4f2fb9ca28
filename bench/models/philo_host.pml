/*
 * philo_host.pml -- N dining philosophers with fork processes and a host,
 * all talking over rendezvous channels (scalable benchmark model).
 *
 * What it models:
 *   N philosophers sit at a round table with one fork between each pair
 *   of neighbours.  Each fork is a process that is handed out and taken
 *   back by rendezvous on its own channels (get[i], put[i]).  A host
 *   (butler) seats at most N-1 philosophers at a time, which rules out
 *   the classic deadlock where everybody holds the left fork.  A
 *   philosopher: asks the host for a seat, takes the left then the right
 *   fork, eats, puts both back and leaves the table.
 *
 *   Set the size with  spin -DN=5 -a philo_host.pml  (default N 4); the
 *   bench script prepends #define lines instead.
 *
 * Property checked:
 *   - two neighbours never eat at the same time (assertion while eating);
 *   - at most N-1 philosophers are seated (assertion in the host);
 *   - no invalid end states (no deadlock; forks and host wait at end
 *     labels).
 *
 * Expected SPIN result: no errors.  State counts: bench/README.md.
 */

#ifndef N
#define N 4                 /* philosophers (and forks), 2 .. 254 */
#endif
#define LEFT(i)   (i)
#define RIGHT(i)  (((i) + 1) % N)

chan get[N] = [0] of { byte };      /* fork i handed out to a pid  */
chan put[N] = [0] of { byte };      /* fork i given back           */
chan enter  = [0] of { byte };      /* ask the host for a seat     */
chan leave  = [0] of { byte };      /* tell the host you left      */
bit eating[N];

proctype Fork(byte i)
{
	byte who;
end:
	do
	:: get[i]?who ->
		put[i]?eval(who);   /* only the holder gives it back */
		who = 0
	od
}

proctype Host()
{
	byte seated, who;
end:
	do
	:: seated < N-1 -> enter?who; seated++; assert(seated < N); who = 0
	:: leave?who -> seated--; who = 0
	od
}

proctype Phil(byte i)
{
	do
	:: enter!_pid;
	   get[LEFT(i)]!_pid;
	   get[RIGHT(i)]!_pid;
	   eating[i] = 1;
	   assert(!eating[(i + N - 1) % N] && !eating[RIGHT(i)]);
	   eating[i] = 0;
	   put[RIGHT(i)]!_pid;
	   put[LEFT(i)]!_pid;
	   leave!_pid
	od
}

init
{
	byte i;
	atomic {
		run Host();
		for (i : 0 .. N-1) {
			run Fork(i);
			run Phil(i)
		}
		i = 0
	}
}
