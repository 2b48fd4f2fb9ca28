/* one process: how -s/-r and -c show polls, ?<..> receives, random
   receives and sorted sends */
mtype = { a, b };
chan q = [4] of { mtype, byte };

active proctype P() {
	byte x;
	q!a,1;
	q!!b,2;
	q?<b,x>;
	q?[b,2] -> skip;
	q??a,x;
	x = len(q);
	q?_,x;
	printf("x = %d\n", x)
}
