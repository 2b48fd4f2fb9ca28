/*
 * processes.pml -- process creation and scheduling constructs.
 *
 * What it models:
 *   init starts NW Worker processes with `run`, passing each its number
 *   and a channel, and checks the _pid that `run` returns.  The workers take
 *   turns strictly round-robin: each proctype instance carries a `provided`
 *   clause, so a worker can only execute a step while it is its
 *   turn.  Every turn the worker sends (id, _pid) to a Server over a
 *   buffered channel.  The Server has a higher `priority` than everyone
 *   else: since SPIN 6.2 only the highest-priority enabled process may
 *   move, so the Server drains each message before any worker takes another
 *   step.  The Server loops forever at an `end` label (a valid end state);
 *   a Janitor waits forever for a signal that never comes at a label
 *   starting with "end" (`end_idle`), also valid.  init waits for its
 *   children with `_nr_pr`, checks the totals, starts the Janitor and
 *   ends.
 *
 *   Features: run with arguments (incl. a chan argument) and with a run-time
 *   priority, run's return value (the new _pid), _pid, _nr_pr, provided,
 *   proctype priority, end / end_xxx labels, active proctype.
 *
 * Property checked (assertions + end states):
 *   - run returns consecutive pids; _nr_pr counts the live processes;
 *   - workers execute only on their turn (provided), in round-robin order;
 *   - the Server (higher priority) always empties the channel before a
 *     worker runs again, so a worker never finds a message in it;
 *   - all NW * ROUNDS messages arrive; no invalid end states.
 *
 * Expected SPIN result:
 *   no errors (errors: 0).
 *   (Priorities need -DNOREDUCE and may not be combined with rendezvous
 *   channels.  With `spin -o6` (pre-6.2 priority rules) the priority
 *   annotation is ignored in verification and the `len(out) == 0`
 *   assertion fails.)
 *
 *   SPIN 6.5.2 (-c0 -m100000): 87 states stored, 97
 *   transitions, errors: 0; the same with and without -o3.
 */

#define NW      3           /* number of workers        */
#define ROUNDS  2           /* turns per worker         */
#define FIRST   2           /* _pid of the first worker */

chan q = [1] of { byte, byte };   /* worker id, worker _pid */
byte turn;                        /* turns taken so far; it is
                                   * worker (turn % NW)'s turn */
byte received;                    /* messages received      */
bool signal;                      /* never set              */

/* the Server is declared first: it gets _pid 0; init gets _pid 1 */
active proctype Server() priority 3
{
	byte id, wpid, expect;
end:
	do
	:: q?id,wpid ->
		assert(id == expect);              /* round-robin order     */
		assert(wpid == id + FIRST);        /* _pid of worker id      */
		expect = (expect + 1) % NW;
		received++
	od
}

/* A provided clause may use globals and _pid, but not the parameters or
 * local variables of the proctype ("invalid PROVIDED clause"); workers have
 * _pid FIRST.., so worker id has _pid FIRST + id.
 * The clause gates *every* step of the process, including leaving the loop
 * and terminating, so once all turns are used up it lets everybody run. */
#define DONE  (turn == NW * ROUNDS)

proctype Worker(byte id; chan out) provided (_pid == turn % NW + FIRST || DONE)
{
	byte r;

	do
	:: r < ROUNDS ->
		assert(turn % NW == id);           /* guaranteed by provided */
		assert(len(out) == 0);             /* Server drained it      */
		out!id,_pid;
		r++;
		turn++                             /* pass the turn on       */
	:: else -> break
	od
}

init
{
	byte i;
	pid p;

	assert(_pid == 1 && _nr_pr == 2);      /* Server and init */

	atomic {
		do
		:: i < NW ->
			p = run Worker(i, q) priority 1;   /* returns the new _pid */
			assert(p == i + FIRST);
			i++
		:: else -> break
		od;
		assert(_nr_pr == NW + 2)
	};

	/* Wait for the workers to terminate.  A terminated process is only
	 * removed (and _nr_pr decremented) once every process created after
	 * it is gone too, so this wait must come before the Janitor, which
	 * never terminates, is started. */
	_nr_pr == 2;
	assert(received == NW * ROUNDS && DONE);

	run Janitor();
	assert(_nr_pr == 3)                    /* Server, init, Janitor  */
}

proctype Janitor()
{
end_idle:
	signal                                 /* blocks forever, but this
	                                        * is a valid end state     */
}
