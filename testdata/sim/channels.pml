/* a buffered channel and a rendezvous channel between two processes;
   the assertion at the end fails, so pan writes a trail */
mtype = { req, ack };
chan buf = [2] of { mtype, byte };
chan rv = [0] of { byte };

active proctype Client() {
	byte v;
	buf!req,7;
	buf!req,8;
	rv?v;
	printf("client got %d\n", v);
	assert(v == 0)
}

active proctype Server() {
	byte a, b;
	buf?req,a;
	buf?req,b;
	rv!a+b;
	buf?ack,_	/* never comes: the server stays blocked here */
}
