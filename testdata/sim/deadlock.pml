/* both processes end up blocked with messages left in a buffered channel:
   simulation prints "timeout" and the final state; pan reports an invalid
   end state */
mtype = { ping, pong };
chan q = [3] of { mtype, byte };
chan r = [0] of { byte };
byte got;

active proctype Sender() {
	q!ping,1;
	q!pong,2;
	q!ping,3;
	r!9	/* nobody ever receives on r */
}

active proctype Receiver() {
	chan mine = [2] of { byte };
	mine!5;
	q?ping,got;
	printf("got %d\n", got);
	q?ping,got	/* blocks: pong is at the head */
}
