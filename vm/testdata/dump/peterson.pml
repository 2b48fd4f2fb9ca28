/*
 * peterson.pml -- Peterson's mutual exclusion algorithm for 2 processes.
 *
 * What it models:
 *   Two processes (pids 0 and 1) repeatedly enter and leave a critical
 *   section using Peterson's algorithm (1981): each announces its interest
 *   in flag[i], politely gives the turn to the other, and waits until the
 *   other is not interested or it is its own turn.
 *
 * Property checked:
 *   - mutual exclusion: a global counter `ncrit` of processes inside the
 *     critical section is incremented on entry, decremented on exit, and
 *     asserted to be exactly 1 while inside;
 *   - absence of invalid end states (the processes loop forever, so
 *     there are no end states at all; no deadlock is possible).
 *
 * Expected SPIN result:
 *   no errors (errors: 0).
 *
 *   SPIN 6.5.2 (-c0 -m100000): 38 states stored, 65
 *   transitions, errors: 0; the same with and without -o3.
 */

bool flag[2];          /* flag[i]: process i wants to enter             */
byte turn;             /* whose turn it is to wait (0 or 1)             */
byte ncrit;            /* number of processes in the critical section   */

active [2] proctype user()
{
	byte other = 1 - _pid;

	do
	:: flag[_pid] = true;          /* I am interested            */
	   turn = other;               /* but you go first           */
	   (flag[other] == false || turn == _pid);   /* wait         */

	   /* critical section */
	   ncrit++;
	   assert(ncrit == 1);
	   ncrit--;

	   flag[_pid] = false          /* leave; then the non-critical section */
	od
}
