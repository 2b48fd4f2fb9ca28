/*
 * bakery.pml -- Lamport's bakery algorithm for N processes with bounded
 * tickets (scalable benchmark model).
 *
 * What it models:
 *   N processes loop forever: non-critical section, take a ticket, wait
 *   for their turn, critical section, return the ticket.  Taking a ticket
 *   means: raise choosing[i], read all tickets one at a time and take one
 *   more than the largest seen, lower choosing[i].  Process i may enter
 *   when, for every other j (checked one at a time, in order), j is not
 *   choosing and j has no ticket or a larger one (ties broken by pid).
 *
 *   Lamport's tickets are unbounded; here a process that would need a
 *   ticket above T gives up (lowers choosing[i] without a ticket) and
 *   starts again.  That keeps the state space finite and mutual exclusion
 *   intact (a process without a ticket never enters).
 *
 *   Set the size with  spin -DN=3 -DT=3 -a bakery.pml  (defaults N 2,
 *   T 3); the bench script prepends #define lines instead.
 *
 * Property checked:
 *   - mutual exclusion (a global counter of processes in the critical
 *     section is asserted to be 1 inside it);
 *   - no invalid end states (the processes never terminate).
 *
 * Expected SPIN result: no errors.  State counts: bench/README.md.
 */

#ifndef N
#define N 2                 /* number of processes               */
#endif
#ifndef T
#define T 3                 /* largest ticket number             */
#endif

bool choosing[N];
byte number[N];             /* 0: no ticket                      */
byte ncrit;                 /* processes in the critical section */

active [N] proctype P()
{
	byte j, max;

	do
	:: choosing[_pid] = true;
	   for (j : 0 .. N-1) {
		if
		:: number[j] > max -> max = number[j]
		:: else
		fi
	   }
	   if
	   :: max < T ->
		number[_pid] = max + 1;
		choosing[_pid] = false;
		for (j : 0 .. N-1) {
			(!choosing[j]);
			(number[j] == 0 || number[j] > number[_pid] ||
			 (number[j] == number[_pid] && j >= _pid))
		}
		ncrit++;
		assert(ncrit == 1);
		ncrit--;
		number[_pid] = 0
	   :: else ->           /* no ticket left: give up, retry */
		choosing[_pid] = false
	   fi;
	   j = 0; max = 0
	od
}
