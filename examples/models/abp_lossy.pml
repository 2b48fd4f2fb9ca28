/*
 * abp_lossy.pml -- alternating bit protocol over lossy channels (scalable).
 *
 * What it models:
 *   A Sender transfers M numbered messages 0..M-1 to a Receiver over a
 *   FIFO channel `toR` of capacity C; the Receiver acknowledges over a FIFO
 *   channel `toS` of capacity C.  Both channels are lossy: a Daemon process
 *   may steal the message at the head of either channel at any time.
 *
 *   Sender: sends (n, b) where b is the alternating bit, and retransmits
 *   whenever it likes (this models arbitrary, also premature, timeouts; the
 *   bounded channel throttles it).  An ack carrying b moves it on to the
 *   next message with the other bit; an ack with the old bit is ignored.
 *   Receiver: a message with the expected bit is new: it is delivered and
 *   the expected bit flips; a message with the other bit is a duplicate.
 *   Either way the received bit is acknowledged.
 *
 *   Set the size with  spin -DM=4 -DC=2 -a abp_lossy.pml  (defaults M 3,
 *   C 2).  M (messages) makes the state space grow roughly linearly, C
 *   (channel capacity) much faster.
 *
 * Property checked:
 *   - the Receiver delivers exactly the messages 0, 1, ..., M-1, in order,
 *     each once (assertion on every delivery; duplicates are recognised);
 *   - when the Sender has finished, all M messages have been delivered;
 *   - no invalid end states: the Sender terminates; the Receiver and the
 *     Daemon wait at `end` labels.
 *
 * Expected SPIN result: no errors (errors: 0).
 *
 * Measured with SPIN 6.5.2:  spin [-o3] -DX=.. -a; cc -DNOREDUCE -DSAFETY
 * -DNOCLAIM -DVECTORSZ=4096 -O2; ./pan -c0 -mDEPTH (full table: COUNTS.md).
 *
 *     M   C   stored (merge)  transitions  stored (-o3)  transitions  pan time
 *     3   2        1,510          4,970         2,169          7,159    0 s
 *    10  10      220,986        892,751       286,205      1,154,603    0.3 s
 *    50  10    1,189,786      4,810,951     1,534,925      6,198,963    2-3 s
 *    20  30    9,519,946     39,796,381    12,050,625     50,350,593   30-32 s
 *
 *   The search is shallow enough for -m100000 at all these sizes.
 */

#ifndef M
#define M 3                 /* number of messages to transfer  */
#endif
#ifndef C
#define C 2                 /* capacity of each channel        */
#endif

chan toR = [C] of { byte, bit };   /* data: message number, seq bit */
chan toS = [C] of { bit };         /* acks: the seq bit received    */

byte delivered;                    /* messages delivered, in order  */

active proctype Sender()
{
	byte n;                        /* current message               */
	bit  b, a;                     /* its bit; ack received         */

	do
	:: n < M ->
		if
		:: toR!n,b                 /* (re)transmit current message  */
		:: toS?a ->
			if
			:: a == b ->           /* acknowledged: next message    */
				n++;
				b = 1 - b
			:: else                /* stale ack: ignore             */
			fi;
			a = 0
		fi
	:: else -> break
	od;
	assert(delivered == M)
}

active proctype Receiver()
{
	byte d;
	bit  b, e;                     /* received bit, expected bit    */

end:
	do
	:: toR?d,b ->
		if
		:: b == e ->               /* new message: deliver it       */
			assert(d == delivered && d < M);
			delivered++;
			e = 1 - e
		:: else                    /* duplicate: do not deliver     */
		fi;
		toS!b;                     /* acknowledge what we received  */
		d = 0; b = 0
	od
}

active proctype Daemon()           /* the lossy medium              */
{
end:
	do
	:: toR?_,_                     /* lose a data message           */
	:: toS?_                       /* lose an acknowledgement       */
	od
}
