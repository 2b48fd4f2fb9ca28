/*
 * atomic.pml -- atomic sequences and d_step.
 *
 * What it models:
 *   Four small scenes in one model, all running concurrently:
 *
 *   1. Two Incr processes do a read-modify-write of a shared counter inside
 *      `atomic`, so no update is lost (without atomic the final value
 *      could be 1).
 *   2. A Waiter enters an atomic sequence that BLOCKS midway.  An atomic
 *      sequence is only indivisible while it can proceed: when it blocks,
 *      other processes run and can see the intermediate state (x == 1);
 *      when it becomes executable again it continues, atomically, from
 *      where it stopped.  The Helper can only make progress by seeing that
 *      intermediate state, so the model terminates *because* the atomic
 *      sequence lost atomicity.
 *   3. A Sorter first picks 3 values nondeterministically (plain if with
 *      several open branches), then sorts them with a bubble sort written
 *      as nested do-loops and an if, all inside one `d_step`: the whole
 *      sort is a single transition, no intermediate state is stored, and
 *      the loop must be deterministic (d_step resolves nondeterminism by
 *      always taking the first executable branch and must not block after
 *      its first statement).
 *   4. An Observer executes one assertion at an arbitrary point of the
 *      interleaving; it never sees `busy`, which is only true inside the
 *      (non-blocking) atomic and d_step sequences.
 *
 * Property checked (assertions + end states):
 *   - counter == 2 at the end; Helper observes x == 1 then x == 2;
 *   - the array is sorted after the d_step;
 *   - the Observer never sees busy == true;
 *   - no invalid end states.
 *
 * Expected SPIN result:
 *   no errors (errors: 0).
 *
 *   SPIN 6.5.2 (-c0 -m100000): 16,652 states stored, 59,015
 *   transitions, errors: 0; the same with and without -o3.
 */

#define N 3                 /* array size for the Sorter */

byte counter;               /* scene 1 */
byte x; bool ready;         /* scene 2 */
byte a[N];                  /* scene 3 */
bool busy;                  /* scene 4: true only inside atomic/d_step */

/* init is declared first so that it gets _pid 0: a terminated process is
 * only removed (and _nr_pr decremented) when no process with a higher
 * _pid is still alive, so an init with the highest _pid would wait for
 * `_nr_pr == 1` forever. */
init
{
	_nr_pr == 1;            /* wait until all other processes are gone */
	assert(counter == 2 && x == 2)
}

active [2] proctype Incr()
{
	byte tmp;
	atomic {                /* indivisible read-modify-write          */
		busy = true;
		tmp = counter;
		tmp++;
		counter = tmp;
		tmp = 0;            /* reset: keeps the state space small     */
		busy = false
	}
}

active proctype Waiter()
{
	atomic {
		x = 1;
		ready;              /* blocks here: atomicity is lost ...     */
		x = 2               /* ... and regained when ready becomes 1  */
	}
}

active proctype Helper()
{
	x == 1;                 /* only possible inside Waiter's atomic    */
	ready = true;
	x == 2                  /* Waiter finished its atomic sequence     */
}

active proctype Sorter()
{
	byte i, j, t;

	/* nondeterministic input: every a[i] in 0..2 */
	do
	:: i < N ->
		if
		:: a[i] = 0
		:: a[i] = 1
		:: a[i] = 2
		fi;
		i++
	:: else -> break
	od;
	i = 0;                  /* a statement between the loop and the
	                         * d_step is needed: spin rejects a `break`
	                         * whose target is the first statement of a
	                         * d_step ("jump into d_step sequence")   */

	d_step {                /* one indivisible, deterministic step    */
		busy = true;
		do
		:: i < N - 1 ->
			j = 0;
			do
			:: j < N - 1 - i ->
				if
				:: a[j] > a[j+1] ->
					t = a[j]; a[j] = a[j+1]; a[j+1] = t
				:: else -> skip
				fi;
				j++
			:: else -> break
			od;
			i++
		:: else -> break
		od;
		i = 0; j = 0; t = 0;
		busy = false
	};

	/* check the result (a loop of assertions, outside the d_step) */
	do
	:: i < N - 1 -> assert(a[i] <= a[i+1]); i++
	:: else -> break
	od
}

active proctype Observer()
{
	assert(!busy)           /* may run at any point of the interleaving */
}
