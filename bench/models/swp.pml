/*
 * swp.pml -- go-back-N sliding window protocol over lossy channels
 * (scalable benchmark model).
 *
 * What it models:
 *   A Sender transfers M numbered messages 0..M-1 to a Receiver with a
 *   send window of W messages.  Sequence numbers are taken modulo S = W+1
 *   (the smallest modulus that works for go-back-N).  Data travels over a
 *   FIFO channel `data` of capacity C as (seq, message number); the
 *   Receiver answers every data message with a cumulative ack carrying the
 *   sequence number it expects next, over a FIFO channel `ack` of
 *   capacity C.  A Daemon may steal the head of either channel at any
 *   time (message loss).
 *
 *   Sender: may send the next message while fewer than W are
 *   unacknowledged; may go back to the oldest unacknowledged message at
 *   any time (an arbitrary, also premature, timeout); an ack for sequence
 *   number a acknowledges everything before the message whose sequence
 *   number is a.  Receiver: delivers a message when its sequence number is
 *   the expected one, drops it otherwise, and acks either way.
 *
 *   Set the size with  spin -DW=3 -DM=4 -DC=2 -a swp.pml  (defaults W 2,
 *   M 4, C 2); the bench script prepends #define lines instead, because
 *   gmc has no -D flag.
 *
 * Property checked:
 *   - the Receiver delivers 0, 1, ..., M-1 in order, each once;
 *   - an ack never acknowledges a message that was not sent yet;
 *   - when the Sender stops, all M messages have been delivered;
 *   - no invalid end states (Receiver and Daemon wait at end labels).
 *
 * Expected SPIN result: no errors.  State counts: bench/README.md.
 */

#ifndef W
#define W 2                 /* send window (messages in flight)   */
#endif
#ifndef M
#define M 4                 /* number of messages to transfer     */
#endif
#ifndef C
#define C 2                 /* capacity of each channel           */
#endif
#define S (W+1)             /* sequence numbers modulo S          */

chan data = [C] of { byte, byte };  /* seq, message number         */
chan ack  = [C] of { byte };        /* seq of next expected message */
byte delivered;                     /* messages delivered in order  */

active proctype Sender()
{
	byte base;              /* oldest unacknowledged message      */
	byte next;              /* next message to (re)send           */
	byte a, k;              /* ack received; messages it acks     */

	do
	:: base == M -> break
	:: next < M && next < base + W ->
		data!(next % S), next;
		next++
	:: next > base ->       /* timeout: go back N */
		next = base
	:: ack?a ->
		k = (a + S - base % S) % S;
		assert(base + k <= M);
		base = base + k;
		if
		:: next < base -> next = base
		:: else
		fi;
		a = 0; k = 0        /* dead values: fewer states */
	od;
	assert(delivered == M)
}

active proctype Receiver()
{
	byte s, n;              /* seq and number of a received message */

end:
	do
	:: data?s, n ->
		if
		:: s == delivered % S ->
			assert(n == delivered);
			delivered++
		:: else             /* out of order or duplicate: drop it */
		fi;
		ack!(delivered % S);
		s = 0; n = 0
	od
}

active proctype Daemon()
{
end:
	do
	:: data?_, _
	:: ack?_
	od
}
