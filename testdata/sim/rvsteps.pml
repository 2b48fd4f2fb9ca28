/* after a rendezvous, a goto that follows the send or the receive is not a
   step; the .(goto) after an if is (see the seeded -p output) */
chan c = [0] of { byte };
byte x;

active proctype P() {
	c!1;
	goto L;
L:	x = 1;
	c!2;
	if :: x == 1 fi;
	x = 2
}

active proctype Q() {
	byte y;
	c?y;
	c?y;
	goto M;
M:	y = 3
}
