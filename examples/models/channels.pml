/*
 * channels.pml -- a tour of Promela message passing.
 *
 * What it models:
 *   A Producer sends K numbered DATA messages, one urgent PRIO message and a
 *   final EOF to a Consumer over a buffered (asynchronous) channel `buf` of
 *   capacity CAP.  The Consumer takes PRIO out of the middle of the queue
 *   with a random receive, takes DATA in FIFO order, and when it sees EOF
 *   it acknowledges over a rendezvous (capacity 0) channel `hs`, telling the
 *   Producer how many DATA messages it received.  Before that, a sorted
 *   send (`!!`) fills a small channel `sorted` out of order, and the Consumer
 *   checks that it comes out in ascending order.
 *
 *   Operations used:
 *     c!e,e        send (FIFO append)        c!!e       sorted send
 *     c?v,v        receive (head)            c??v,v     random receive
 *     c?[m,_]      poll (no removal, no side effect)
 *     c??[m,_]     random poll
 *     c?<m,v>      copy receive (head stays in the channel)
 *     c?m,eval(v)  receive that must match the current value of v
 *     len, empty, full, nfull, nempty, mtype, printm, _ (write-only var)
 *
 * Property checked (assertions + end states):
 *   - sorted send yields 1,2,3 in order;
 *   - DATA messages arrive in order 0..K-1 and all of them arrive;
 *   - the buffer is empty after EOF;
 *   - no invalid end states: both processes terminate.
 *
 * Expected SPIN result:
 *   no errors (errors: 0).
 *
 *   SPIN 6.5.2 (-c0 -m100000): 424 states stored, 751
 *   transitions with statement merging; 478 / 853 with -o3;
 *   errors: 0.
 */

#define K    4          /* number of DATA messages          */
#define CAP  2          /* capacity of the buffered channel */

mtype = { DATA, PRIO, EOF, ACK };

chan buf    = [CAP] of { mtype, byte };   /* asynchronous, FIFO        */
chan sorted = [3]   of { byte };          /* filled with sorted send   */
chan hs     = [0]   of { mtype, byte };   /* rendezvous handshake      */

active proctype Producer()
{
	byte i, n;
	bool sent_prio = false;

	/* sorted send: each message is inserted in ascending order.
	 * (atomic, so the Consumer cannot drain in between and the
	 * assertion is about our own three messages) */
	atomic {
		sorted!!3; sorted!!1; sorted!!2;
		assert(full(sorted) && len(sorted) == 3)
	};

	do
	:: i < K && nfull(buf) ->            /* room in the buffer       */
		buf!DATA,i;
		i++
	:: i == 2 && !sent_prio && nfull(buf) ->
		buf!PRIO,99;                     /* an urgent message, once  */
		sent_prio = true
	:: i < K && full(buf) ->             /* buffer full: just wait   */
		nfull(buf)                       /* (blocks until room)      */
	:: i == K -> break
	od;

	buf!EOF,0;                           /* blocks while buf is full */
	hs?ACK,n;                            /* rendezvous with Consumer */
	assert(n == K)
}

active proctype Consumer()
{
	byte v, x, expect = 0;
	mtype kind;

	/* wait until all three sorted sends happened, then drain in order */
	full(sorted);
	sorted?v; assert(v == 1);
	sorted?v; assert(v == 2);
	sorted?v; assert(v == 3);
	assert(empty(sorted));

	do
	:: nempty(buf) ->
		if
		:: buf?[EOF,_] ->                 /* poll: EOF at the head?   */
			buf?EOF,_;                    /* now really remove it     */
			break
		:: buf??[PRIO,_] ->               /* PRIO anywhere in queue?  */
			buf??PRIO,x;                  /* take it out of the middle */
			kind = PRIO;
			printm(kind); printf(" %d\n", x);
			assert(x == 99)
		:: buf?<DATA,x> ->                /* copy the head, keep it   */
			assert(x == expect);
			buf?DATA,eval(x);             /* remove it: must match x  */
			expect++
		fi
	od;

	assert(empty(buf) && len(buf) == 0);
	hs!ACK,expect                        /* rendezvous: both move    */
}
