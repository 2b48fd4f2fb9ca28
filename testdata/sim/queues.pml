/* queue numbers in simulation: a local channel gets its queue when its
   process is created, a global one when it is first evaluated (here c
   before b, and a never); all elements of a channel array at once */
chan a = [1] of { byte };
chan b = [2] of { byte };
chan c = [1] of { byte };
chan d[2] = [1] of { byte };

active proctype P() {
	chan l = [1] of { int };
	byte x;
	c!1;
	printf("b is queue %d, d[1] is queue %d, l is queue %d\n", b, d[1], l);
	b!2;
	b!3;
	b?x;
	assert(false)
}
